import { isOrganizationAccount } from '@placely/contract';
import type { Actor } from '../auth/authenticate';
import type { FileRow } from '../presenters/file';
import type { ResumeRow } from '../presenters/resume';

const isIndividual = (actor: Actor) =>
  actor.user.accountType !== null && !isOrganizationAccount(actor.user.accountType);

export const resumePolicy = {
  'resume.add': (actor: Actor, file: FileRow) => {
    if (!isIndividual(actor)) return 'Only individual accounts keep resumes.';
    if (file.ownerId !== actor.user.id) return 'You can only add your own files as resumes.';
    return file.purpose === 'resume' || 'Upload the file as a resume first.';
  },
  'resume.generate': (actor: Actor, _user: unknown) => isIndividual(actor) || 'Only individual accounts keep resumes.',
  'resume.change': (actor: Actor, resume: ResumeRow) =>
    resume.userId === actor.user.id || 'You can only change your own resumes.',
} as const;
