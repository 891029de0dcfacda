import { optionalText, requiredText } from './common';
import { pageOf } from './envelope';
import { LIMITS } from './limits';
import * as z from './zod';

/**
 * Membership (issue #5, one model since #11): every kind of circle people join through a link — groups, verification
 * groups, and kinds still to come — shares these shapes: how people join, the states of a membership, the join
 * requests and the member/follower rows a manager sees, and the bodies of deciding, removing and following. A kind
 * adds only its own fields (groups: visibility; verification groups: approval, institution, roles).
 */

export const MEMBERSHIP_LIMITS = {
  name: 120,
  description: 2000,
  /** Most request ids one accept/decline call takes. */
  bulkDecision: 100,
} as const;

export const JOIN_POLICIES = ['open', 'request', 'closed'] as const;
export const joinPolicySchema = z.enum(JOIN_POLICIES, { message: 'Choose how people join' });
export type JoinPolicy = z.infer<typeof joinPolicySchema>;
export const JOIN_POLICY_LABELS: Record<JoinPolicy, string> = {
  open: 'Open: anyone with the link joins at once',
  request: 'By request: you accept each person',
  closed: 'Closed: nobody new can join',
};

/** A person's standing in a circle; declined people may ask again. */
export const MEMBERSHIP_STATES = ['requested', 'member', 'declined'] as const;
export const membershipStateSchema = z.enum(MEMBERSHIP_STATES);
export type MembershipState = z.infer<typeof membershipStateSchema>;

/** Keyset paging of every membership list. */
export const pageQueryShape = {
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.pageSize),
};

/** Name, description and join policy: what every kind's create form asks. */
export const circleInputShape = {
  name: requiredText(MEMBERSHIP_LIMITS.name),
  description: optionalText(MEMBERSHIP_LIMITS.description),
  joinPolicy: joinPolicySchema.default('request'),
};

/** The id bodies and queries of one kind; `noun` names it in the 400 ("Not a group id"). */
export function circleIdSchemas(noun: string) {
  const id = z.uuid(`Not a ${noun} id`);
  return {
    id,
    /** ?id= */
    idQuery: z.strictObject({ id }),
    /** {groupId} */
    groupIdBody: z.strictObject({ groupId: id }),
    /** {id, name?, description?, joinPolicy?}: the changes every kind allows. */
    updateShape: {
      id,
      name: requiredText(MEMBERSHIP_LIMITS.name).optional(),
      description: optionalText(MEMBERSHIP_LIMITS.description),
      joinPolicy: joinPolicySchema.optional(),
    },
  };
}

/** Who runs a circle, as shown on its join page. */
export const ownerSummarySchema = z
  .object({ userId: z.number(), name: z.string(), logo: z.string().nullable() })
  .meta({ id: 'OwnerSummary' });
export type OwnerSummary = z.infer<typeof ownerSummarySchema>;

/** What the caller may do with a circle; kinds add their own abilities. */
export const membershipAbilitiesSchema = z.object({
  /** Edit, see requests, members and followers, accept, decline, remove. */
  manage: z.boolean(),
  delete: z.boolean(),
  join: z.boolean(),
  leave: z.boolean(),
  follow: z.boolean(),
});
export type MembershipAbilities = z.infer<typeof membershipAbilitiesSchema>;

/** The caller's own standing; null fields when signed out. */
export const membershipViewerSchema = z.object({
  membership: membershipStateSchema.nullable(),
  following: z.boolean(),
});
export type MembershipViewer = z.infer<typeof membershipViewerSchema>;

/** The fields every presented circle has. */
export const circleShape = {
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  joinPolicy: joinPolicySchema,
  memberCount: z.number(),
  /** Only for those who manage the circle; null for everyone else. */
  pendingRequestCount: z.number().nullable(),
  followerCount: z.number().nullable(),
  createdAt: z.string(),
};
/** Any kind's circle, as the shared membership views read it. */
export type Circle = z.infer<z.ZodObject<typeof circleShape>> & {
  viewer: MembershipViewer;
  abilities: MembershipAbilities;
};

/** The public summary of a person a manager sees in requests, members and followers. */
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

/** Which circle a request, member or follower row belongs to. */
const circleRowShape = { id: z.string(), groupId: z.string(), groupName: z.string() };

export const groupRequestSchema = z
  .object({ ...circleRowShape, state: membershipStateSchema, requestedAt: z.string(), person: personSummarySchema })
  .meta({ id: 'GroupRequest' });
export type GroupRequest = z.infer<typeof groupRequestSchema>;
export const groupRequestPageSchema = pageOf(groupRequestSchema).meta({ id: 'GroupRequestPage' });
export type GroupRequestPage = z.infer<typeof groupRequestPageSchema>;

/** A member or follower row of a circle's lists. */
export const groupPersonSchema = z
  .object({ ...circleRowShape, since: z.string(), person: personSummarySchema })
  .meta({ id: 'GroupPerson' });
export type GroupPerson = z.infer<typeof groupPersonSchema>;
export const groupPersonPageSchema = pageOf(groupPersonSchema).meta({ id: 'GroupPersonPage' });
export type GroupPersonPage = z.infer<typeof groupPersonPageSchema>;

/** Requests, members and followers lists: all the caller's circles, or one. */
export const groupScopedListQuerySchema = z.strictObject({
  groupId: z.uuid('Not a group id').optional(),
  ...pageQueryShape,
});

export const requestDecisionBodySchema = z.strictObject({
  ids: z
    .array(z.uuid('Not a request id'))
    .min(1, 'Choose at least one request')
    .max(MEMBERSHIP_LIMITS.bulkDecision, `At most ${MEMBERSHIP_LIMITS.bulkDecision} requests at once`)
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
