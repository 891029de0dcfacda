import type { AutoFillKey } from './autofill';

/**
 * Auto-fill keys whose answer an applicant may save back to their profile ("Save to my profile too", issue 43), and
 * where each lands. Keys that are not here are read-only from a form: email is the sign-in identity, the education
 * keys belong to an education entry (which a verification may vouch for, so it is edited there), the portfolio link
 * comes from a portfolio and the resume from the resumes list.
 *
 * Without zod: the form's first load reads it.
 */
export const PROFILE_SAVE_DESTINATIONS = {
  name: 'Saved as the name on your profile.',
  phone: 'Saved as your primary phone number (the one forms fill in); your other numbers stay.',
  location: 'Saved as the location on your profile.',
  headline: 'Saved as the headline on your profile.',
  about: 'Saved as the “About” on your profile.',
  linkedin: 'Saved as the LinkedIn link on your profile.',
  github: 'Saved as the GitHub link on your profile.',
  website: 'Saved as the website on your profile.',
  skills: 'New skills are added to your Skills; none are removed.',
} as const satisfies Partial<Record<AutoFillKey, string>>;

export type ProfileSaveKey = keyof typeof PROFILE_SAVE_DESTINATIONS;
export const PROFILE_SAVE_KEYS = Object.keys(PROFILE_SAVE_DESTINATIONS) as ProfileSaveKey[];

export function isProfileSaveKey(key: string | null | undefined): key is ProfileSaveKey {
  return typeof key === 'string' && Object.hasOwn(PROFILE_SAVE_DESTINATIONS, key);
}
