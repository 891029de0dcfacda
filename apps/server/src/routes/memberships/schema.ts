import {
  followingIdsSchema,
  followStateSchema,
  groupPersonPageSchema,
  groupRequestPageSchema,
  groupScopedListQuerySchema,
  removeGroupPersonBodySchema,
  requestDecisionBodySchema,
  requestDecisionResultSchema,
  successEnvelope,
  z,
} from '@placely/contract';

/** What a kind tells the factory about its shapes and words; everything else is the same for every kind. */
export interface MembershipSchemaWords {
  /** OpenAPI tag of the kind's routes. */
  tag: string;
  /** "group", "verification group": used in summaries and messages. */
  noun: string;
  /** The kind's presented circle (Group, VerificationGroup, …). */
  circle: z.ZodType;
  /** `?id=` and `{groupId}` with the kind's own "Not a … id" message. */
  idQuery: z.ZodType;
  groupIdBody: z.ZodType;
  /** Member rows; a kind may add fields (verification: verifiedCount). */
  memberPage?: z.ZodType;
  /** Who sees the members list, in words ("the caller's groups", "… the caller has a role in"). */
  membersScope?: string;
  /** Who runs the circles, in words, for the summaries of the lists only they see. */
  managedScope: string;
  /** Kind-specific notes appended to a summary. */
  notes?: Partial<Record<'join' | 'follow' | 'removeMember' | 'details', string>>;
}

const removed = { 200: successEnvelope(z.object({ groupId: z.string(), userId: z.number() })) };

/** The OpenAPI/zod schemas of the shared membership endpoints of one kind. */
export function membershipSchemas(words: MembershipSchemaWords) {
  const tags = [words.tag];
  const one = { 200: successEnvelope(words.circle) };
  const { noun, notes = {} } = words;
  const note = (key: keyof typeof notes) => (notes[key] ? ` ${notes[key]}` : '');
  return {
    details: {
      tags,
      summary: `A ${noun}'s public details for its join page (?id=) and, when signed in, the caller's membership and follow state.${note('details')}`,
      querystring: words.idQuery,
      response: one,
    },
    join: {
      tags,
      summary: `Joins a ${noun} (open ones) or asks to join (by request). Idempotent; a declined person may ask again.${note('join')}`,
      body: words.groupIdBody,
      response: one,
    },
    leave: {
      tags,
      summary: `Leaves a ${noun} or withdraws a pending request`,
      body: words.groupIdBody,
      response: one,
    },
    requests: {
      tags,
      summary: `Pending join requests to ${words.managedScope} (or one, ?groupId=), oldest first, with each person's summary`,
      querystring: groupScopedListQuerySchema,
      response: { 200: successEnvelope(groupRequestPageSchema) },
    },
    accept: {
      tags,
      summary: 'Accepts one or many join requests (ids). Accepting an accepted request changes nothing.',
      body: requestDecisionBodySchema,
      response: { 200: successEnvelope(requestDecisionResultSchema) },
    },
    decline: {
      tags,
      summary: 'Declines one or many join requests (ids). Declining a declined request changes nothing.',
      body: requestDecisionBodySchema,
      response: { 200: successEnvelope(requestDecisionResultSchema) },
    },
    members: {
      tags,
      summary: `Members of ${words.membersScope ?? words.managedScope} (or one, ?groupId=), newest first`,
      querystring: groupScopedListQuerySchema,
      response: { 200: successEnvelope(words.memberPage ?? groupPersonPageSchema) },
    },
    followers: {
      tags,
      summary: `Followers of ${words.managedScope} (or one, ?groupId=), newest first`,
      querystring: groupScopedListQuerySchema,
      response: { 200: successEnvelope(groupPersonPageSchema) },
    },
    removeMember: {
      tags,
      summary: `Removes a member from a ${noun} (they may ask to join again)${note('removeMember')}`,
      body: removeGroupPersonBodySchema,
      response: removed,
    },
    removeFollower: {
      tags,
      summary: `Removes a follower from a ${noun}`,
      body: removeGroupPersonBodySchema,
      response: removed,
    },
    follow: {
      tags,
      summary: `Follows a ${noun} (idempotent)${note('follow')}`,
      body: words.groupIdBody,
      response: { 200: successEnvelope(followStateSchema) },
    },
    unfollow: {
      tags,
      summary: `Unfollows a ${noun} (idempotent)`,
      body: words.groupIdBody,
      response: { 200: successEnvelope(followStateSchema) },
    },
    followingIds: {
      tags,
      summary: `Ids of the ${noun}s the caller follows`,
      response: { 200: successEnvelope(followingIdsSchema) },
    },
  };
}

/**
 * The list (GET, keyset pages), create (POST), change (PATCH) and delete (DELETE ?id=) of one kind's circles: the
 * queries, bodies and words are the kind's.
 */
export function circleEditSchemas<
  L extends z.ZodType,
  P extends z.ZodType,
  I extends z.ZodType,
  U extends z.ZodType,
  Q extends z.ZodType,
>(
  words: MembershipSchemaWords,
  shapes: { listQuery: L; page: P; input: I; update: U; idQuery: Q },
  summaries: { list: string; create: string; update: string; delete: string },
) {
  const tags = [words.tag];
  const one = { 200: successEnvelope(words.circle) };
  return {
    list: {
      tags,
      summary: summaries.list,
      querystring: shapes.listQuery,
      response: { 200: successEnvelope(shapes.page) },
    },
    create: { tags, summary: summaries.create, body: shapes.input, response: one },
    update: { tags, summary: summaries.update, body: shapes.update, response: one },
    delete: {
      tags,
      summary: summaries.delete,
      querystring: shapes.idQuery,
      response: { 200: successEnvelope(z.object({ id: z.string() })) },
    },
  };
}
