import {
  type FeedOpening,
  POLICY_ACCEPTING_NOTES,
  POLICY_REFUSAL_MESSAGES,
  type PolicyVerdict,
  type PublicOpening,
} from '@placely/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OneClickApplyDialog } from './OneClickApplyDialog';

let form: PublicOpening;
vi.mock('../api/getApplyForm', () => ({
  useApplyForm: () => ({ isPending: false, isError: false, data: form }),
}));
const submit = vi.fn();
vi.mock('../useSubmitApplication', () => ({ useSubmitApplication: () => ({ phase: 'idle', submit }) }));

const OPENING = '00000000-0000-4000-8000-000000000001';
const feedOpening: FeedOpening = {
  id: OPENING,
  title: 'Support engineer',
  kind: 'fullTime',
  organization: { name: 'Acme', logoUrl: null, website: null },
  locations: ['Pune'],
  remote: false,
  deadline: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  applyMode: 'form',
  oneClick: true,
  eligible: true,
};

const verdict = (changes: Partial<PolicyVerdict>): PolicyVerdict => ({
  cycleId: 'c1',
  cycleName: 'Final placements 2026–27',
  openingId: OPENING,
  allowed: true,
  refusals: [],
  waived: [],
  rules: [{ kind: 'ctcTiers', label: 'Tiers by CTC', description: 'Openings are grouped in tiers by CTC.' }],
  acceptingNote: null,
  ...changes,
});

function opening(placementPolicy?: PolicyVerdict): PublicOpening {
  return {
    ...(feedOpening as unknown as PublicOpening),
    form: {
      sections: [
        {
          id: 'basics',
          title: 'Basics',
          fields: [{ id: 'name', type: 'shortText', label: 'Full name', required: true }],
        },
      ],
    } as PublicOpening['form'],
    blocker: null,
    viewer: {
      eligible: true,
      failedRules: [],
      application: null,
      stageLabel: null,
      draft: null,
      prefill: { name: 'Asha Verma' },
      ...(placementPolicy ? { placementPolicy } : {}),
    },
  };
}

function renderDialog() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <OneClickApplyDialog opening={feedOpening} userId={9} onClose={() => undefined} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog', { name: 'Apply to Support engineer?' });
}

afterEach(cleanup);

describe('OneClickApplyDialog', { timeout: 30_000 }, () => {
  it('a placement policy refusal is shown before anything is sent, and there is nothing to send', async () => {
    const message = POLICY_REFUSAL_MESSAGES.tierNotHigher('A', 'B');
    form = opening(verdict({ allowed: false, refusals: [{ rule: 'ctcTiers', label: 'Tiers by CTC', message }] }));
    const dialog = renderDialog();
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal.textContent).toContain('The placement policy does not let you apply to this opening');
    expect(refusal.textContent).toContain(`Tiers by CTC: ${message}`);
    expect(within(dialog).queryByRole('group', { name: 'What will be sent' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Send application' })).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Open the form' })).toBeTruthy();
  });

  it('an allowed verdict with its note sits above what will be sent', async () => {
    const note = `${POLICY_ACCEPTING_NOTES.inTier('Dream')} ${POLICY_ACCEPTING_NOTES.noMoreApplying()}`;
    form = opening(verdict({ acceptingNote: { tier: 'Dream', message: note } }));
    const dialog = renderDialog();
    expect(await within(dialog).findByText(note)).toBeTruthy();
    expect(within(dialog).getByRole('group', { name: 'What will be sent' }).textContent).toContain('Asha Verma');
    expect(within(dialog).getByRole('button', { name: 'Send application' })).toBeTruthy();
  });

  it('an opening outside any cycle shows no policy', () => {
    form = opening();
    const dialog = renderDialog();
    expect(within(dialog).queryByRole('status')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Send application' })).toBeTruthy();
  });
});
