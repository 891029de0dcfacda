import {
  institutionCreateBodySchema,
  institutionDetailsQuerySchema,
  institutionPeopleQuerySchema,
  institutionPeopleSchema,
  institutionRoleGrantBodySchema,
  institutionRoleRevokeQuerySchema,
  institutionSchema,
  institutionsQuerySchema,
  institutionUpdateBodySchema,
  rootInstitutionsSchema,
  successEnvelope,
  suggestedInstitutionsSchema,
  updateInstitutionIdBodySchema,
  userSchema,
  z,
} from '@placely/contract';

export const listInstitutionsSchema = {
  tags: ['institutions'],
  summary: 'Institutions, optionally filtered by a name, city or domain search',
  querystring: institutionsQuerySchema,
  response: { 200: successEnvelope(z.array(institutionSchema)) },
};

export const institutionDetailsSchema = {
  tags: ['institutions'],
  summary: 'One institution, as a one-item list (spec §7: the first item is used)',
  querystring: institutionDetailsQuerySchema,
  response: { 200: successEnvelope(z.array(institutionSchema)) },
};

export const updateInstitutionIdSchema = {
  tags: ['institutions'],
  summary: 'Links the caller to an institution (null unlinks)',
  body: updateInstitutionIdBodySchema,
  response: { 200: successEnvelope(userSchema) },
};

export const updateInstitutionSchema = {
  tags: ['institutions'],
  summary: "Changes an institution's name, city, website and email domain (its root only)",
  body: institutionUpdateBodySchema,
  response: { 200: successEnvelope(z.array(institutionSchema)) },
};

export const rootRoleSchema = {
  tags: ['institutions'],
  summary:
    "The institutions where the caller holds the root role: root manages the institution's details, roles and verification groups",
  response: { 200: successEnvelope(rootInstitutionsSchema) },
};

export const grantInstitutionRoleSchema = {
  tags: ['institutions'],
  summary:
    "Gives a signed-up person (by email) a role at an institution: root or admin. The institution's root, or a platform verification admin (for the first root).",
  body: institutionRoleGrantBodySchema,
  response: { 200: successEnvelope(z.object({ institutionId: z.number(), email: z.string(), role: z.string() })) },
};

export const revokeInstitutionRoleSchema = {
  tags: ['institutions'],
  summary: "Takes a person's role at an institution away (?institutionId=&email=)",
  querystring: institutionRoleRevokeQuerySchema,
  response: { 200: successEnvelope(z.object({ institutionId: z.number(), email: z.string() })) },
};

export const suggestedInstitutionsRouteSchema = {
  tags: ['institutions'],
  summary: "Institutions whose email domain matches the caller's email (offered as the one to link)",
  response: { 200: successEnvelope(suggestedInstitutionsSchema) },
};

export const createInstitutionSchema = {
  tags: ['institutions'],
  summary:
    'Adds an institution (platform verification admins only); appoint its first root with POST /api/institutions/user/role',
  body: institutionCreateBodySchema,
  response: { 200: successEnvelope(institutionSchema) },
};

export const institutionPeopleRouteSchema = {
  tags: ['institutions'],
  summary: "Who holds a role at an institution (?institutionId=): the institution's root or a platform admin",
  querystring: institutionPeopleQuerySchema,
  response: { 200: successEnvelope(institutionPeopleSchema) },
};
