import type { Actor } from '../auth/authenticate';
import type { CellAccess } from '../services/placement/access';

/**
 * Notices of a placement cycle (docs/ARCHITECTURE.md "Placement season" → "Statistics and notices"). Who is in the
 * cell is decided by services/placement/access.ts; the cell's owners and coordinators post, any of its roles follow
 * who read what (`placementCell.view`); a student acts on the notices that reached them (their receipt, found in SQL).
 */
export const placementNoticePolicy = {
  'placementNotice.post': (_actor: Actor, access: CellAccess) =>
    access.role === 'owner' ||
    access.role === 'coordinator' ||
    (access.role === 'reviewer'
      ? 'Reviewers of the placement cell can read notices but not post them.'
      : 'Only the placement cell of this institution can do this.'),
  'placementNotice.receive': (actor: Actor, receipt: { recipientId: number }) =>
    receipt.recipientId === actor.user.id || 'This notice was not sent to you.',
} as const;
