import { type CyclePolicyView, POLICY_RULE_KINDS, POLICY_RULE_LABELS } from '@placely/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api/errors';
import type { SavePolicyBody } from '../api/savePolicy';
import { PolicyEditor } from './PolicyEditor';

const CYCLE_ID = '00000000-0000-4000-8000-0000000000c1';
const saved: SavePolicyBody[] = [];
let answer: (body: SavePolicyBody) => Promise<{ data: CyclePolicyView; message: string }>;
vi.mock('../api/savePolicy', () => ({
  useSavePolicy: () => ({
    isPending: false,
    mutateAsync: (body: SavePolicyBody) => {
      saved.push(body);
      return answer(body);
    },
  }),
}));

const view = (rules: CyclePolicyView['rules'] = []): CyclePolicyView => ({
  cycleId: CYCLE_ID,
  rules,
  kinds: POLICY_RULE_KINDS.map((kind) => ({ kind, label: POLICY_RULE_LABELS[kind] })),
  abilities: { edit: true, grantExceptions: true },
});

function renderEditor(policy: CyclePolicyView) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PolicyEditor policy={policy} />
    </QueryClientProvider>,
  );
  return screen.getByRole('form', { name: 'Placement policy' });
}

async function addRule(form: HTMLElement, label: string) {
  fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Add a rule' }));
  const listbox = await screen.findByRole('listbox');
  await act(async () => {
    fireEvent.click(within(listbox).getByRole('option', { name: label }));
  });
}

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const save = async (form: HTMLElement) => {
  await act(async () => {
    fireEvent.click(within(form).getByRole('button', { name: 'Save policy' }));
  });
};

afterEach(() => {
  cleanup();
  saved.length = 0;
});

describe('PolicyEditor', { timeout: 30_000 }, () => {
  it('writes a Dream / A / B tier policy, shows the words students read, and saves the contract’s shape', async () => {
    answer = async (body) => ({ data: view(), message: `Policy saved (${body.rules.length})` });
    const form = renderEditor(view());
    expect(within(form).getByText(/No rules yet/)).toBeTruthy();
    await addRule(form, 'Tiers by CTC');

    const rule = within(form).getByRole('region', { name: 'Tiers by CTC' });
    expect(within(rule).getByText(/Groups the cycle’s openings by the CTC/)).toBeTruthy();
    // Two tiers to start with; the lowest starts at 0 and cannot be changed.
    expect(within(rule).getByRole('textbox', { name: 'Tier 2 lowest yearly CTC' })).toHaveProperty('disabled', true);
    fireEvent.click(within(rule).getByRole('button', { name: 'Add a tier' }));
    type(within(rule).getByRole('textbox', { name: 'Tier 1 name' }), 'Dream');
    type(within(rule).getByRole('textbox', { name: 'Tier 1 lowest yearly CTC' }), '20,00,000');
    type(within(rule).getByRole('textbox', { name: 'Tier 2 name' }), 'A');
    type(within(rule).getByRole('textbox', { name: 'Tier 2 lowest yearly CTC' }), '1000000');
    type(within(rule).getByRole('textbox', { name: 'Tier 3 name' }), 'B');
    expect(within(rule).getByText('₹20 LPA')).toBeTruthy();
    expect(
      within(rule).getByText(
        'Openings are grouped in tiers by CTC: Dream from ₹20 LPA, A from ₹10 LPA, B below ₹10 LPA. Once you have accepted an offer, you may apply only to openings in a higher tier than it, and you may move up once.',
      ),
    ).toBeTruthy();

    await addRule(form, 'An accepted offer ends the season');
    await save(form);
    expect(saved).toEqual([
      {
        cycleId: CYCLE_ID,
        rules: [
          {
            kind: 'ctcTiers',
            params: {
              currency: 'INR',
              tiers: [
                { name: 'Dream', minAnnualCtc: 2_000_000 },
                { name: 'A', minAnnualCtc: 1_000_000 },
                { name: 'B', minAnnualCtc: 0 },
              ],
              onlyHigherTiers: true,
              maxUpgrades: 1,
            },
          },
          { kind: 'acceptedOfferEndsSeason', params: {} },
        ],
      },
    ]);
  });

  it('names each wrong field with the contract’s words and sends nothing', async () => {
    const form = renderEditor(view());
    await addRule(form, 'Tiers by CTC');
    const rule = within(form).getByRole('region', { name: 'Tiers by CTC' });
    fireEvent.click(within(rule).getByRole('button', { name: 'Add a tier' }));
    type(within(rule).getByRole('textbox', { name: 'Tier 1 name' }), 'Dream');
    type(within(rule).getByRole('textbox', { name: 'Tier 1 lowest yearly CTC' }), 'twenty lakh');
    type(within(rule).getByRole('textbox', { name: 'Tier 2 name' }), 'A');
    type(within(rule).getByRole('textbox', { name: 'Tier 2 lowest yearly CTC' }), '1000000');
    type(within(rule).getByRole('textbox', { name: 'Tier 3 name' }), 'dream');
    await save(form);
    expect(saved).toEqual([]);
    expect(within(rule).getByText('Must be a number')).toBeTruthy();

    // With every amount a number, the rule's own checks speak: order and names, each under its field.
    type(within(rule).getByRole('textbox', { name: 'Tier 1 lowest yearly CTC' }), '500000');
    await save(form);
    expect(saved).toEqual([]);
    expect(
      within(rule).getByText('List tiers from the highest CTC down; each starts below the one before'),
    ).toBeTruthy();
    expect(within(rule).getByText('Each tier needs its own name')).toBeTruthy();
    expect(within(rule).getByRole('textbox', { name: 'Tier 3 name' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('puts the server’s refusal next to the field it names (rules.<n>.params.<field>)', async () => {
    answer = async () => {
      throw new ApiError('Please check the policy', 'VALIDATION_FAILED', 400, [
        { field: 'rules.0.params.max', message: 'Must be at most 3 in this cycle' },
      ]);
    };
    const form = renderEditor(
      view([
        {
          kind: 'maxOffers',
          label: 'Maximum offers per student',
          description: 'You may accept at most one offer in this cycle.',
          params: { max: 1, counting: 'accepted' },
        },
      ]),
    );
    const rule = within(form).getByRole('region', { name: 'Maximum offers per student' });
    type(within(rule).getByRole('textbox', { name: 'Most offers per student' }), '4');
    await save(form);
    expect(saved).toHaveLength(1);
    expect(within(rule).getByText('Must be at most 3 in this cycle')).toBeTruthy();
  });
});
