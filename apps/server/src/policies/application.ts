import type { Actor } from '../auth/authenticate';
import type { ApplicationRow } from '../presenters/application';
import { isIndividual } from './individual';

export const ownsApplication = (actor: Actor, application: ApplicationRow) => actor.user.id === application.applicantId;

export const applicationPolicy = {
  'application.submit': (actor: Actor, _record: null) =>
    isIndividual(actor.user) || 'Only student (individual) accounts can apply to openings.',
  'application.edit': (actor: Actor, application: ApplicationRow) =>
    ownsApplication(actor, application) || 'You can only change your own applications.',
  'application.keepDraft': (actor: Actor, _record: null) =>
    isIndividual(actor.user) || 'Only student (individual) accounts can apply to openings.',
} as const;
