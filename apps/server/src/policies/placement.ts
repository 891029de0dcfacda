import type { Actor } from '../auth/authenticate';
import type { CellAccess } from '../services/placement/access';
import type { OrganizationAccess } from './organization';
import { hasOrganizationRole, outsiderReason } from './organization';

/**
 * Placement season (docs/ARCHITECTURE.md "Placement season"). Who is in the cell is decided once, in
 * services/placement/access.ts (cellAccessOf); these predicates say what each cell role may do.
 */

/** The caller's standing at a cell plus, for company-scoped actions, whether the company is within their limit. */
export interface CellCompanyRecord {
  access: CellAccess;
  /** null: no limit (all companies). */
  limit: number[] | null;
  organizationId: number;
}

/** The caller's own enrolment in a cycle (students act on their own rows only). */
export interface OwnEnrolmentRecord {
  userId: number | null;
}

const inCell = (access: CellAccess) => access.role !== null;
const isCellOwner = (access: CellAccess) => access.role === 'owner';
const isCellStaff = (access: CellAccess) => access.role === 'owner' || access.role === 'coordinator';
export const coversCompany = (record: CellCompanyRecord) =>
  record.limit === null || record.limit.includes(record.organizationId);

const NOT_IN_CELL = 'Only the placement cell of this institution can do this.';

export const placementPolicy = {
  /** The institution's root links an organization as its placement cell (directly, or confirming a request). */
  'placementCell.link': (_actor: Actor, access: { institutionRole: string | null }) =>
    access.institutionRole === 'root' || "Only the institution's root can link a placement cell.",
  /** An organization's owner asks to act as an institution's placement cell. */
  'placementCell.requestLink': (_actor: Actor, access: OrganizationAccess) =>
    hasOrganizationRole(access, 'owner') ||
    outsiderReason(access, 'Only owners of the organization can ask to link it to an institution.'),
  'placementCell.view': (_actor: Actor, access: CellAccess) => inCell(access) || NOT_IN_CELL,
  /** Cycles, their dates and policy, the branch list: the cell's owners. */
  'placementCell.manageCycles': (_actor: Actor, access: CellAccess) =>
    isCellOwner(access) || (inCell(access) ? 'Only the owners of the placement cell can change cycles.' : NOT_IN_CELL),
  'placementCell.manageBranches': (_actor: Actor, access: CellAccess) =>
    isCellOwner(access) ||
    (inCell(access) ? 'Only the owners of the placement cell can change the branch list.' : NOT_IN_CELL),
  /** Enrolment, statuses, corrections: owners and coordinators. */
  'placementCell.manageStudents': (_actor: Actor, access: CellAccess) =>
    isCellStaff(access) ||
    (inCell(access) ? 'Reviewers of the placement cell can look but not change students.' : NOT_IN_CELL),
  /** Company registrations and their openings: owners, and coordinators within their companies. */
  'placementCell.manageCompany': (_actor: Actor, record: CellCompanyRecord) =>
    (isCellStaff(record.access) && coversCompany(record)) ||
    (!inCell(record.access)
      ? NOT_IN_CELL
      : isCellStaff(record.access)
        ? 'You coordinate other companies in this cycle.'
        : 'Reviewers of the placement cell can look but not decide.'),
  /** A company registers for a cycle and attaches openings: its owners and coordinators. */
  'placementCompany.act': (_actor: Actor, access: OrganizationAccess) =>
    hasOrganizationRole(access, 'owner', 'coordinator') ||
    outsiderReason(access, 'Only owners and coordinators of the organization can do this.'),
  'placementEnrolment.own': (actor: Actor, record: OwnEnrolmentRecord) =>
    record.userId === actor.user.id || 'This is not your enrolment.',
} as const;
