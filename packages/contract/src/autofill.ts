import { LIMITS } from './limits';
import * as z from './zod';

/**
 * Keys a quick-apply form field can map to. The profile feeds them; forms read them.
 * Adding a key is backwards compatible; renaming one is not.
 */
export const AUTO_FILL_KEYS = [
  'name',
  'email',
  'phone',
  'location',
  'institution',
  'degree',
  'branch',
  'grade',
  'gradeScale',
  'graduationYear',
  'rollNumber',
  'currentBacklogs',
  'skills',
  'resume',
  'portfolioLink',
  'linkedin',
  'github',
  'website',
  'headline',
  'about',
] as const;
export const autoFillKeySchema = z.enum(AUTO_FILL_KEYS);
export type AutoFillKey = z.infer<typeof autoFillKeySchema>;

const autoFillValueSchema = z.union([
  z.string().max(LIMITS.autoFillValue),
  z.number(),
  z.boolean(),
  z.array(z.string().max(LIMITS.autoFillValue)).max(LIMITS.autoFillListItems),
]);
export type AutoFillValue = z.infer<typeof autoFillValueSchema>;

/** Stored auto-fill data: only known keys. */
export const autoFillDataSchema = z.partialRecord(autoFillKeySchema, autoFillValueSchema);
export type AutoFillData = z.infer<typeof autoFillDataSchema>;

/** A patch: a key set to null is removed. Unknown keys are rejected, naming the key. */
export const updateAutoFillDataBodySchema = z.object({
  autoFillData: z.strictObject(
    Object.fromEntries(AUTO_FILL_KEYS.map((key) => [key, autoFillValueSchema.nullable().optional()])) as Record<
      AutoFillKey,
      z.ZodOptional<z.ZodNullable<typeof autoFillValueSchema>>
    >,
  ),
});
export type UpdateAutoFillDataBody = z.infer<typeof updateAutoFillDataBodySchema>;

/**
 * Words in a question's label that say which auto-fill key it asks for, most specific first: the builder suggests
 * the key as the organization types ("College" → institution), and one click accepts it. Never applied silently.
 */
export const AUTO_FILL_SUGGESTIONS: readonly { key: AutoFillKey; phrases: readonly string[] }[] = [
  { key: 'linkedin', phrases: ['linkedin'] },
  { key: 'github', phrases: ['github'] },
  { key: 'portfolioLink', phrases: ['portfolio'] },
  { key: 'resume', phrases: ['resume', 'résumé', 'cv', 'curriculum vitae'] },
  {
    key: 'graduationYear',
    phrases: ['graduation year', 'year of graduation', 'passing year', 'year of passing', 'batch'],
  },
  {
    key: 'rollNumber',
    phrases: ['roll number', 'roll no', 'enrollment number', 'enrolment number', 'registration number'],
  },
  { key: 'currentBacklogs', phrases: ['backlog', 'backlogs', 'arrears'] },
  { key: 'gradeScale', phrases: ['grade scale', 'cgpa scale', 'out of'] },
  { key: 'grade', phrases: ['cgpa', 'gpa', 'sgpa', 'percentage', 'marks', 'grade'] },
  { key: 'institution', phrases: ['college', 'institute', 'institution', 'university', 'school'] },
  { key: 'branch', phrases: ['branch', 'specialisation', 'specialization', 'stream', 'major', 'department'] },
  { key: 'degree', phrases: ['degree', 'qualification', 'course'] },
  { key: 'email', phrases: ['email', 'e-mail', 'mail id'] },
  { key: 'phone', phrases: ['phone', 'mobile', 'contact number', 'whatsapp'] },
  { key: 'skills', phrases: ['skills', 'skill set', 'tech stack', 'technologies'] },
  { key: 'location', phrases: ['current city', 'location', 'city', 'hometown'] },
  { key: 'website', phrases: ['website', 'personal site', 'blog'] },
  { key: 'headline', phrases: ['headline', 'current role', 'designation'] },
  { key: 'about', phrases: ['about yourself', 'about you', 'summary', 'bio'] },
  { key: 'name', phrases: ['full name', 'your name', 'name'] },
];

const wordsOf = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;

/** The auto-fill key a question's label suggests, or null: whole words only ("Name of your project" is not a name). */
export function suggestAutoFillKey(label: string): AutoFillKey | null {
  const words = wordsOf(label);
  if (words.trim() === '') return null;
  if (/ (project|company|team|referr\w*|manager|father|mother|guardian|parent) /.test(words)) {
    // Someone else's name, a project's link…: only keys that are certainly the applicant's own.
    const own = AUTO_FILL_SUGGESTIONS.find(
      ({ key, phrases }) => key === 'resume' && phrases.some((p) => words.includes(wordsOf(p))),
    );
    return own?.key ?? null;
  }
  return AUTO_FILL_SUGGESTIONS.find(({ phrases }) => phrases.some((p) => words.includes(wordsOf(p))))?.key ?? null;
}
