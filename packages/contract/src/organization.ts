import { emailSchema, isoDateTimeSchema, trimmed } from './common';
import { pageOf } from './envelope';
import { LIMITS } from './limits';
import { ORGANIZATION_ROLES } from './organization-roles';
import { organizationProfileSchema, profileResponseSchema } from './profile';
import * as z from './zod';

export * from './organization-roles';

/** An invitation not claimed within this many days lapses; inviting the same email again renews it. */
export const ORGANIZATION_INVITATION_TTL_DAYS = 14;

export const organizationRoleSchema = z.enum(ORGANIZATION_ROLES, { message: 'Choose a role' });

const scopeFields = {
  /** false limits the role to `openingIds`. Owners always cover every opening. */
  allOpenings: z.boolean().default(true),
  openingIds: z.array(z.uuid('Not an opening id')).max(LIMITS.maxPageSize).default([]),
  /** Reviewers see applicants' email addresses only when granted; owners and coordinators always do. */
  canViewContacts: z.boolean().default(false),
};

/** POST /api/organization/people */
export const organizationInviteBodySchema = z.strictObject({
  email: emailSchema,
  role: organizationRoleSchema,
  ...scopeFields,
});
export type OrganizationInviteBody = z.input<typeof organizationInviteBodySchema>;

/** PATCH /api/organization/people */
export const organizationMemberUpdateBodySchema = z.strictObject({
  memberId: z.uuid('Not a member id'),
  role: organizationRoleSchema,
  ...scopeFields,
});
export type OrganizationMemberUpdateBody = z.input<typeof organizationMemberUpdateBodySchema>;

/** DELETE /api/organization/people?memberId= and DELETE /api/organization/invitations?memberId= */
export const organizationMemberQuerySchema = z.strictObject({ memberId: z.uuid('Not a member id') });

export const ORGANIZATION_MEMBER_STATES = ['active', 'invited', 'expired'] as const;
export type OrganizationMemberState = (typeof ORGANIZATION_MEMBER_STATES)[number];

export const organizationPersonSchema = z
  .object({
    memberId: z.string(),
    /** Null until the invited person signs in to Placely. */
    userId: z.number().int().nullable(),
    name: z.string().nullable(),
    email: z.string(),
    role: organizationRoleSchema,
    allOpenings: z.boolean(),
    openings: z.array(z.object({ id: z.string(), title: z.string() })),
    canViewContacts: z.boolean(),
    state: z.enum(ORGANIZATION_MEMBER_STATES),
    invitedAt: isoDateTimeSchema,
    claimedAt: isoDateTimeSchema.nullable(),
    expiresAt: isoDateTimeSchema.nullable(),
    /** The organization's own account: the one that created it. */
    isOrganizationAccount: z.boolean(),
  })
  .meta({ id: 'OrganizationPerson' });
export type OrganizationPerson = z.infer<typeof organizationPersonSchema>;

export const organizationPeopleSchema = z
  .object({
    organizationId: z.number().int(),
    people: z.array(organizationPersonSchema),
    /** What the caller may do here, decided by the server. */
    abilities: z.object({ manage: z.boolean(), viewActivity: z.boolean() }),
  })
  .meta({ id: 'OrganizationPeople' });
export type OrganizationPeople = z.infer<typeof organizationPeopleSchema>;

/** One organization the caller belongs to, for the account-menu switch. */
export const myOrganizationSchema = z
  .object({
    organizationId: z.number().int(),
    name: z.string(),
    logo: z.string().nullable(),
    role: organizationRoleSchema,
    allOpenings: z.boolean(),
    /** The caller's own organization account (acting for it needs no header). */
    isOwnAccount: z.boolean(),
    abilities: z.object({
      createOpenings: z.boolean(),
      manageTeam: z.boolean(),
      viewActivity: z.boolean(),
      export: z.boolean(),
      /** Runs the organization's groups and verification groups (owners and coordinators). */
      runGroups: z.boolean(),
    }),
  })
  .meta({ id: 'MyOrganization' });
export type MyOrganization = z.infer<typeof myOrganizationSchema>;
export const myOrganizationsSchema = z
  .object({ organizations: z.array(myOrganizationSchema) })
  .meta({ id: 'MyOrganizations' });
export type MyOrganizations = z.infer<typeof myOrganizationsSchema>;

/** What the audit trail records (append-only, per organization). */
export const AUDIT_KINDS = [
  'opening.created',
  'opening.edited',
  'opening.statusChanged',
  'opening.deleted',
  'form.versionSaved',
  'application.opened',
  'resume.viewed',
  'candidate.moved',
  'candidate.pinned',
  'candidate.unpinned',
  'ranking.recipeSaved',
  'export.downloaded',
  'shareLink.created',
  'shareLink.revoked',
  'member.invited',
  'member.roleChanged',
  'member.removed',
  'invitation.revoked',
  'organization.profileEdited',
  'organization.deleted',
  'videoTask.created',
  'videoTask.edited',
  'videoTask.deleted',
  'videoTask.invited',
  'videoAnswer.watched',
  'videoAnswer.scored',
  'candidate.rejected',
  'candidate.messaged',
  'message.cancelled',
  'messageTemplate.created',
  'messageTemplate.edited',
  'messageTemplate.deleted',
  'candidate.withdrew',
] as const;
export const auditKindSchema = z.enum(AUDIT_KINDS, { message: 'Not a known kind of activity' });
export type AuditKind = z.infer<typeof auditKindSchema>;

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  'opening.created': 'Opening created',
  'opening.edited': 'Opening edited',
  'opening.statusChanged': 'Opening status changed',
  'opening.deleted': 'Opening deleted',
  'form.versionSaved': 'Form version saved',
  'application.opened': 'Application opened',
  'resume.viewed': 'Resume viewed',
  'candidate.moved': 'Candidate moved',
  'candidate.pinned': 'Candidate pinned',
  'candidate.unpinned': 'Candidate unpinned',
  'ranking.recipeSaved': 'Ranking recipe saved',
  'export.downloaded': 'Export downloaded',
  'shareLink.created': 'Share link created',
  'shareLink.revoked': 'Share link revoked',
  'member.invited': 'Member invited',
  'member.roleChanged': 'Role changed',
  'member.removed': 'Member removed',
  'invitation.revoked': 'Invitation revoked',
  'organization.profileEdited': 'Profile edited',
  'organization.deleted': 'Organization deleted',
  'videoTask.created': 'Video task created',
  'videoTask.edited': 'Video task edited',
  'videoTask.deleted': 'Video task deleted',
  'videoTask.invited': 'Candidates invited to a video task',
  'videoAnswer.watched': 'Video answer watched',
  'videoAnswer.scored': 'Video answer scored',
  'candidate.rejected': 'Candidate rejected',
  'candidate.messaged': 'Candidates messaged',
  'message.cancelled': 'Scheduled message cancelled',
  'messageTemplate.created': 'Message template created',
  'messageTemplate.edited': 'Message template edited',
  'messageTemplate.deleted': 'Message template deleted',
  'candidate.withdrew': 'Candidate withdrew',
};

export const auditEventSchema = z
  .object({
    id: z.string(),
    kind: auditKindSchema,
    at: isoDateTimeSchema,
    actor: z.object({ userId: z.number().int(), name: z.string().nullable(), email: z.string() }).nullable(),
    opening: z.object({ id: z.string(), title: z.string() }).nullable(),
    applicationId: z.string().nullable(),
    /** The person the action was about (member events), by email as they were invited. */
    subjectEmail: z.string().nullable(),
    /** Kind-specific facts: rows of an export and its format, a status, roles before and after, a form version. */
    details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  })
  .meta({ id: 'AuditEvent' });
export type AuditEvent = z.infer<typeof auditEventSchema>;
export const auditEventPageSchema = pageOf(auditEventSchema);
export type AuditEventPage = z.infer<typeof auditEventPageSchema>;

/** GET /api/organization/activity?person=&openingId=&kind=&cursor=&limit= (owners) */
export const activityQuerySchema = z.strictObject({
  person: z.coerce.number().int().positive().optional(),
  openingId: z.uuid('Not an opening id').optional(),
  kind: auditKindSchema.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.pageSize),
});
export type ActivityQuery = z.input<typeof activityQuerySchema>;

/** GET /api/organization/openings/id/changes?id=: who last changed the opening and each application. */
export const openingChangesQuerySchema = z.strictObject({ id: z.uuid('Not an opening id') });
export const openingChangesSchema = z
  .object({
    opening: auditEventSchema.nullable(),
    applications: z.record(z.string(), auditEventSchema),
  })
  .meta({ id: 'OpeningChanges' });
export type OpeningChanges = z.infer<typeof openingChangesSchema>;

/**
 * GET /api/organization/profile: the profile of the organization acted for (X-Organization-Id, else the caller's own
 * organization account), with what the caller may do to it. Owners edit and delete; everyone else reads.
 */
export const organizationProfileViewSchema = z
  .object({
    organizationId: z.number().int(),
    /** Null until the organization saves its details. */
    profile: organizationProfileSchema.nullable(),
    /** The name to show (and to type when deleting): the saved one, else the organization account's own. */
    name: z.string(),
    abilities: z.object({ edit: z.boolean(), delete: z.boolean() }),
  })
  .meta({ id: 'OrganizationProfileView' });
export type OrganizationProfileView = z.infer<typeof organizationProfileViewSchema>;

/** POST /api/organization/profile answers the caller's own profileDetails (as before teams) and the saved view. */
export const organizationProfileSavedSchema = profileResponseSchema.extend({
  organization: organizationProfileViewSchema,
});
export type OrganizationProfileSaved = z.infer<typeof organizationProfileSavedSchema>;

/** DELETE /api/organization?name=: the owner types the organization's name to confirm. */
export const deleteOrganizationQuerySchema = z.strictObject({
  name: trimmed(LIMITS.name).min(1, "Type the organization's name to confirm"),
});
export type DeleteOrganizationQuery = z.input<typeof deleteOrganizationQuerySchema>;

/** Why requests for a deleted organization are refused. */
export const ORGANIZATION_DELETED_MESSAGE = 'This organization was deleted.';
