import { POLICY_ACCEPTING_NOTES, POLICY_REFUSAL_MESSAGES, type PolicyVerdict } from '@placely/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { policyRefusalOf } from '../policyRefusal';
import { PolicyVerdictNotice } from './PolicyVerdictNotice';

const TIERS_IN_WORDS =
  'Openings are grouped in tiers by CTC: Dream from ₹20 LPA, A from ₹10 LPA, B below ₹10 LPA. Once you have accepted an offer, you may apply only to openings in a higher tier than it, and you may move up once.';
const verdict = (changes: Partial<PolicyVerdict>): PolicyVerdict => ({
  cycleId: 'c1',
  cycleName: 'Final placements 2026–27',
  openingId: 'o1',
  allowed: true,
  refusals: [],
  waived: [],
  rules: [{ kind: 'ctcTiers', label: 'Tiers by CTC', description: TIERS_IN_WORDS }],
  acceptingNote: null,
  ...changes,
});
const refused = verdict({
  allowed: false,
  refusals: [{ rule: 'ctcTiers', label: 'Tiers by CTC', message: POLICY_REFUSAL_MESSAGES.tierNotHigher('A', 'B') }],
});

afterEach(cleanup);

describe('the policy verdict on the form page', () => {
  it('a refusal: which rule and why in the policy’s words, and the whole policy on request', () => {
    render(<PolicyVerdictNotice verdict={refused} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(`Tiers by CTC: ${POLICY_REFUSAL_MESSAGES.tierNotHigher('A', 'B')}`);
    expect(alert.textContent).not.toContain(TIERS_IN_WORDS);
    fireEvent.click(screen.getByRole('button', { name: 'Read the policy of Final placements 2026–27' }));
    expect(alert.textContent).toContain(TIERS_IN_WORDS);
    expect(policyRefusalOf(refused)).toBe(`You cannot apply: ${POLICY_REFUSAL_MESSAGES.tierNotHigher('A', 'B')}`);
  });

  it('allowed: a line saying so, or the exception the cell granted with its reason', () => {
    render(<PolicyVerdictNotice verdict={verdict({})} />);
    expect(screen.getByText(/The policy of Final placements 2026–27 lets you apply to this opening/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(policyRefusalOf(verdict({}))).toBeNull();
    cleanup();

    const waived = verdict({
      waived: [{ ...(refused.refusals[0] as PolicyVerdict['refusals'][number]), exceptionReason: 'Medical leave' }],
    });
    render(<PolicyVerdictNotice verdict={waived} />);
    expect(screen.getByText('The placement cell granted you an exception')).toBeTruthy();
    expect(screen.getByText(/the cell set it aside: Medical leave/)).toBeTruthy();
    expect(policyRefusalOf(waived)).toBeNull();
  });

  it('allowed: the opening’s tier and what accepting an offer there means, in the server’s words', () => {
    const message = `${POLICY_ACCEPTING_NOTES.inTier('Dream')} ${POLICY_ACCEPTING_NOTES.noMoreApplying()}`;
    render(<PolicyVerdictNotice verdict={verdict({ acceptingNote: { tier: 'Dream', message } })} />);
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('lets you apply to this opening');
    expect(screen.getByText(message)).toBeTruthy();
    cleanup();

    // With an exception too; and never on a refusal (the refusal speaks).
    render(
      <PolicyVerdictNotice
        verdict={verdict({
          acceptingNote: { tier: 'Dream', message },
          waived: [{ ...(refused.refusals[0] as PolicyVerdict['refusals'][number]), exceptionReason: 'Medical leave' }],
        })}
      />,
    );
    expect(screen.getByText(message)).toBeTruthy();
    cleanup();
    render(<PolicyVerdictNotice verdict={{ ...refused, acceptingNote: { tier: 'B', message: 'Not shown' } }} />);
    expect(screen.queryByText('Not shown')).toBeNull();
  });

  it('an opening outside any cycle, or a cycle without rules that lets you apply, shows nothing', () => {
    const { container } = render(<PolicyVerdictNotice verdict={verdict({ rules: [] })} />);
    expect(container.textContent).toBe('');
    expect(policyRefusalOf(undefined)).toBeNull();
  });
});
