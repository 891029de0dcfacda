import type { AutoFillKey } from './autofill';

/**
 * Auto-fill keys whose answer an applicant may save back to their profile ("Save to my profile too", issue 43).
 * Keys that are not here are read-only from a form: email is the sign-in identity, the education keys belong to an
 * education entry (which a verification may vouch for, so it is edited there), the portfolio link comes from a
 * portfolio and the resume from the resumes list.
 *
 * Without zod: the form's first load reads it.
 */
export const PROFILE_SAVE_KEYS = [
  'name',
  'phone',
  'location',
  'headline',
  'about',
  'linkedin',
  'github',
  'website',
  'skills',
] as const satisfies readonly AutoFillKey[];
export type ProfileSaveKey = (typeof PROFILE_SAVE_KEYS)[number];

export function isProfileSaveKey(key: string | null | undefined): key is ProfileSaveKey {
  return (PROFILE_SAVE_KEYS as readonly (string | null | undefined)[]).includes(key);
}
