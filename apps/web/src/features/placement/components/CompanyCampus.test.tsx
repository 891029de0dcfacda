import type { Institution } from '@placely/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompanyCycles } from '../api/getCompanyCycles';
import { CompanyCampus } from './CompanyCampus';

type CompanyCycle = CompanyCycles['items'][number];

const LAKEVIEW: Institution = {
  institutionId: 7,
  name: 'Lakeview College',
  city: 'Bhopal',
  website: null,
  domain: 'lakeview.edu',
};
const cycle = (cycleId: string, name: string, registration: CompanyCycle['registration']): CompanyCycle => ({
  cycleId,
  name,
  kind: 'jobs',
  institutionId: LAKEVIEW.institutionId,
  institutionName: LAKEVIEW.name,
  startsOn: '2026-07-01',
  endsOn: '2027-06-30',
  status: 'active',
  registration,
});
const FINALS = cycle('00000000-0000-4000-8000-0000000000c1', 'Final placements 2026–27', null);
const SUMMER = cycle('00000000-0000-4000-8000-0000000000c2', 'Summer internships 2027', 'requested');

/** The cycles each request asked for: null is the company's own list, a number an institution's open cycles. */
const asked: Array<number | null> = [];
const register = vi.fn();

vi.mock('../api/getCompanyCycles', () => ({
  useCompanyCycles: (institutionId: number | null = null) => {
    asked.push(institutionId);
    const items = institutionId === null ? [SUMMER] : institutionId === LAKEVIEW.institutionId ? [FINALS, SUMMER] : [];
    return { isPending: false, isError: false, data: { items } };
  },
}));
vi.mock('../../institution/api/getInstitutions', () => ({
  useInstitutions: () => ({ data: [LAKEVIEW], isFetching: false }),
}));
vi.mock('../api/registerCompany', () => ({ useRegisterCompany: () => ({ mutate: register, isPending: false }) }));

afterEach(() => {
  cleanup();
  asked.length = 0;
  register.mockReset();
});

// MUI's Autocomplete renders slowly in jsdom: on a busy machine past vitest's 5 s default.
describe('CompanyCampus', { timeout: 30_000 }, () => {
  it('finds a college’s open cycles the company is not in yet, and asks to recruit in one', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <CompanyCampus />
      </QueryClientProvider>,
    );
    // Its own list: the cycle it already asked for.
    const own = screen.getByRole('list', { name: 'Your campus cycles' });
    expect(within(own).getByText('Asked to recruit. The placement cell will review it.')).toBeTruthy();
    expect(asked.every((institutionId) => institutionId === null)).toBe(true);

    const college = screen.getByRole('combobox', { name: 'College' });
    await act(async () => {
      fireEvent.change(college, { target: { value: 'Lakeview' } });
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('option', { name: 'Lakeview College' }));
    });
    expect(asked.at(-1)).toBe(LAKEVIEW.institutionId);
    // Only the cycle it is not in: the one it asked for stays in its own list, once.
    const found = screen.getByRole('list', { name: 'Open cycles of Lakeview College' });
    expect(within(found).getAllByRole('listitem')).toHaveLength(1);
    expect(within(found).getByText('Final placements 2026–27')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(found).getByRole('button', { name: 'Ask to recruit' }));
    });
    expect(register).toHaveBeenCalledWith({ cycleId: FINALS.cycleId }, expect.anything());
  });
});
