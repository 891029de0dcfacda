import {
  type Answers,
  type FieldError,
  type FormDefinition,
  fieldsOf,
  LIMITS,
  PROFILE_SAVE_KEYS,
  type ProfileSaveKey,
  type SaveToProfile,
  SECTION_LIMITS,
} from '@placely/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/authenticate';
import type { Executor } from '../../db/client';
import { individualProfiles, phoneNumbers, skills } from '../../db/schema';
import { errors } from '../../errors';
import { authorize } from '../../policies';
import { refreshSectionAutoFill } from '../autofill';
import { lockUser } from '../users';

const INDIVIDUAL_FIELDS = ['name', 'location', 'headline', 'about', 'linkedin', 'github', 'website'] as const;

const isAnswered = (value: unknown) =>
  value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0);

/** The chosen keys, in a stable order, that carry a value. */
export function chosenProfileKeys(saveToProfile: SaveToProfile | undefined): ProfileSaveKey[] {
  if (!saveToProfile) return [];
  return PROFILE_SAVE_KEYS.filter((key) => saveToProfile[key] !== undefined);
}

/**
 * "Save to my profile too" takes only what this application answers: each chosen key needs a question of the form
 * with that auto-fill key, answered (and shown: the validated answers hold no hidden ones). The apply call is not a
 * second way to edit a profile.
 */
export function saveToProfileProblems(
  form: FormDefinition,
  answers: Answers,
  saveToProfile: SaveToProfile | undefined,
): FieldError[] {
  return chosenProfileKeys(saveToProfile)
    .filter(
      (key) =>
        !fieldsOf(form).some(
          (field) => field.type !== 'repeatableGroup' && field.autoFillKey === key && isAnswered(answers[field.id]),
        ),
    )
    .map((key) => ({ field: `saveToProfile.${key}`, message: 'This application has no answer to save for that.' }));
}

/**
 * Writes the chosen answers to the applicant's profile, in the submit's transaction (a refusal here undoes the
 * application too, so the applicant never half-succeeds). The owner's user row is locked first, as every profile
 * write does, so this waits behind (and never deadlocks with) an edit on the profile page.
 */
export async function saveAnswersToProfile(tx: Executor, actor: Actor, saveToProfile: SaveToProfile): Promise<void> {
  const user = await lockUser(tx, actor.user.id);

  const individual = Object.fromEntries(
    INDIVIDUAL_FIELDS.filter((key) => saveToProfile[key] !== undefined).map((key) => [key, saveToProfile[key]]),
  ) as Partial<Record<(typeof INDIVIDUAL_FIELDS)[number], string>>;
  if (Object.keys(individual).length > 0) {
    authorize(actor, 'user.updateIndividualProfile', user);
    await tx
      .insert(individualProfiles)
      // A person without a profile row yet gets one named as their account is.
      .values({ userId: user.id, name: individual.name ?? user.name ?? '', ...individual })
      .onConflictDoUpdate({ target: individualProfiles.userId, set: { ...individual, updatedAt: sql`now()` } });
  }

  if (saveToProfile.phone !== undefined) {
    authorize(actor, 'user.updatePhoneNumbers', user);
    await makePrimaryPhone(tx, user.id, saveToProfile.phone);
  }

  if (saveToProfile.skills !== undefined) {
    authorize(actor, 'individual.editSections', user);
    await addSkills(tx, user.id, saveToProfile.skills);
  }
}

/**
 * The number becomes the primary one — the number forms fill in and the generated resume shows — added (unverified)
 * when it is new. Earlier numbers stay, verified ones still verified: the person can remove them on their profile.
 */
async function makePrimaryPhone(tx: Executor, userId: number, number: string): Promise<void> {
  const live = await tx
    .select({ id: phoneNumbers.id, number: phoneNumbers.number, isPrimary: phoneNumbers.isPrimary })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.userId, userId), eq(phoneNumbers.isDeleted, false)));
  const existing = live.find((phone) => phone.number === number);
  if (existing?.isPrimary) return;
  if (!existing && live.length >= LIMITS.phoneNumbersPerUser) {
    throw errors.validation([
      {
        field: 'saveToProfile.phone',
        message: `Your profile already has ${LIMITS.phoneNumbersPerUser} phone numbers: remove one there first, or leave "Save to my profile too" unticked.`,
      },
    ]);
  }
  // One primary per person (a partial unique index): the old one steps down first.
  await tx
    .update(phoneNumbers)
    .set({ isPrimary: false, updatedAt: sql`now()` })
    .where(and(eq(phoneNumbers.userId, userId), eq(phoneNumbers.isPrimary, true), eq(phoneNumbers.isDeleted, false)));
  if (existing) {
    await tx
      .update(phoneNumbers)
      .set({ isPrimary: true, updatedAt: sql`now()` })
      .where(eq(phoneNumbers.id, existing.id));
  } else {
    await tx.insert(phoneNumbers).values({ userId, number, isPrimary: true });
  }
}

/** Adds the skills the person does not have yet (names compared without case), then refreshes the skills auto-fill. */
async function addSkills(tx: Executor, userId: number, names: string[]): Promise<void> {
  const have = await tx.select({ name: skills.name }).from(skills).where(eq(skills.userId, userId));
  const known = new Set(have.map((skill) => skill.name.toLowerCase()));
  const added: string[] = [];
  for (const name of names) {
    const folded = name.toLowerCase();
    if (known.has(folded)) continue;
    known.add(folded);
    added.push(name);
  }
  if (added.length === 0) return;
  if (have.length + added.length > SECTION_LIMITS.skillsPerUser) {
    throw errors.validation([
      {
        field: 'saveToProfile.skills',
        message: `You can keep at most ${SECTION_LIMITS.skillsPerUser} skills: remove some on your profile first.`,
      },
    ]);
  }
  await tx.insert(skills).values(
    added.map((name, index) => ({
      userId,
      name,
      level: 'intermediate' as const,
      // The list is ordered by when each skill was added; one statement's rows would share a time.
      createdAt: sql`now() + ${index} * interval '1 microsecond'`,
    })),
  );
  await refreshSectionAutoFill(tx, userId);
}
