import { emailSchema, idSchema, optionalText } from './common';
import { pageOf } from './envelope';
import { educationEntrySchema, experienceEntrySchema, otherEntrySchema, placementEntrySchema } from './individual';
import {
  circleIdSchemas,
  circleInputShape,
  circleShape,
  groupPersonSchema,
  groupScopedListQuerySchema,
  MEMBERSHIP_LIMITS,
  membershipAbilitiesSchema,
  membershipViewerSchema,
  ownerSummarySchema,
  pageQueryShape,
  personSummarySchema,
} from './membership';
import * as z from './zod';

/**
 * Verification groups (issue #5): an institution or organization vouches for its members' records item by item.
 * Roles inside a group are granted by email; a platform verification admin approves a group before it goes live.
 */

export const VERIFICATION_LIMITS = {
  name: MEMBERSHIP_LIMITS.name,
  description: MEMBERSHIP_LIMITS.description,
  note: 1000,
} as const;

export const VERIFICATION_ROLES = ['owner', 'admin', 'verifier', 'viewer'] as const;
export const verificationRoleSchema = z.enum(VERIFICATION_ROLES, { message: 'Choose a role' });
export type VerificationRole = z.infer<typeof verificationRoleSchema>;
export const VERIFICATION_ROLE_LABELS: Record<VerificationRole, string> = {
  owner: 'Owner: everything, including deleting the group',
  admin: 'Admin: details, requests, members and roles',
  verifier: "Verifier: verifies members' records",
  viewer: "Viewer: sees members and their records' status",
};

export const APPROVAL_STATES = ['pending', 'approved', 'rejected'] as const;
export const approvalStateSchema = z.enum(APPROVAL_STATES);
export type ApprovalState = z.infer<typeof approvalStateSchema>;

/** The profile records a verifier can vouch for, named after the section each lives in. */
export const RECORD_KINDS = ['education', 'experience', 'placement', 'other'] as const;
export const recordKindSchema = z.enum(RECORD_KINDS, { message: 'Choose a record kind' });
export type RecordKind = z.infer<typeof recordKindSchema>;

export const VERIFICATION_DECISIONS = ['verified', 'rejected'] as const;
export const verificationDecisionSchema = z.enum(VERIFICATION_DECISIONS, { message: 'Choose verified or rejected' });
export type VerificationDecision = z.infer<typeof verificationDecisionSchema>;

const verificationGroupIds = circleIdSchemas('verification group');

export const verificationGroupInputSchema = z.strictObject({
  ...circleInputShape,
  /** Run on behalf of an institution: only its root or admins may do that. */
  institutionId: idSchema
    .nullish()
    .transform((value) => value ?? null)
    .meta({ description: 'The institution this group verifies for (you must hold a role at it)' }),
});
export type VerificationGroupInput = z.input<typeof verificationGroupInputSchema>;

export const verificationGroupUpdateSchema = z.strictObject(verificationGroupIds.updateShape);
export type VerificationGroupUpdate = z.input<typeof verificationGroupUpdateSchema>;

export const verificationGroupIdQuerySchema = verificationGroupIds.idQuery;
export const verificationGroupIdBodySchema = verificationGroupIds.groupIdBody;
const verificationGroupId = verificationGroupIds.id;

export const verificationAbilitiesSchema = membershipAbilitiesSchema.extend({
  /** Grant or revoke the owner role. */
  grantOwner: z.boolean(),
  verify: z.boolean(),
  /** See members and their records (every role). */
  viewMembers: z.boolean(),
  /** Platform verification admins, while the group awaits approval. */
  approve: z.boolean(),
});
export type VerificationAbilities = z.infer<typeof verificationAbilitiesSchema>;

export const verificationGroupSchema = z
  .object({
    ...circleShape,
    approvalState: approvalStateSchema,
    institution: z.object({ institutionId: z.number(), name: z.string() }).nullable(),
    owner: ownerSummarySchema,
    viewer: membershipViewerSchema.extend({ role: verificationRoleSchema.nullable() }),
    abilities: verificationAbilitiesSchema,
  })
  .meta({ id: 'VerificationGroup' });
export type VerificationGroup = z.infer<typeof verificationGroupSchema>;
export const verificationGroupPageSchema = pageOf(verificationGroupSchema).meta({ id: 'VerificationGroupPage' });
export type VerificationGroupPage = z.infer<typeof verificationGroupPageSchema>;

export const VERIFICATION_LIST_VIEWS = ['joined', 'pending'] as const;
export const verificationGroupListQuerySchema = z.strictObject({
  /** joined: groups you belong to or asked to join; pending: awaiting approval (verification admins only). */
  view: z.enum(VERIFICATION_LIST_VIEWS).default('joined'),
  ...pageQueryShape,
});

export const verificationScopedListQuerySchema = groupScopedListQuerySchema;

/** Whether the caller is one of the platform verification admins (they approve new groups). */
export const platformRoleSchema = z.object({ verificationAdmin: z.boolean() }).meta({ id: 'PlatformRole' });
export type PlatformRole = z.infer<typeof platformRoleSchema>;

export const approvalBodySchema = z.strictObject({
  id: verificationGroupId,
  decision: z.enum(['approved', 'rejected'], { message: 'Choose approved or rejected' }),
});
export type ApprovalBody = z.input<typeof approvalBodySchema>;

// Roles ---------------------------------------------------------------------------------------------------------

export const roleGrantBodySchema = z.strictObject({
  groupId: verificationGroupId,
  email: emailSchema,
  role: verificationRoleSchema,
});
export type RoleGrantBody = z.input<typeof roleGrantBodySchema>;

export const roleRevokeQuerySchema = z.strictObject({
  groupId: verificationGroupId,
  email: emailSchema,
});

export const roleListQuerySchema = z.strictObject({ groupId: verificationGroupId });

export const roleGrantSchema = z
  .object({
    email: z.string(),
    role: verificationRoleSchema,
    /** Null until someone signs in with this email; the role applies from their first sign-in. */
    userId: z.number().nullable(),
    name: z.string().nullable(),
    grantedAt: z.string(),
    /** The group's creator keeps the owner role. */
    removable: z.boolean(),
  })
  .meta({ id: 'RoleGrant' });
export type RoleGrant = z.infer<typeof roleGrantSchema>;
export const roleGrantListSchema = z.object({ roles: z.array(roleGrantSchema) }).meta({ id: 'RoleGrantList' });
export type RoleGrantList = z.infer<typeof roleGrantListSchema>;

export const userRoleQuerySchema = z.strictObject({ groupId: verificationGroupId });
export const userRoleSchema = z
  .object({
    groupId: z.string(),
    role: verificationRoleSchema.nullable(),
    /** Set when the access comes from a role at the group's institution. */
    institutionRole: z.string().nullable(),
    abilities: verificationAbilitiesSchema,
  })
  .meta({ id: 'VerificationUserRole' });
export type VerificationUserRole = z.infer<typeof userRoleSchema>;

// Verifying -----------------------------------------------------------------------------------------------------

export const memberRecordsQuerySchema = z.strictObject({
  groupId: verificationGroupId,
  userId: z.coerce.number().int().positive('Not a user id'),
});

/** This group's latest decision on one record. */
export const recordDecisionSchema = z
  .object({
    recordKind: recordKindSchema,
    recordId: z.string(),
    decision: verificationDecisionSchema,
    note: z.string().nullable(),
    decidedAt: z.string(),
    verifierName: z.string(),
  })
  .meta({ id: 'RecordDecision' });
export type RecordDecision = z.infer<typeof recordDecisionSchema>;

export const memberRecordsSchema = z
  .object({
    groupId: z.string(),
    person: personSummarySchema,
    education: z.array(educationEntrySchema),
    experience: z.array(experienceEntrySchema),
    placements: z.array(placementEntrySchema),
    others: z.array(otherEntrySchema),
    /** One per record above: its version (send it back when deciding) and this group's latest decision on it. */
    records: z.array(
      z.object({
        recordKind: recordKindSchema,
        recordId: z.string(),
        updatedAt: z.string(),
        decision: recordDecisionSchema.nullable(),
      }),
    ),
    canVerify: z.boolean(),
  })
  .meta({ id: 'MemberRecords' });
export type MemberRecords = z.infer<typeof memberRecordsSchema>;

export const recordDecisionBodySchema = z
  .strictObject({
    groupId: verificationGroupId,
    userId: z.number().int().positive('Not a user id'),
    recordKind: recordKindSchema,
    recordId: z.uuid('Not a record id'),
    /** The record's updatedAt as the verifier saw it: a record changed since is refused, never verified unseen. */
    recordUpdatedAt: z.string().max(40),
    decision: verificationDecisionSchema,
    note: optionalText(VERIFICATION_LIMITS.note),
  })
  .superRefine((value, ctx) => {
    if (value.decision === 'rejected' && !value.note) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'Say why the record is rejected' });
    }
  });
export type RecordDecisionBody = z.input<typeof recordDecisionBodySchema>;

/** A verified record as others see it: who vouched for it and when. */
export const verificationBadgeSchema = z
  .object({
    recordKind: recordKindSchema,
    recordId: z.string(),
    groupId: z.string(),
    groupName: z.string(),
    verifierName: z.string(),
    verifiedAt: z.string(),
  })
  .meta({ id: 'VerificationBadge' });
export type VerificationBadge = z.infer<typeof verificationBadgeSchema>;

export const verificationMemberSchema = groupPersonSchema
  .extend({
    /** How many of the person's records this group has verified (latest decision). */
    verifiedCount: z.number(),
  })
  .meta({ id: 'VerificationMember' });
export type VerificationMember = z.infer<typeof verificationMemberSchema>;
export const verificationMemberPageSchema = pageOf(verificationMemberSchema).meta({ id: 'VerificationMemberPage' });
export type VerificationMemberPage = z.infer<typeof verificationMemberPageSchema>;
