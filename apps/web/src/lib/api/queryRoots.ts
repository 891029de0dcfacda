/**
 * The first element of every query key of one kind of record. Several features read the same records (the
 * membership feature and the groups or verification feature), so a change made in one refreshes the others' views by
 * invalidating the shared root.
 */
export const QUERY_ROOTS = {
  groups: ['groups'],
  verification: ['verification'],
} as const;
