import { optionalText, requiredText } from './common';
import { pageOf } from './envelope';
import { LIMITS } from './limits';
import * as z from './zod';

/**
 * Groups (issue #5): an organization's circles of candidates. People join through a shared link (open groups at once,
 * request groups after the organization accepts), anyone may follow, and openings can be limited to members.
 */

export const GROUP_LIMITS = {
  name: 120,
  description: 2000,
  /** Most request ids one accept/decline call takes. */
  bulkDecision: 100,
} as const;

export const GROUP_VISIBILITIES = ['public', 'unlisted'] as const;
export const groupVisibilitySchema = z.enum(GROUP_VISIBILITIES, { message: 'Choose who can find the group' });
export type GroupVisibility = z.infer<typeof groupVisibilitySchema>;
export const GROUP_VISIBILITY_LABELS: Record<GroupVisibility, string> = {
  public: 'Public: listed with your organization',
  unlisted: 'Unlisted: only people with the link',
};

export const JOIN_POLICIES = ['open', 'request', 'closed'] as const;
export const joinPolicySchema = z.enum(JOIN_POLICIES, { message: 'Choose how people join' });
export type JoinPolicy = z.infer<typeof joinPolicySchema>;
export const JOIN_POLICY_LABELS: Record<JoinPolicy, string> = {
  open: 'Open: anyone with the link joins at once',
  request: 'By request: you accept each person',
  closed: 'Closed: nobody new can join',
};

/** A person's standing in a group (or verification group); declined people may ask again. */
export const MEMBERSHIP_STATES = ['requested', 'member', 'declined'] as const;
export const membershipStateSchema = z.enum(MEMBERSHIP_STATES);
export type MembershipState = z.infer<typeof membershipStateSchema>;

const cursorQuery = {
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.pageSize),
};

export const groupInputSchema = z.strictObject({
  name: requiredText(GROUP_LIMITS.name),
  description: optionalText(GROUP_LIMITS.description),
  visibility: groupVisibilitySchema.default('public'),
  joinPolicy: joinPolicySchema.default('request'),
});
export type GroupInput = z.input<typeof groupInputSchema>;

export const groupUpdateSchema = z.strictObject({
  id: z.uuid('Not a group id'),
  name: requiredText(GROUP_LIMITS.name).optional(),
  description: optionalText(GROUP_LIMITS.description),
  visibility: groupVisibilitySchema.optional(),
  joinPolicy: joinPolicySchema.optional(),
});
export type GroupUpdate = z.input<typeof groupUpdateSchema>;

export const groupIdQuerySchema = z.strictObject({ id: z.uuid('Not a group id') });
export const groupIdBodySchema = z.strictObject({ groupId: z.uuid('Not a group id') });

/** Who runs a group or verification group, as shown on its join page. */
export const ownerSummarySchema = z
  .object({ userId: z.number(), name: z.string(), logo: z.string().nullable() })
  .meta({ id: 'OwnerSummary' });
export type OwnerSummary = z.infer<typeof ownerSummarySchema>;

export const groupAbilitiesSchema = z.object({
  /** Edit, see requests, members and followers, accept, decline, remove. */
  manage: z.boolean(),
  delete: z.boolean(),
  join: z.boolean(),
  leave: z.boolean(),
  follow: z.boolean(),
});
export type GroupAbilities = z.infer<typeof groupAbilitiesSchema>;

export const groupSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    visibility: groupVisibilitySchema,
    joinPolicy: joinPolicySchema,
    organization: ownerSummarySchema,
    memberCount: z.number(),
    /** Only for those who manage the group; null for everyone else. */
    pendingRequestCount: z.number().nullable(),
    followerCount: z.number().nullable(),
    createdAt: z.string(),
    /** The caller's own standing; null fields when signed out. */
    viewer: z.object({ membership: membershipStateSchema.nullable(), following: z.boolean() }),
    abilities: groupAbilitiesSchema,
  })
  .meta({ id: 'Group' });
export type Group = z.infer<typeof groupSchema>;
export const groupPageSchema = pageOf(groupSchema).meta({ id: 'GroupPage' });
export type GroupPage = z.infer<typeof groupPageSchema>;

export const groupListQuerySchema = z.strictObject({
  /** Lists that organization's public groups instead of the caller's own. */
  organizationId: z.coerce.number().int().positive().optional(),
  ...cursorQuery,
});

/** The public summary of a person an organization sees in requests, members and followers. */
export const personSummarySchema = z
  .object({
    userId: z.number(),
    name: z.string(),
    photo: z.string().nullable(),
    headline: z.string().nullable(),
    institutionName: z.string().nullable(),
    /** Their current or latest education, as they entered it. */
    education: z
      .object({ degree: z.string(), institutionName: z.string(), endMonth: z.string().nullable() })
      .nullable(),
  })
  .meta({ id: 'PersonSummary' });
export type PersonSummary = z.infer<typeof personSummarySchema>;

export const groupRequestSchema = z
  .object({
    id: z.string(),
    groupId: z.string(),
    groupName: z.string(),
    state: membershipStateSchema,
    requestedAt: z.string(),
    person: personSummarySchema,
  })
  .meta({ id: 'GroupRequest' });
export type GroupRequest = z.infer<typeof groupRequestSchema>;
export const groupRequestPageSchema = pageOf(groupRequestSchema).meta({ id: 'GroupRequestPage' });
export type GroupRequestPage = z.infer<typeof groupRequestPageSchema>;

/** Requests, members and followers lists: all the caller's groups, or one. */
export const groupScopedListQuerySchema = z.strictObject({
  groupId: z.uuid('Not a group id').optional(),
  ...cursorQuery,
});

export const requestDecisionBodySchema = z.strictObject({
  ids: z
    .array(z.uuid('Not a request id'))
    .min(1, 'Choose at least one request')
    .max(GROUP_LIMITS.bulkDecision, `At most ${GROUP_LIMITS.bulkDecision} requests at once`)
    .transform((ids) => [...new Set(ids)]),
});
export type RequestDecisionBody = z.input<typeof requestDecisionBodySchema>;

/** Accept/decline answer: every id with its state now; `changed` counts the ones this call decided. */
export const requestDecisionResultSchema = z
  .object({
    changed: z.number(),
    requests: z.array(z.object({ id: z.string(), state: membershipStateSchema })),
  })
  .meta({ id: 'RequestDecisionResult' });
export type RequestDecisionResult = z.infer<typeof requestDecisionResultSchema>;

/** A member or follower row of a group's lists. */
export const groupPersonSchema = z
  .object({
    id: z.string(),
    groupId: z.string(),
    groupName: z.string(),
    since: z.string(),
    person: personSummarySchema,
  })
  .meta({ id: 'GroupPerson' });
export type GroupPerson = z.infer<typeof groupPersonSchema>;
export const groupPersonPageSchema = pageOf(groupPersonSchema).meta({ id: 'GroupPersonPage' });
export type GroupPersonPage = z.infer<typeof groupPersonPageSchema>;

export const removeGroupPersonBodySchema = z.strictObject({
  groupId: z.uuid('Not a group id'),
  userId: z.number().int().positive('Not a user id'),
});
export type RemoveGroupPersonBody = z.input<typeof removeGroupPersonBodySchema>;

export const followingIdsSchema = z.object({ ids: z.array(z.string()) }).meta({ id: 'FollowingIds' });
export type FollowingIds = z.infer<typeof followingIdsSchema>;

/** Follow/unfollow answer: the state after the call (both are idempotent). */
export const followStateSchema = z.object({ groupId: z.string(), following: z.boolean() }).meta({ id: 'FollowState' });
export type FollowState = z.infer<typeof followStateSchema>;
