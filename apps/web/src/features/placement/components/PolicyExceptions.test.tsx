import { type CyclePolicyView, POLICY_RULE_KINDS, POLICY_RULE_LABELS, type PolicyException } from '@placely/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RevokeExceptionBody } from '../api/revokePolicyException';
import { PolicyPanel } from './PolicyPanel';

const CYCLE_ID = '00000000-0000-4000-8000-0000000000c1';
const EXCEPTION_ID = '00000000-0000-4000-8000-0000000000e1';

let policy: CyclePolicyView;
let exceptions: PolicyException[];
const revoked: RevokeExceptionBody[] = [];
vi.mock('../api/getPolicy', () => ({ usePolicy: () => ({ isPending: false, isError: false, data: policy }) }));
vi.mock('../api/getPolicyExceptions', () => ({
  usePolicyExceptions: () => ({ isPending: false, isError: false, data: { items: exceptions } }),
}));
vi.mock('../api/revokePolicyException', () => ({
  useRevokePolicyException: () => ({
    isPending: false,
    mutateAsync: async (body: RevokeExceptionBody) => {
      revoked.push(body);
      return { data: exceptions[0], message: 'Exception revoked' };
    },
  }),
}));

const view = (abilities: CyclePolicyView['abilities']): CyclePolicyView => ({
  cycleId: CYCLE_ID,
  rules: [
    { kind: 'ctcTiers', label: 'Tiers by CTC', description: 'Openings are grouped in tiers by CTC.', params: {} },
  ],
  kinds: POLICY_RULE_KINDS.map((kind) => ({ kind, label: POLICY_RULE_LABELS[kind] })),
  abilities,
});
const exception = (changes: Partial<PolicyException> = {}): PolicyException => ({
  id: EXCEPTION_ID,
  enrolmentId: '00000000-0000-4000-8000-0000000000a1',
  studentName: 'Ravi Kumar',
  studentEmail: 'ravi@example.com',
  ruleKind: 'ctcTiers',
  ruleLabel: 'Tiers by CTC',
  openingId: null,
  openingTitle: null,
  reason: 'Joined late after a medical leave',
  grantedBy: 'Rhea Placements',
  createdAt: '2026-09-01T10:00:00.000Z',
  revoked: null,
  abilities: { revoke: true },
  ...changes,
});

function renderPanel() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PolicyPanel cycleId={CYCLE_ID} />
    </QueryClientProvider>,
  );
  return screen.getByRole('list', { name: 'Exceptions granted' });
}

afterEach(() => {
  cleanup();
  revoked.length = 0;
});

describe('the policy’s exceptions', { timeout: 30_000 }, () => {
  it('revokes one after the reason is given in the confirmation', async () => {
    policy = view({ edit: false, grantExceptions: true });
    exceptions = [exception()];
    const list = renderPanel();
    fireEvent.click(within(list).getByRole('button', { name: 'Revoke the exception of Ravi Kumar on Tiers by CTC' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke this exception?' });
    expect(dialog.textContent).toContain(
      'Ravi Kumar may now apply despite “Tiers by CTC” for every opening of the cycle',
    );

    // No reason: nothing is sent, and the field says what is missing.
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke exception' }));
    });
    expect(revoked).toEqual([]);
    expect(
      within(dialog)
        .getByRole('textbox', { name: /Reason/ })
        .getAttribute('aria-invalid'),
    ).toBe('true');

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'The leave was not medical' },
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke exception' }));
    });
    expect(revoked).toEqual([{ cycleId: CYCLE_ID, exceptionId: EXCEPTION_ID, reason: 'The leave was not medical' }]);
    expect(screen.queryByRole('dialog', { name: 'Revoke this exception?' })).toBeNull();
  });

  it('shows a revoked one as revoked — by whom, when, why — with nothing more to do', () => {
    policy = view({ edit: false, grantExceptions: true });
    exceptions = [
      exception({
        revoked: { by: 'Rhea Placements', at: '2026-09-03T12:00:00.000Z', reason: 'The leave was not medical' },
        abilities: { revoke: false },
      }),
    ];
    const [item] = within(renderPanel()).getAllByRole('listitem');
    expect(item?.textContent).toContain('Revoked');
    expect(item?.textContent).toContain('Reason: Joined late after a medical leave');
    expect(item?.textContent).toMatch(/Revoked by Rhea Placements on .+ · Reason: The leave was not medical/);
    expect(within(item as HTMLElement).queryByRole('button')).toBeNull();
  });

  it('offers no revocation to those the server does not let revoke', () => {
    policy = view({ edit: false, grantExceptions: false });
    exceptions = [exception({ abilities: { revoke: false } })];
    const list = renderPanel();
    expect(within(list).queryByRole('button', { name: /Revoke/ })).toBeNull();
  });
});
