import { ORGANIZATION_DELETED_MESSAGE, type OrganizationRole } from '@placely/contract';
import type { Actor } from '../auth/authenticate';

/** The caller's live place in one organization, read from the database on every organization-scoped request. */
export interface OrganizationMembership {
  id: string;
  role: OrganizationRole;
  allOpenings: boolean;
  /** The openings a limited role covers (empty when allOpenings). */
  openingIds: string[];
  canViewContacts: boolean;
}

/** Who the caller acts for and their standing there (services/organizations.ts resolves it). */
export interface OrganizationAccess {
  organizationId: number;
  member: OrganizationMembership | null;
  /** The caller belonged once and was removed: refusals say so. */
  former: boolean;
  /** The request named the organization (X-Organization-Id); otherwise it is the caller's own account. */
  named: boolean;
  /** The organization was deleted (the caller belonged to it): nobody acts for it any more. */
  deleted?: boolean;
}

export const isOrganizationMember = (access: OrganizationAccess) => access.member !== null;
export const hasOrganizationRole = (access: OrganizationAccess, ...roles: OrganizationRole[]) =>
  access.member !== null && roles.includes(access.member.role);
/** Owners cover every opening; other roles every opening or the chosen ones. */
export const coversOpening = (access: OrganizationAccess, openingId: string) =>
  access.member !== null &&
  (access.member.role === 'owner' || access.member.allOpenings || access.member.openingIds.includes(openingId));
export const coversAllOpenings = (access: OrganizationAccess) =>
  access.member !== null && (access.member.role === 'owner' || access.member.allOpenings);
export const canSeeContacts = (access: OrganizationAccess) =>
  hasOrganizationRole(access, 'owner', 'coordinator') || access.member?.canViewContacts === true;
/** The caller runs what the organization owns (its groups, verification groups, profile): owners and coordinators. */
export const runsForOrganization = (access: OrganizationAccess | null, organizationId: number) =>
  access !== null && access.organizationId === organizationId && hasOrganizationRole(access, 'owner', 'coordinator');

/** Why a non-member is refused: a former member hears so; someone naming a stranger's organization too. */
export function outsiderReason(access: OrganizationAccess, otherwise: string): string {
  if (access.deleted) return ORGANIZATION_DELETED_MESSAGE;
  if (access.former) return 'You are no longer a member of this organization.';
  if (access.named) return 'You are not a member of this organization.';
  return otherwise;
}

const refuse = (access: OrganizationAccess, otherwise: string, insiderReason: string) =>
  isOrganizationMember(access) ? insiderReason : outsiderReason(access, otherwise);

export const organizationPolicy = {
  /** A request naming an organization is refused unless the caller belongs to it now. */
  'organization.actFor': (_actor: Actor, access: OrganizationAccess) =>
    isOrganizationMember(access) || (!access.named && !access.former && !access.deleted) || outsiderReason(access, ''),
  'organization.viewPeople': (_actor: Actor, access: OrganizationAccess) =>
    isOrganizationMember(access) || outsiderReason(access, 'Only the people of an organization can see its team.'),
  'organization.manageTeam': (_actor: Actor, access: OrganizationAccess) =>
    hasOrganizationRole(access, 'owner') ||
    refuse(access, 'Only organization owners can change the team.', 'Only owners can change the team.'),
  /** The organization's profile: every member reads it, owners edit it. */
  'organization.viewProfile': (_actor: Actor, access: OrganizationAccess) =>
    isOrganizationMember(access) ||
    outsiderReason(access, 'Only organization accounts and their teams have an organization profile.'),
  'organization.editProfile': (_actor: Actor, access: OrganizationAccess) =>
    hasOrganizationRole(access, 'owner') ||
    refuse(
      access,
      'Only organization accounts have an organization profile.',
      "Only owners can change the organization's profile.",
    ),
  'organization.delete': (_actor: Actor, access: OrganizationAccess) =>
    hasOrganizationRole(access, 'owner') ||
    refuse(access, 'Only organization owners can delete it.', 'Only owners can delete the organization.'),
  'organization.viewActivity': (_actor: Actor, access: OrganizationAccess) =>
    hasOrganizationRole(access, 'owner') ||
    refuse(access, 'Only organization owners can see its activity.', 'Only owners can see the activity.'),
} as const;
