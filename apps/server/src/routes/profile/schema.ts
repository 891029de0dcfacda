import {
  phoneVerifiedBodySchema,
  profileResponseSchema,
  successEnvelope,
  updateIndividualProfileBodySchema,
} from '@placely/contract';

const profileResponse = { 200: successEnvelope(profileResponseSchema) };

export const updateIndividualProfileSchema = {
  tags: ['profile'],
  summary: "Saves an individual's account details",
  body: updateIndividualProfileBodySchema,
  response: profileResponse,
};

export const phoneVerifiedSchema = {
  tags: ['profile'],
  summary: 'Marks the phone number verified and primary (the only primary number)',
  body: phoneVerifiedBodySchema,
  response: profileResponse,
};
