// Without zod, so the web's first load (the shell's navigation, the session) reads them without the schemas;
// account.ts adds the schema and re-exports these.

/** The account types the product recognises (spec §1). Any other value counts as not existing. */
export const ACCOUNT_TYPES = [
  'Student',
  'Teacher',
  'Recruiter',
  'Individual',
  'Organization',
  'Agency',
  'Facilitator',
] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export function isKnownAccountType(value: unknown): value is AccountType {
  return typeof value === 'string' && (ACCOUNT_TYPES as readonly string[]).includes(value);
}

/** Organization-side account types; everything else is an individual (spec §6: profile endpoint rule). */
export function isOrganizationAccount(accountType: AccountType | null | undefined): boolean {
  return accountType === 'Organization';
}

/** The two kinds a person can pick on /selectaccounttype. */
export const SELECTABLE_ACCOUNT_TYPES = ['Individual', 'Organization'] as const satisfies readonly AccountType[];
