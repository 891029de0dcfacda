import { VIDEO_TASK_MESSAGES } from '@placely/contract';
import type { Actor } from '../auth/authenticate';
import { isLive, type OpeningAccess, reachesOpening } from './opening';
import { hasOrganizationRole, isOrganizationMember, outsiderReason } from './organization';

/**
 * Video tasks. Organization side: records are `{access, opening}` like the opening's own rules — owners and
 * coordinators covering the opening create, change and invite; everyone whose role covers it (reviewers too) lists,
 * watches, scores and comments. Candidate side: facts the route reads in SQL (invited, applied, own answer).
 */
const runsOpening = (record: OpeningAccess) =>
  reachesOpening(record) && hasOrganizationRole(record.access, 'owner', 'coordinator');

const refuse = ({ access }: OpeningAccess, outsider: string, insider: string) =>
  isOrganizationMember(access) ? insider : outsiderReason(access, outsider);

/** What the candidate's request stands on, read by the route. */
export interface VideoAnswerFacts {
  task: {
    askAtApply: boolean;
    deadline: Date | null;
    deletedAt: Date | null;
    takesAllowed: number;
    allowUpload: boolean;
  };
  invited: boolean;
  applied: boolean;
  answer: { takesUsed: number; submittedAt: Date | null } | null;
  now: Date;
}

export const isInvitedOrApplicant = (facts: VideoAnswerFacts) =>
  facts.invited || (facts.task.askAtApply && facts.applied);

/** Why the candidate may not add a take or submit now, or true. */
export function answeringVerdict(facts: VideoAnswerFacts): true | string {
  if (!isInvitedOrApplicant(facts) || facts.task.deletedAt !== null) return VIDEO_TASK_MESSAGES.notInvited;
  if (facts.answer?.submittedAt) return VIDEO_TASK_MESSAGES.alreadySubmitted;
  if (facts.task.deadline && facts.task.deadline.getTime() <= facts.now.getTime())
    return VIDEO_TASK_MESSAGES.deadlinePassed;
  return true;
}

/** An answer as a watcher reaches it: the candidate's own, or through the organization's opening. */
export interface WatchAccess {
  candidateId: number;
  submitted: boolean;
  organization: OpeningAccess | null;
}

export const videoPolicy = {
  'videoTask.manage': (_actor: Actor, record: OpeningAccess) =>
    (runsOpening(record) && isLive(record.opening)) ||
    refuse(
      record,
      'You can only add video tasks to your own openings.',
      'Only owners and coordinators can change video tasks.',
    ),
  'videoTask.review': (_actor: Actor, record: OpeningAccess) =>
    reachesOpening(record) ||
    refuse(record, 'You can only see video answers to your own openings.', 'You are not assigned to this opening.'),
  'videoTask.answer': (_actor: Actor, facts: VideoAnswerFacts) => answeringVerdict(facts),
  'videoTask.takeMore': (_actor: Actor, facts: VideoAnswerFacts) =>
    (facts.answer?.takesUsed ?? 0) < facts.task.takesAllowed || VIDEO_TASK_MESSAGES.noTakesLeft,
  'videoTask.upload': (_actor: Actor, facts: VideoAnswerFacts) =>
    facts.task.allowUpload || VIDEO_TASK_MESSAGES.uploadNotAllowed,
  /** The candidate watches their own submitted answer; the organization's people covering the opening watch any. */
  'videoAnswer.watch': (actor: Actor, watch: WatchAccess) =>
    (actor.user.id === watch.candidateId && watch.submitted) ||
    (watch.submitted && watch.organization !== null && reachesOpening(watch.organization)) ||
    'You cannot watch this answer.',
  'videoAnswer.score': (_actor: Actor, record: OpeningAccess) =>
    reachesOpening(record) ||
    refuse(record, 'Only the organization can score this answer.', 'You are not assigned to this opening.'),
} as const;
