import {
  AUTO_FILL_KEYS,
  type AutoFillData,
  type AutoFillKey,
  autoFillDataSchema,
  GRADE_SCALES,
} from '@placely/contract';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { autoFillData, educationEntries, skills } from '../db/schema';

export type AutoFillPatch = Partial<Record<AutoFillKey, AutoFillData[AutoFillKey] | null>>;

/**
 * Stored auto-fill data as this version understands it: known keys with valid values. Anything else (written by
 * an older or newer version) stays in storage but is not used.
 */
export function readAutoFillData(raw: unknown): AutoFillData {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const data: AutoFillData = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!(AUTO_FILL_KEYS as readonly string[]).includes(key)) continue;
    const parsed = autoFillDataSchema.safeParse({ [key]: value });
    if (parsed.success) Object.assign(data, parsed.data);
  }
  return data;
}

/** Sets the given keys and removes those set to null, in one statement; returns the stored data. */
export async function mergeAutoFillData(db: Executor, userId: number, patch: AutoFillPatch): Promise<AutoFillData> {
  const removedKeys = Object.keys(patch).filter((key) => patch[key as AutoFillKey] === null);
  const setValues = Object.fromEntries(
    Object.entries(patch).filter(([, value]) => value !== null && value !== undefined),
  );
  const [row] = await db
    .insert(autoFillData)
    .values({ userId, data: setValues })
    .onConflictDoUpdate({
      target: autoFillData.userId,
      set: {
        // Keys travel as one JSON parameter: drizzle would spread a JS array into a parameter list.
        data: sql`(${autoFillData.data} - array(select jsonb_array_elements_text(${JSON.stringify(removedKeys)}::jsonb))) || ${JSON.stringify(setValues)}::jsonb`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ data: autoFillData.data });
  return readAutoFillData(row?.data);
}

export type EducationRow = typeof educationEntries.$inferSelect;

/** The education auto-fill and eligibility read: the current one, else the latest to end. */
export async function mainEducationOf(db: Executor, userId: number): Promise<EducationRow | null> {
  const [main] = await db
    .select()
    .from(educationEntries)
    .where(eq(educationEntries.userId, userId))
    .orderBy(
      desc(educationEntries.isCurrent),
      sql`${educationEntries.endMonth} desc nulls last`,
      desc(educationEntries.createdAt),
    )
    .limit(1);
  return main ?? null;
}

/** The auto-fill values an education entry gives (null where the entry has nothing). */
export function educationAutoFill(entry: EducationRow | null) {
  return {
    institution: entry?.institutionName ?? null,
    degree: entry?.degree ?? null,
    branch: entry?.fieldOfStudy ?? null,
    grade: entry?.grade ?? null,
    gradeScale: entry?.gradeScale && GRADE_SCALES.includes(entry.gradeScale) ? entry.gradeScale : null,
    graduationYear: entry?.endMonth ? Number(entry.endMonth.slice(0, 4)) : null,
    rollNumber: entry?.rollNumber ?? null,
    currentBacklogs: entry?.currentBacklogs ?? null,
  } satisfies AutoFillPatch;
}

/**
 * Keeps the auto-fill keys that come from profile sections in step with them: the main education gives
 * institution, degree, branch, grade, graduation year, roll number and backlogs; skills give the skill list. Keys
 * whose source is gone are removed.
 */
export async function refreshSectionAutoFill(db: Executor, userId: number): Promise<void> {
  const main = await mainEducationOf(db, userId);
  const skillNames = await db
    .select({ name: skills.name })
    .from(skills)
    .where(eq(skills.userId, userId))
    .orderBy(asc(skills.createdAt));
  await mergeAutoFillData(db, userId, {
    ...educationAutoFill(main),
    skills: skillNames.length > 0 ? skillNames.map((skill) => skill.name) : null,
  });
}
