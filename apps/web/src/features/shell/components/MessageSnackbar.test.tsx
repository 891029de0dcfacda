import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showSuccess } from '../../../lib/snackbar';
import { useAppStore } from '../../../lib/store';
import { MessageSnackbar } from './MessageSnackbar';

describe('the message snackbar', () => {
  it('has its live region in the page before the first message, and puts the message inside it', {
    timeout: 30_000,
  }, async () => {
    render(<MessageSnackbar />);
    const region = screen.getByTestId('message-live-region');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.childElementCount).toBe(0);
    act(() => showSuccess('Opening saved'));
    const message = await screen.findByText('Opening saved', {}, { timeout: 15_000 });
    expect(region.contains(message)).toBe(true);
    expect(useAppStore.getState().snackbar.visible).toBe(true);
  });
});
