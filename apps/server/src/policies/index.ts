import type { Actor } from '../auth/authenticate';
import { errors } from '../errors';
import { applicationPolicy } from './application';
import { candidatePolicy } from './candidate';
import { filePolicy } from './file';
import { groupPolicy } from './group';
import { individualPolicy } from './individual';
import { institutionPolicy } from './institution';
import { messagePolicy } from './message';
import { notificationPolicy } from './notification';
import { offerPolicy } from './offer';
import { openingPolicy } from './opening';
import { organizationPolicy } from './organization';
import { placementPolicy } from './placement';
import { placementNoticePolicy } from './placement-notice';
import { portfolioPolicy } from './portfolio';
import { rankingPolicy } from './ranking';
import { resumePolicy } from './resume';
import { roundPolicy } from './round';
import { shortlistPolicy } from './shortlist';
import { stagePolicy } from './stage';
import { userPolicy } from './user';
import { verificationGroupPolicy } from './verification-group';
import { videoPolicy } from './video';

const policies = {
  ...userPolicy,
  ...filePolicy,
  ...resumePolicy,
  ...individualPolicy,
  ...portfolioPolicy,
  ...openingPolicy,
  ...organizationPolicy,
  ...applicationPolicy,
  ...groupPolicy,
  ...verificationGroupPolicy,
  ...institutionPolicy,
  ...notificationPolicy,
  ...stagePolicy,
  ...candidatePolicy,
  ...rankingPolicy,
  ...videoPolicy,
  ...shortlistPolicy,
  ...messagePolicy,
  ...roundPolicy,
  ...placementPolicy,
  ...placementNoticePolicy,
  ...offerPolicy,
} as const;
type Policies = typeof policies;
export type Action = keyof Policies;
/** The record an action's rule judges. */
export type RecordOf<A extends Action> = Parameters<Policies[A]>[1];

/** Throws 403 with the rule's reason when the actor may not perform the action on the record. */
export function authorize<A extends Action>(actor: Actor, action: A, record: RecordOf<A>): void {
  const rule = policies[action] as (actor: Actor, record: Parameters<Policies[A]>[1]) => true | string;
  const verdict = rule(actor, record);
  if (verdict !== true) throw errors.forbidden(verdict);
}

export function can<A extends Action>(actor: Actor, action: A, record: RecordOf<A>): boolean {
  const rule = policies[action] as (actor: Actor, record: Parameters<Policies[A]>[1]) => true | string;
  return rule(actor, record) === true;
}
