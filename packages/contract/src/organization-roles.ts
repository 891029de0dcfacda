// Without zod, so the web's first load (the acting-for header, the team switch) reads them without the schemas;
// organization.ts adds the schemas and re-exports these.

/**
 * The header every organization-scoped request names the organization with. The server checks the caller's
 * membership and role on each request; without it a caller acts for their own organization account (as before teams).
 */
export const ORGANIZATION_HEADER = 'X-Organization-Id';

/**
 * owner: everything, the team included; coordinator: openings, forms, responses, exports;
 * reviewer: reads the openings they are given, no exports, no contact details unless granted.
 */
export const ORGANIZATION_ROLES = ['owner', 'coordinator', 'reviewer'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

export const ORGANIZATION_ROLE_LABELS: Record<OrganizationRole, string> = {
  owner: 'Owner',
  coordinator: 'Coordinator',
  reviewer: 'Reviewer',
};
