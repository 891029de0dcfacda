import * as z from './zod';

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
export const accountTypeSchema = z.enum(ACCOUNT_TYPES);
export type AccountType = z.infer<typeof accountTypeSchema>;

export function isKnownAccountType(value: unknown): value is AccountType {
  return typeof value === 'string' && (ACCOUNT_TYPES as readonly string[]).includes(value);
}

/** Organization-side account types; everything else is an individual (spec §6: profile endpoint rule). */
export function isOrganizationAccount(accountType: AccountType | null | undefined): boolean {
  return accountType === 'Organization';
}

/** The two kinds a person can pick on /selectaccounttype. */
export const SELECTABLE_ACCOUNT_TYPES = ['Individual', 'Organization'] as const satisfies readonly AccountType[];
