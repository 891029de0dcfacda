import type { PolicyVerdict } from '@placely/contract';

/** The refusal beside a disabled submit button: the first reason, in the policy's words; null when it may be sent. */
export function policyRefusalOf(verdict: PolicyVerdict | undefined): string | null {
  if (!verdict || verdict.allowed) return null;
  const first = verdict.refusals[0];
  return first ? `You cannot apply: ${first.message}` : 'The placement cycle’s policy does not let you apply.';
}
