import {
  institutionDetailsQuerySchema,
  institutionSchema,
  institutionsQuerySchema,
  successEnvelope,
  updateInstitutionIdBodySchema,
  userSchema,
} from '@placely/contract';
import { z } from 'zod';

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
