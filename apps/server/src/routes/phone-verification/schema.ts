import {
  checkPhoneCodeBodySchema,
  devSmsMessageSchema,
  phoneCodeCheckedSchema,
  phoneCodeSentSchema,
  phoneCodeStatusQuerySchema,
  phoneCodeStatusSchema,
  phoneNumberValueSchema,
  requestPhoneCodeBodySchema,
  successEnvelope,
  z,
} from '@placely/contract';

export const requestPhoneCodeSchema = {
  tags: ['profile'],
  summary: 'Sends a one-time code by SMS to one of your phone numbers',
  body: requestPhoneCodeBodySchema,
  response: { 200: successEnvelope(phoneCodeSentSchema) },
};

export const phoneCodeStatusRouteSchema = {
  tags: ['profile'],
  summary: 'Whether a code sent to one of your numbers is still live, and when a new one may be asked for',
  querystring: phoneCodeStatusQuerySchema,
  response: { 200: successEnvelope(phoneCodeStatusSchema) },
};

export const checkPhoneCodeSchema = {
  tags: ['profile'],
  summary: 'Checks the one-time code; then POST /api/profile/phone/verified records the number as verified',
  body: checkPhoneCodeBodySchema,
  response: { 200: successEnvelope(phoneCodeCheckedSchema) },
};

export const latestDevSmsSchema = {
  tags: ['development'],
  summary: 'Development only: the latest SMS sent to one of your numbers (absent in production)',
  querystring: z.strictObject({ phoneNumber: phoneNumberValueSchema }),
  response: { 200: successEnvelope(devSmsMessageSchema) },
};
