import {
  approvalBodySchema,
  memberRecordsQuerySchema,
  memberRecordsSchema,
  platformRoleSchema,
  recordDecisionBodySchema,
  recordDecisionSchema,
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
} from '@placely/contract';
import { circleEditSchemas, type MembershipSchemaWords } from '../memberships/schema';

const tags = ['verification'];
const one = { 200: successEnvelope(verificationGroupSchema) };
const page = { 200: successEnvelope(verificationGroupPageSchema) };

/** The shared membership endpoints (routes/memberships) in a verification group's words. */
export const verificationMembershipWords: MembershipSchemaWords = {
  tag: 'verification',
  noun: 'verification group',
  circle: verificationGroupSchema,
  idQuery: verificationGroupIdQuerySchema,
  groupIdBody: verificationGroupIdBodySchema,
  memberPage: verificationMemberPageSchema,
  managedScope: 'the verification groups the caller manages',
  membersScope: 'the verification groups the caller has a role in',
  notes: {
    details: "Includes the caller's role.",
    join: 'Only approved verification groups take members.',
    follow: 'Only approved verification groups take followers.',
    removeMember: '; records it already verified keep their badge.',
  },
};

export const adminVerificationGroupsSchema = {
  tags,
  summary:
    'The verification groups the caller has a role in (owner, admin, verifier, viewer) or runs through a role at their institution, newest first',
  querystring: verificationGroupListQuerySchema.pick({ cursor: true, limit: true }),
  response: page,
};
export const {
  list: listVerificationGroupsSchema,
  create: createVerificationGroupSchema,
  update: updateVerificationGroupSchema,
  delete: deleteVerificationGroupSchema,
} = circleEditSchemas(
  verificationMembershipWords,
  {
    listQuery: verificationGroupListQuerySchema,
    page: verificationGroupPageSchema,
    input: verificationGroupInputSchema,
    update: verificationGroupUpdateSchema,
    idQuery: verificationGroupIdQuerySchema,
  },
  {
    list: 'view=joined (default): the verification groups the caller belongs to or asked to join. view=pending: groups awaiting approval (platform verification admins only).',
    create:
      'Creates a verification group (organizations; or institution root/admins for their institution). It awaits approval by a platform verification admin; the creator becomes its owner.',
    update: "Changes a verification group's name, description or join policy (owners and admins)",
    delete: 'Deletes a verification group (?id=, owners). Its verifications stop showing as badges.',
  },
);
export const approveVerificationGroupSchema = {
  tags,
  summary: 'Approves or rejects a verification group (platform verification admins)',
  body: approvalBodySchema,
  response: one,
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
