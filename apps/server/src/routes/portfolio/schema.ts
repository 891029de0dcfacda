import {
  entryIdQuerySchema,
  portfolioIdQuerySchema,
  portfolioInputSchema,
  portfolioListSchema,
  portfolioViewSchema,
  profileCardSchema,
  successEnvelope,
  viewersPageSchema,
  viewersQuerySchema,
  z,
} from '@placely/contract';

const tags = ['portfolio'];
const listResponse = { 200: successEnvelope(portfolioListSchema) };

export const listPortfoliosSchema = { tags, summary: 'Your portfolios', response: listResponse };
export const createPortfolioSchema = {
  tags,
  summary: 'Creates a portfolio',
  body: portfolioInputSchema,
  response: listResponse,
};
export const updatePortfolioSchema = {
  tags,
  summary: 'Changes a portfolio (title, visibility, sections)',
  body: z.strictObject({ id: z.uuid('Not a portfolio'), portfolio: portfolioInputSchema }),
  response: listResponse,
};
export const regeneratePortfolioSchema = {
  tags,
  summary: 'Gives a portfolio a new link id; old links stop working',
  body: z.strictObject({ id: z.uuid('Not a portfolio') }),
  response: listResponse,
};
export const deletePortfolioSchema = {
  tags,
  summary: 'Deletes a portfolio',
  querystring: entryIdQuerySchema,
  response: listResponse,
};
export const viewPortfolioSchema = {
  tags,
  summary: 'A portfolio by its link id (public ones without signing in)',
  querystring: portfolioIdQuerySchema,
  response: { 200: successEnvelope(portfolioViewSchema) },
};
export const profileCardRouteSchema = {
  tags,
  summary: "The public profile card of a public portfolio's owner (profile service)",
  querystring: portfolioIdQuerySchema,
  response: { 200: successEnvelope(profileCardSchema) },
};
export const viewersSchema = {
  tags,
  summary: 'Organizations that viewed your portfolio or resume, newest first',
  querystring: viewersQuerySchema,
  response: { 200: successEnvelope(viewersPageSchema) },
};
