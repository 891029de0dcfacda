import {
  followingIdsSchema,
  followStateSchema,
  groupIdBodySchema,
  groupIdQuerySchema,
  groupInputSchema,
  groupListQuerySchema,
  groupPageSchema,
  groupPersonPageSchema,
  groupRequestPageSchema,
  groupSchema,
  groupScopedListQuerySchema,
  groupUpdateSchema,
  removeGroupPersonBodySchema,
  requestDecisionBodySchema,
  requestDecisionResultSchema,
  successEnvelope,
  z,
} from '@placely/contract';

const tags = ['groups'];
const one = { 200: successEnvelope(groupSchema) };

export const listGroupsSchema = {
  tags,
  summary:
    "The caller's groups: an organization's own groups (newest first); an individual's joined and requested groups. With organizationId: that organization's public groups.",
  querystring: groupListQuerySchema,
  response: { 200: successEnvelope(groupPageSchema) },
};
export const createGroupSchema = {
  tags,
  summary: 'Creates a group (organizations only)',
  body: groupInputSchema,
  response: one,
};
export const updateGroupSchema = {
  tags,
  summary: "Changes a group's name, description, visibility or join policy",
  body: groupUpdateSchema,
  response: one,
};
export const deleteGroupSchema = {
  tags,
  summary: 'Deletes a group (?id=). Members lose nothing from their own profiles; the group leaves every list.',
  querystring: groupIdQuerySchema,
  response: { 200: successEnvelope(z.object({ id: z.string() })) },
};
export const groupDetailsSchema = {
  tags,
  summary:
    "A group's public details for its join page (?id=): name, organization, member count and, when signed in, the caller's membership and follow state",
  querystring: groupIdQuerySchema,
  response: one,
};
export const joinGroupSchema = {
  tags,
  summary:
    'Joins a group (open groups) or asks to join (groups by request). Idempotent; a declined person may ask again.',
  body: groupIdBodySchema,
  response: one,
};
export const leaveGroupSchema = {
  tags,
  summary: 'Leaves a group or withdraws a pending request',
  body: groupIdBodySchema,
  response: one,
};
export const groupRequestsSchema = {
  tags,
  summary: "Pending join requests to the caller's groups (or one, ?groupId=), oldest first, with each person's summary",
  querystring: groupScopedListQuerySchema,
  response: { 200: successEnvelope(groupRequestPageSchema) },
};
export const acceptRequestsSchema = {
  tags,
  summary: 'Accepts one or many join requests (ids). Accepting an accepted request changes nothing.',
  body: requestDecisionBodySchema,
  response: { 200: successEnvelope(requestDecisionResultSchema) },
};
export const declineRequestsSchema = {
  tags,
  summary: 'Declines one or many join requests (ids). Declining a declined request changes nothing.',
  body: requestDecisionBodySchema,
  response: { 200: successEnvelope(requestDecisionResultSchema) },
};
export const groupMembersSchema = {
  tags,
  summary: "Members of the caller's groups (or one, ?groupId=), newest first",
  querystring: groupScopedListQuerySchema,
  response: { 200: successEnvelope(groupPersonPageSchema) },
};
export const removeMemberSchema = {
  tags,
  summary: 'Removes a member from a group (they may ask to join again)',
  body: removeGroupPersonBodySchema,
  response: { 200: successEnvelope(z.object({ groupId: z.string(), userId: z.number() })) },
};
export const groupFollowersSchema = {
  tags,
  summary: "Followers of the caller's groups (or one, ?groupId=), newest first",
  querystring: groupScopedListQuerySchema,
  response: { 200: successEnvelope(groupPersonPageSchema) },
};
export const removeFollowerSchema = {
  tags,
  summary: 'Removes a follower from a group',
  body: removeGroupPersonBodySchema,
  response: { 200: successEnvelope(z.object({ groupId: z.string(), userId: z.number() })) },
};
export const followGroupSchema = {
  tags,
  summary: 'Follows a group (idempotent)',
  body: groupIdBodySchema,
  response: { 200: successEnvelope(followStateSchema) },
};
export const unfollowGroupSchema = {
  tags,
  summary: 'Unfollows a group (idempotent)',
  body: groupIdBodySchema,
  response: { 200: successEnvelope(followStateSchema) },
};
export const followingGroupIdsSchema = {
  tags,
  summary: 'Ids of the groups the caller follows',
  response: { 200: successEnvelope(followingIdsSchema) },
};
