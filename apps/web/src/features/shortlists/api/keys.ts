/**
 * Query keys of shortlists and their links (under the organization's root, so switching organization resets them)
 * and of a shared shortlist read through a link (public).
 */
export const shortlistKeys = {
  all: ['organization', 'shortlists'] as const,
  ofOpening: (openingId: string) => [...shortlistKeys.all, 'opening', openingId] as const,
  one: (id: string) => [...shortlistKeys.all, 'one', id] as const,
  users: (id: string) => [...shortlistKeys.all, 'users', id] as const,
  links: (id: string) => [...shortlistKeys.all, 'links', id] as const,
  shared: (token: string) => ['shared-shortlist', token] as const,
};
