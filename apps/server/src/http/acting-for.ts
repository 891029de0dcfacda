import { ORGANIZATION_HEADER, z } from '@placely/contract';

/**
 * The request headers of every organization-scoped route, documented in OpenAPI as the `x-organization-id` header
 * parameter (header names are case-insensitive). Other headers pass through untouched. Empty means "not named".
 * Server-only: the web sends the header from `lib/api/client.ts` and needs no schema for it.
 */
export const organizationHeadersSchema = z.looseObject({
  [ORGANIZATION_HEADER.toLowerCase() as 'x-organization-id']: z
    .string()
    .regex(/^(|[1-9][0-9]{0,15})$/, 'Must be an organization id')
    .optional()
    .describe(
      "The organization the request acts for (its id). The caller's live membership and role there are checked on every request; without it the caller acts for their own organization account.",
    ),
});

/**
 * Marks a route as organization-scoped: its schema documents (and validates) the X-Organization-Id header, so the
 * OpenAPI document lists it as a parameter of exactly the routes that act for an organization.
 * `services/organizations.ts` `organizationAccessOf()` still resolves the membership on every request.
 */
export const actingForOrganization = <Schema extends object>(schema: Schema) => ({
  ...schema,
  headers: organizationHeadersSchema,
});
