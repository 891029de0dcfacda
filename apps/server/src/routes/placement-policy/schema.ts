import {
  cycleIdQuerySchema,
  cycleOpeningQuerySchema,
  cyclePolicyViewSchema,
  grantExceptionBodySchema,
  offerListSchema,
  policyExceptionSchema,
  policyVerdictSchema,
  revokeExceptionBodySchema,
  savePolicyBodySchema,
  successEnvelope,
  z,
} from '@placely/contract';

const tags = ['placement policy'];

export const readPolicyRouteSchema = {
  tags,
  summary: "A cycle's policy: each rule with its parameters and the words students read (everyone in the cell)",
  querystring: cycleIdQuerySchema,
  response: { 200: successEnvelope(cyclePolicyViewSchema) },
};
export const savePolicyRouteSchema = {
  tags,
  summary:
    "Replaces a cycle's policy (the cell's owners): a list of rules, each kind at most once with its parameters validated (errors name rules.<n>.params.<field>). Recorded in the audit trail",
  body: savePolicyBodySchema,
  response: { 200: successEnvelope(cyclePolicyViewSchema) },
};
export const listExceptionsRouteSchema = {
  tags,
  summary:
    'The exceptions the cell granted in a cycle, newest first, the revoked ones with who revoked them, when and why (the cell only: companies never see them)',
  querystring: cycleIdQuerySchema,
  response: { 200: successEnvelope(z.object({ items: z.array(policyExceptionSchema) })) },
};
export const grantExceptionRouteSchema = {
  tags,
  summary:
    'Grants one student an exception to one rule of the policy (for one opening, or all), with a reason (owners and coordinators of the cell). Recorded in the audit trail',
  body: grantExceptionBodySchema,
  response: { 200: successEnvelope(policyExceptionSchema) },
};
export const revokeExceptionRouteSchema = {
  tags,
  summary:
    'Revokes an exception the cell granted, with a reason (owners and coordinators of the cell): it stays listed as revoked — by whom, when, why — and no longer sets its rule aside. Recorded in the audit trail. 409 when it was revoked already',
  body: revokeExceptionBodySchema,
  response: { 200: successEnvelope(policyExceptionSchema) },
};
export const cycleOffersRouteSchema = {
  tags,
  summary: "Every offer made in a cycle, with the policy's warnings (everyone in the cell)",
  querystring: cycleIdQuerySchema,
  response: { 200: successEnvelope(offerListSchema) },
};
export const policyCheckRouteSchema = {
  tags,
  summary:
    "Whether the cycle's policy lets you apply to an opening of a placement cycle, and why not, in words — before you fill anything in. 404 for an opening outside any cycle",
  querystring: cycleOpeningQuerySchema,
  response: { 200: successEnvelope(policyVerdictSchema) },
};
