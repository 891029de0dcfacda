import { emailSchema, isoDateTimeSchema, trimmed } from './common';
import { pageOf } from './envelope';
import { LIMITS } from './limits';
import { ORGANIZATION_ROLES } from './organization-roles';
import { organizationProfileSchema, profileResponseSchema } from './profile';
import * as z from './zod';

export * from './organization-roles';

/** An invitation not claimed within this many days lapses; inviting the same email again renews it. */
export const ORGANIZATION_INVITATION_TTL_DAYS = 14;

/**
 * Invitations mail addresses that may have no account, so they are limited (issue 39: 25 invitations in a row were
 * 25 mails). One pending invitation per address per organization (a unique index); inviting the same address again
 * re-sends it at most once per `resendAfterMinutes`; an organization sends at most `perDay` invitations in any
 * 24 hours, and one younger than `newForDays` days at most `perDayWhileNew`.
 */
export const ORGANIZATION_INVITATION_LIMITS = {
  resendAfterMinutes: 60,
  perDay: 100,
  perDayWhileNew: 20,
  newForDays: 7,
} as const;

export const ORGANIZATION_INVITATION_MESSAGES = {
  resendTooSoon: (email: string) =>
    `An invitation to ${email} went out less than ${ORGANIZATION_INVITATION_LIMITS.resendAfterMinutes} minutes ago; it can be sent again after that.`,
  dailyCap: (cap: number) =>
    `This organization has sent ${cap} invitations in the last 24 hours, its limit${
      cap === ORGANIZATION_INVITATION_LIMITS.perDayWhileNew
        ? ` while it is new (the first ${ORGANIZATION_INVITATION_LIMITS.newForDays} days)`
        : ''
    }. Try again later.`,
} as const;

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

/** GET /api/organization/people: owners first, then coordinators and reviewers, by name; keyset-paged. */
export const organizationPeopleQuerySchema = z.strictObject({
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.pageSize),
});
export type OrganizationPeopleQuery = z.input<typeof organizationPeopleQuerySchema>;

export const organizationPeopleSchema = z
  .object({
    organizationId: z.number().int(),
    /** One page of the people and open invitations; `nextCursor` asks for the next. */
    people: z.array(organizationPersonSchema),
    nextCursor: z.string().nullable(),
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
  'rejections.released',
  'stage.added',
  'stage.changed',
  'stage.removed',
  'stages.reordered',
  'criterion.added',
  'criterion.renamed',
  'criterion.removed',
  'member.joined',
  'invitation.declined',
  'note.added',
  'note.edited',
  'note.deleted',
  'candidate.rated',
  'candidate.withdrew',
  'policy.changed',
  'policy.exceptionGranted',
  'policy.exceptionRevoked',
  'offer.made',
  'offer.withdrawn',
  'offer.rescinded',
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
  'rejections.released': 'Rejections released',
  'stage.added': 'Stage added',
  'stage.changed': 'Stage changed',
  'stage.removed': 'Stage removed',
  'stages.reordered': 'Stages reordered',
  'criterion.added': 'Rating criterion added',
  'criterion.renamed': 'Rating criterion renamed',
  'criterion.removed': 'Rating criterion removed',
  'member.joined': 'Member joined',
  'invitation.declined': 'Invitation declined',
  'note.added': 'Note added',
  'note.edited': 'Note edited',
  'note.deleted': 'Note deleted',
  'candidate.rated': 'Candidate rated',
  'candidate.withdrew': 'Candidate withdrew',
  'policy.changed': 'Placement policy changed',
  'policy.exceptionGranted': 'Policy exception granted',
  'policy.exceptionRevoked': 'Policy exception revoked',
  'offer.made': 'Offer made',
  'offer.withdrawn': 'Offer withdrawn',
  'offer.rescinded': 'Offer rescinded',
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
    /** Who or what the entry is about, in words: the candidate's name, the member's email, the opening's title. */
    subject: z.string().nullable(),
    /** The whole entry in words, its before → after included (`describeAuditEvent`). */
    summary: z.string(),
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

/**
 * An invitation to join an organization's team, waiting for the invited person (issue 40): nobody joins a team
 * without accepting. GET /api/user/teamInvitations lists the caller's; accept and decline take `{ memberId }`.
 */
export const teamInvitationSchema = z
  .object({
    memberId: z.string(),
    organizationId: z.number().int(),
    organizationName: z.string(),
    role: organizationRoleSchema,
    /** Who sent it, by name (else email); null when that person is gone. */
    invitedBy: z.string().nullable(),
    invitedAt: isoDateTimeSchema,
    expiresAt: isoDateTimeSchema,
  })
  .meta({ id: 'TeamInvitation' });
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;
export const teamInvitationsSchema = z
  .object({ invitations: z.array(teamInvitationSchema) })
  .meta({ id: 'TeamInvitations' });
export type TeamInvitations = z.infer<typeof teamInvitationsSchema>;
export const teamInvitationAnswerBodySchema = z.strictObject({ memberId: z.uuid('Not an invitation id') });
export type TeamInvitationAnswerBody = z.input<typeof teamInvitationAnswerBodySchema>;
export const teamInvitationAnsweredSchema = z
  .object({ memberId: z.string(), organizationId: z.number().int(), organizationName: z.string() })
  .meta({ id: 'TeamInvitationAnswered' });
export type TeamInvitationAnswered = z.infer<typeof teamInvitationAnsweredSchema>;
/** The invitation is gone: revoked, lapsed, answered, or for someone else. */
export const TEAM_INVITATION_GONE = 'This invitation is no longer open: ask the organization to invite you again.';
