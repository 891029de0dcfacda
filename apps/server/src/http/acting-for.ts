import { organizationHeadersSchema } from '@placely/contract';

/**
 * Marks a route as organization-scoped: its schema documents (and validates) the X-Organization-Id header, so the
 * OpenAPI document lists it as a parameter of exactly the routes that act for an organization.
 * `services/organizations.ts` `organizationAccessOf()` still resolves the membership on every request.
 */
export const actingForOrganization = <Schema extends object>(schema: Schema) => ({
  ...schema,
  headers: organizationHeadersSchema,
});
