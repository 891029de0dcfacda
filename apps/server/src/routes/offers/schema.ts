import {
  createOfferBodySchema,
  cycleOpeningQuerySchema,
  offerCheckSchema,
  offerListSchema,
  offerReasonBodySchema,
  offerSchema,
  respondOfferBodySchema,
  successEnvelope,
} from '@placely/contract';
import { actingForOrganization } from '../../http/acting-for';

const tags = ['offers'];

export const createOfferRouteSchema = actingForOrganization({
  tags,
  summary:
    'Makes the offer on an application (owners and coordinators): role, CTC with currency and period, location, joining date, an uploaded PDF letter, a time to answer by. Moves the candidate to Offered. Inside a placement cycle the policy is judged: what it would refuse comes back as warnings (also sent to the cell); the offer is made all the same',
  body: createOfferBodySchema,
  response: { 200: successEnvelope(offerSchema) },
});
export const checkOfferRouteSchema = actingForOrganization({
  tags,
  summary:
    'Checks an offer before it is made (the same body and the same people as making it): the warnings the placement cycle’s policy would put on it, judged now on the student’s facts. Nothing is written; outside a cycle there are none',
  body: createOfferBodySchema,
  response: { 200: successEnvelope(offerCheckSchema) },
});
export const openingOffersRouteSchema = actingForOrganization({
  tags,
  summary: "The offers made on an opening's applications (everyone whose role covers the opening)",
  querystring: cycleOpeningQuerySchema,
  response: { 200: successEnvelope(offerListSchema) },
});
export const withdrawOfferRouteSchema = actingForOrganization({
  tags,
  summary: 'Withdraws an offer still waiting for an answer, with a reason the student is told',
  body: offerReasonBodySchema,
  response: { 200: successEnvelope(offerSchema) },
});
export const rescindOfferRouteSchema = actingForOrganization({
  tags,
  summary:
    "Rescinds an offer the student accepted, with a reason: the student's verified placement entry goes, and their place in the cycle follows the policy",
  body: offerReasonBodySchema,
  response: { 200: successEnvelope(offerSchema) },
});
export const myOffersRouteSchema = {
  tags,
  summary: 'Your offers, newest first (a pending offer past its deadline reads as lapsed)',
  response: { 200: successEnvelope(offerListSchema) },
};
export const respondOfferRouteSchema = {
  tags,
  summary:
    "Accepts or declines an offer before its deadline. Accepting writes a placement entry on your profile verified by the organization; inside a placement cycle the cycle's policy may refuse it (403 naming the rule)",
  body: respondOfferBodySchema,
  response: { 200: successEnvelope(offerSchema) },
};
export const renegeOfferRouteSchema = {
  tags,
  summary: 'Goes back on an offer you accepted, with a reason; the cycle’s policy says what it does to your status',
  body: offerReasonBodySchema,
  response: { 200: successEnvelope(offerSchema) },
};
