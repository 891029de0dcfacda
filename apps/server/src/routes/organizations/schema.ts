import {
  activityQuerySchema,
  auditEventPageSchema,
  deleteOrganizationQuerySchema,
  myOrganizationsSchema,
  openingChangesQuerySchema,
  openingChangesSchema,
  organizationInviteBodySchema,
  organizationMemberQuerySchema,
  organizationMemberUpdateBodySchema,
  organizationPeopleQuerySchema,
  organizationPeopleSchema,
  organizationPersonSchema,
  organizationProfileSavedSchema,
  organizationProfileViewSchema,
  successEnvelope,
  teamInvitationAnswerBodySchema,
  teamInvitationAnsweredSchema,
  teamInvitationsSchema,
  updateOrganizationProfileBodySchema,
  z,
} from '@placely/contract';

const ACTING_FOR =
  "Acts for the organization named in the X-Organization-Id header (else the caller's own organization account); the caller's membership and role are checked on every request.";

export const myOrganizationsRouteSchema = {
  tags: ['organizations'],
  summary: 'The organizations the caller belongs to, with their role: the account-menu switch',
  response: { 200: successEnvelope(myOrganizationsSchema) },
};

export const organizationPeopleRouteSchema = {
  tags: ['organizations'],
  summary: `The people of the organization and open invitations, with roles and the openings they cover: owners first, then by name, keyset-paged. ${ACTING_FOR}`,
  querystring: organizationPeopleQuerySchema,
  response: { 200: successEnvelope(organizationPeopleSchema) },
};

export const inviteMemberSchema = {
  tags: ['organizations'],
  summary: `Invites someone by email as owner, coordinator or reviewer (owners). The person joins once they accept (GET /api/user/teamInvitations). ${ACTING_FOR}`,
  body: organizationInviteBodySchema,
  response: { 200: successEnvelope(organizationPersonSchema) },
};

export const updateMemberSchema = {
  tags: ['organizations'],
  summary: `Changes a person's role and the openings it covers (owners); the last owner cannot be demoted. ${ACTING_FOR}`,
  body: organizationMemberUpdateBodySchema,
  response: { 200: successEnvelope(organizationPersonSchema) },
};

export const removeMemberSchema = {
  tags: ['organizations'],
  summary: `Removes a person or an open invitation (owners); access ends with their next request. ${ACTING_FOR}`,
  querystring: organizationMemberQuerySchema,
  response: { 200: successEnvelope(z.object({ memberId: z.string() })) },
};

export const revokeInvitationSchema = {
  tags: ['organizations'],
  summary: `Revokes an invitation that has not been claimed yet (owners). ${ACTING_FOR}`,
  querystring: organizationMemberQuerySchema,
  response: { 200: successEnvelope(z.object({ memberId: z.string() })) },
};

export const activityRouteSchema = {
  tags: ['organizations'],
  summary: `The organization's audit trail, newest first, filterable by person, opening and kind (owners). ${ACTING_FOR}`,
  querystring: activityQuerySchema,
  response: { 200: successEnvelope(auditEventPageSchema) },
};

export const openingChangesRouteSchema = {
  tags: ['organizations'],
  summary: `Who last changed the opening and each of its applications, from the audit trail. ${ACTING_FOR}`,
  querystring: openingChangesQuerySchema,
  response: { 200: successEnvelope(openingChangesSchema) },
};

export const organizationProfileRouteSchema = {
  tags: ['organizations'],
  summary: `The organization's profile with what the caller may do to it (every member reads it). ${ACTING_FOR}`,
  response: { 200: successEnvelope(organizationProfileViewSchema) },
};

export const updateOrganizationProfileSchema = {
  tags: ['organizations'],
  summary: `Saves the organization's details (owners; without the header the organization account's own). Answers the caller's own profileDetails and the organization's profile. ${ACTING_FOR}`,
  body: updateOrganizationProfileBodySchema,
  response: { 200: successEnvelope(organizationProfileSavedSchema) },
};

export const deleteOrganizationSchema = {
  tags: ['organizations'],
  summary: `Deletes the organization (owners, typing its name to confirm): its openings are deleted, every membership and invitation revoked, and nobody acts for it again; its records are kept. ${ACTING_FOR}`,
  querystring: deleteOrganizationQuerySchema,
  response: { 200: successEnvelope(z.object({ organizationId: z.number().int() })) },
};

export const teamInvitationsRouteSchema = {
  tags: ['organizations'],
  summary: "The caller's open invitations to organizations' teams (to their email), newest first",
  response: { 200: successEnvelope(teamInvitationsSchema) },
};

export const acceptTeamInvitationRouteSchema = {
  tags: ['organizations'],
  summary: 'Accepts an open invitation to the caller: they join the team with the role it offers',
  body: teamInvitationAnswerBodySchema,
  response: { 200: successEnvelope(teamInvitationAnsweredSchema) },
};

export const declineTeamInvitationRouteSchema = {
  tags: ['organizations'],
  summary: 'Declines an open invitation to the caller; the organization sees it in its activity',
  body: teamInvitationAnswerBodySchema,
  response: { 200: successEnvelope(teamInvitationAnsweredSchema) },
};
