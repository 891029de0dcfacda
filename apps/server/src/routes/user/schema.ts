import {
  autoFillDataSchema,
  profileResponseSchema,
  signInBodySchema,
  signInEnvelopeSchema,
  successEnvelope,
  updateAccountTypeQuerySchema,
  updateAutoFillDataBodySchema,
  updateUserProfileBodySchema,
  userSchema,
  z,
} from '@placely/contract';

export const signInSchema = {
  tags: ['user'],
  summary: 'Signs in with the access token from the popup; a new user with assumeStudent becomes an Individual',
  body: signInBodySchema,
  response: { 200: signInEnvelopeSchema },
};

export const getProfileSchema = {
  tags: ['user'],
  summary: "The caller's profile: phone numbers and account details",
  response: { 200: successEnvelope(profileResponseSchema) },
};

export const updateProfileSchema = {
  tags: ['user'],
  summary: "Replaces the caller's phone numbers (numbers left out are soft-deleted; kept ones keep their verification)",
  body: updateUserProfileBodySchema,
  response: { 200: successEnvelope(profileResponseSchema) },
};

export const updateAccountTypeSchema = {
  tags: ['user'],
  summary: 'Chooses the account type (once)',
  querystring: updateAccountTypeQuerySchema,
  response: { 200: successEnvelope(userSchema) },
};

export const updateAutoFillDataSchema = {
  tags: ['user'],
  summary: 'Merges auto-fill data (a key set to null is removed)',
  body: updateAutoFillDataBodySchema,
  response: { 200: successEnvelope(z.object({ autoFillData: autoFillDataSchema })) },
};
