import {
  approvalBodySchema,
  followingIdsSchema,
  followStateSchema,
  groupPersonPageSchema,
  groupRequestPageSchema,
  memberRecordsQuerySchema,
  memberRecordsSchema,
  platformRoleSchema,
  recordDecisionBodySchema,
  recordDecisionSchema,
  removeGroupPersonBodySchema,
  requestDecisionBodySchema,
  requestDecisionResultSchema,
  roleGrantBodySchema,
  roleGrantListSchema,
  roleListQuerySchema,
  roleRevokeQuerySchema,
  successEnvelope,
  userRoleQuerySchema,
  userRoleSchema,
  verificationGroupIdBodySchema,
  verificationGroupIdQuerySchema,
  verificationGroupInputSchema,
  verificationGroupListQuerySchema,
  verificationGroupPageSchema,
  verificationGroupSchema,
  verificationGroupUpdateSchema,
  verificationMemberPageSchema,
  verificationScopedListQuerySchema,
  z,
} from '@placely/contract';

const tags = ['verification'];
const one = { 200: successEnvelope(verificationGroupSchema) };
const page = { 200: successEnvelope(verificationGroupPageSchema) };
const removed = { 200: successEnvelope(z.object({ groupId: z.string(), userId: z.number() })) };

export const listVerificationGroupsSchema = {
  tags,
  summary:
    'view=joined (default): the verification groups the caller belongs to or asked to join. view=pending: groups awaiting approval (platform verification admins only).',
  querystring: verificationGroupListQuerySchema,
  response: page,
};
export const adminVerificationGroupsSchema = {
  tags,
  summary:
    'The verification groups the caller has a role in (owner, admin, verifier, viewer) or runs through a role at their institution, newest first',
  querystring: verificationGroupListQuerySchema.pick({ cursor: true, limit: true }),
  response: page,
};
export const verificationDetailsSchema = {
  tags,
  summary:
    "A verification group's details for its join page (?id=), with the caller's membership, follow state and role",
  querystring: verificationGroupIdQuerySchema,
  response: one,
};
export const createVerificationGroupSchema = {
  tags,
  summary:
    'Creates a verification group (organizations; or institution root/admins for their institution). It awaits approval by a platform verification admin; the creator becomes its owner.',
  body: verificationGroupInputSchema,
  response: one,
};
export const updateVerificationGroupSchema = {
  tags,
  summary: "Changes a verification group's name, description or join policy (owners and admins)",
  body: verificationGroupUpdateSchema,
  response: one,
};
export const deleteVerificationGroupSchema = {
  tags,
  summary: 'Deletes a verification group (?id=, owners). Its verifications stop showing as badges.',
  querystring: verificationGroupIdQuerySchema,
  response: { 200: successEnvelope(z.object({ id: z.string() })) },
};
export const approveVerificationGroupSchema = {
  tags,
  summary: 'Approves or rejects a verification group (platform verification admins)',
  body: approvalBodySchema,
  response: one,
};
export const joinVerificationGroupSchema = {
  tags,
  summary: 'Joins (open groups) or asks to join an approved verification group. Idempotent.',
  body: verificationGroupIdBodySchema,
  response: one,
};
export const leaveVerificationGroupSchema = {
  tags,
  summary: 'Leaves a verification group or withdraws a request',
  body: verificationGroupIdBodySchema,
  response: one,
};
export const verificationRequestsSchema = {
  tags,
  summary: 'Pending join requests to the verification groups the caller manages (or one, ?groupId=), oldest first',
  querystring: verificationScopedListQuerySchema,
  response: { 200: successEnvelope(groupRequestPageSchema) },
};
export const acceptVerificationRequestsSchema = {
  tags,
  summary: 'Accepts one or many join requests (ids); idempotent',
  body: requestDecisionBodySchema,
  response: { 200: successEnvelope(requestDecisionResultSchema) },
};
export const declineVerificationRequestsSchema = {
  tags,
  summary: 'Declines one or many join requests (ids); idempotent',
  body: requestDecisionBodySchema,
  response: { 200: successEnvelope(requestDecisionResultSchema) },
};
export const verificationMembersSchema = {
  tags,
  summary: 'Members of the verification groups the caller has a role in (or one, ?groupId=), newest first',
  querystring: verificationScopedListQuerySchema,
  response: { 200: successEnvelope(verificationMemberPageSchema) },
};
export const removeVerificationMemberSchema = {
  tags,
  summary: 'Removes a member (owners and admins); past verifications stay valid',
  body: removeGroupPersonBodySchema,
  response: removed,
};
export const verificationFollowersSchema = {
  tags,
  summary: 'Followers of the verification groups the caller manages (or one, ?groupId=), newest first',
  querystring: verificationScopedListQuerySchema,
  response: { 200: successEnvelope(groupPersonPageSchema) },
};
export const removeVerificationFollowerSchema = {
  tags,
  summary: 'Removes a follower (owners and admins)',
  body: removeGroupPersonBodySchema,
  response: removed,
};
export const followVerificationGroupSchema = {
  tags,
  summary: 'Follows an approved verification group (idempotent)',
  body: verificationGroupIdBodySchema,
  response: { 200: successEnvelope(followStateSchema) },
};
export const unfollowVerificationGroupSchema = {
  tags,
  summary: 'Unfollows a verification group (idempotent)',
  body: verificationGroupIdBodySchema,
  response: { 200: successEnvelope(followStateSchema) },
};
export const followingVerificationGroupIdsSchema = {
  tags,
  summary: 'Ids of the verification groups the caller follows',
  response: { 200: successEnvelope(followingIdsSchema) },
};
export const listRolesSchema = {
  tags,
  summary: 'Who holds which role in a verification group (?groupId=; owners and admins)',
  querystring: roleListQuerySchema,
  response: { 200: successEnvelope(roleGrantListSchema) },
};
export const grantRoleSchema = {
  tags,
  summary:
    'Grants (or changes) the role of an email in a verification group. Someone who has not signed up yet gets it on first sign-in. Owners only for the owner role.',
  body: roleGrantBodySchema,
  response: { 200: successEnvelope(roleGrantListSchema) },
};
export const revokeRoleSchema = {
  tags,
  summary: "Takes an email's role away (?groupId=&email=). The group's creator stays its owner.",
  querystring: roleRevokeQuerySchema,
  response: { 200: successEnvelope(roleGrantListSchema) },
};
export const userRoleRouteSchema = {
  tags,
  summary: "The caller's role in a verification group (?groupId=) and what it lets them do",
  querystring: userRoleQuerySchema,
  response: { 200: successEnvelope(userRoleSchema) },
};
export const memberRecordsRouteSchema = {
  tags,
  summary:
    "A member's education, experience, placements and other records with this group's latest decision on each (every role of the group; members only)",
  querystring: memberRecordsQuerySchema,
  response: { 200: successEnvelope(memberRecordsSchema) },
};
export const recordDecisionRouteSchema = {
  tags,
  summary:
    "Marks one of a member's records verified or rejected (with a note). Verifiers of an approved group only, never their own records; a record changed since it was read is refused.",
  body: recordDecisionBodySchema,
  response: { 200: successEnvelope(recordDecisionSchema) },
};

export const platformRoleRouteSchema = {
  tags,
  summary: 'Whether the caller is a platform verification admin (VERIFICATION_ADMIN_EMAILS), who approves new groups',
  response: { 200: successEnvelope(platformRoleSchema) },
};
