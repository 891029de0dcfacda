import {
  type ApplicationFilter,
  CANDIDATE_LIMITS,
  type CandidateNote,
  type CandidateSummary,
  type CandidateTag,
} from '@placely/contract';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/authenticate';
import type { Executor } from '../../db/client';
import { readTogether } from '../../db/read-together';
import {
  applicationNotes,
  applications,
  applicationTags,
  candidateTags,
  individualProfiles,
  phoneNumbers,
  users,
} from '../../db/schema';
import { errors } from '../../errors';
import { authorize, can } from '../../policies';
import { canSeeContacts, type OrganizationAccess } from '../../policies/organization';
import type { OpeningRow } from '../../presenters/opening';
import { applicationFilterConditions, readyForFilter } from './filters';

type NoteRow = typeof applicationNotes.$inferSelect;

/** The application of this opening (anyone else's id is a 404). */
export async function loadOpeningApplication(db: Executor, openingId: string, applicationId: string) {
  const [row] = await db
    .select({
      id: applications.id,
      applicantId: applications.applicantId,
      status: applications.status,
      // Never null: the check applications_stage_set holds every application in a stage.
      stageId: sql<string>`${applications.stageId}`,
    })
    .from(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.openingId, openingId)));
  if (!row) throw errors.notFound('That application');
  return row;
}

export function presentNote(row: NoteRow, authorName: string | null, actor: Actor): CandidateNote {
  return {
    id: row.id,
    body: row.body,
    author: { id: row.authorId, name: row.authorId === null ? null : authorName },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    mine: row.authorId === actor.user.id,
  };
}

export async function notesOf(db: Executor, actor: Actor, applicationId: string): Promise<CandidateNote[]> {
  const rows = await db
    .select({ note: applicationNotes, name: users.name })
    .from(applicationNotes)
    .leftJoin(users, eq(users.id, applicationNotes.authorId))
    .where(eq(applicationNotes.applicationId, applicationId))
    .orderBy(asc(applicationNotes.createdAt), asc(applicationNotes.id));
  return rows.map(({ note, name }) => presentNote(note, name, actor));
}

/** A note of this opening with the caller's right to change it checked (the author only). */
export async function loadOwnNote(
  db: Executor,
  actor: Actor,
  access: OrganizationAccess,
  opening: OpeningRow,
  noteId: string,
): Promise<NoteRow> {
  const [row] = await db
    .select({ note: applicationNotes })
    .from(applicationNotes)
    .innerJoin(applications, eq(applications.id, applicationNotes.applicationId))
    .where(and(eq(applicationNotes.id, noteId), eq(applications.openingId, opening.id)))
    .for('update', { of: applicationNotes });
  if (!row) throw errors.notFound('That note');
  authorize(actor, 'note.change', { access, opening, authorId: row.note.authorId });
  return row.note;
}

export async function tagsOf(db: Executor, organizationId: number): Promise<CandidateTag[]> {
  return db
    .select({ id: candidateTags.id, name: candidateTags.name })
    .from(candidateTags)
    .where(eq(candidateTags.organizationId, organizationId))
    .orderBy(asc(sql`lower(${candidateTags.name})`));
}

/** Creates a tag; the organization row lock keeps the per-organization cap exact under concurrent creates. */
export async function createTag(tx: Executor, organizationId: number, name: string): Promise<CandidateTag> {
  const [held] = await tx
    .select({ n: count() })
    .from(candidateTags)
    .where(eq(candidateTags.organizationId, organizationId));
  if (Number(held?.n ?? 0) >= CANDIDATE_LIMITS.tagsPerOrganization) {
    throw errors.conflict(`An organization can keep at most ${CANDIDATE_LIMITS.tagsPerOrganization} tags.`);
  }
  const [created] = await tx
    .insert(candidateTags)
    .values({ organizationId, name })
    .onConflictDoNothing()
    .returning({ id: candidateTags.id, name: candidateTags.name });
  if (!created) throw errors.validation([{ field: 'name', message: 'A tag with this name exists' }]);
  return created;
}

export async function loadTag(db: Executor, organizationId: number, tagId: string, field: string) {
  const [tag] = await db
    .select()
    .from(candidateTags)
    .where(and(eq(candidateTags.id, tagId), eq(candidateTags.organizationId, organizationId)));
  if (!tag) throw errors.validation([{ field, message: 'Not a tag of this organization' }]);
  return tag;
}

/**
 * Adds or removes one tag on the named applications or on every application of the opening matching the filter,
 * each as one statement (insert … select / delete … where in), so a selection of thousands is one round trip.
 */
export async function applyTag(
  tx: Executor,
  opening: OpeningRow,
  input: {
    tagId: string;
    action: 'add' | 'remove';
    applicationIds?: string[] | undefined;
    filter?: ApplicationFilter | undefined;
  },
): Promise<number> {
  const ids = input.applicationIds ? [...new Set(input.applicationIds)] : undefined;
  await readyForFilter(tx, opening.id, input.filter);
  const chosen = and(
    eq(applications.openingId, opening.id),
    ids ? inArray(applications.id, ids) : undefined,
    ...(input.filter ? applicationFilterConditions(input.filter) : []),
  );
  if (ids) {
    const [found] = await tx.select({ n: count() }).from(applications).where(chosen);
    if (Number(found?.n ?? 0) !== ids.length) throw errors.notFound('A chosen application');
  }
  if (input.action === 'add') {
    const added = await tx
      .insert(applicationTags)
      .select(
        tx
          .select({
            applicationId: applications.id,
            tagId: sql<string>`${input.tagId}::uuid`.as('tag_id'),
            openingId: applications.openingId,
            createdAt: sql<Date>`now()`.as('created_at'),
          })
          .from(applications)
          .where(chosen),
      )
      .onConflictDoNothing()
      .returning({ applicationId: applicationTags.applicationId });
    return added.length;
  }
  const removed = await tx
    .delete(applicationTags)
    .where(
      and(
        eq(applicationTags.tagId, input.tagId),
        inArray(applicationTags.applicationId, tx.select({ id: applications.id }).from(applications).where(chosen)),
      ),
    )
    .returning({ applicationId: applicationTags.applicationId });
  return removed.length;
}

/**
 * The panel's header facts: public profile, contacts (when the caller may see them), tags, notes count. The
 * applicant's profile sections stay theirs: the organization sees education through the answers and verified records.
 */
export async function candidateSummary(
  db: Executor,
  actor: Actor,
  access: OrganizationAccess,
  opening: OpeningRow,
  application: { id: string; applicantId: number; stageId: string },
): Promise<CandidateSummary> {
  const contacts = canSeeContacts(access);
  const [[person], phones, tags, [notes]] = await readTogether(db, [
    () =>
      db
        .select({ user: users, profile: individualProfiles })
        .from(users)
        .leftJoin(individualProfiles, eq(individualProfiles.userId, users.id))
        .where(eq(users.id, application.applicantId)),
    () =>
      contacts
        ? db
            .select({ number: phoneNumbers.number })
            .from(phoneNumbers)
            .where(and(eq(phoneNumbers.userId, application.applicantId), eq(phoneNumbers.isDeleted, false)))
            .orderBy(asc(phoneNumbers.createdAt))
        : Promise.resolve([]),
    () =>
      db
        .select({ id: candidateTags.id, name: candidateTags.name })
        .from(applicationTags)
        .innerJoin(candidateTags, eq(candidateTags.id, applicationTags.tagId))
        .where(eq(applicationTags.applicationId, application.id))
        .orderBy(asc(sql`lower(${candidateTags.name})`)),
    () => db.select({ n: count() }).from(applicationNotes).where(eq(applicationNotes.applicationId, application.id)),
  ]);
  const profile = person?.profile;
  const record = { access, opening };
  return {
    applicationId: application.id,
    applicantId: application.applicantId,
    stageId: application.stageId,
    profile: {
      name: profile?.name ?? person?.user.name ?? null,
      headline: profile?.headline ?? null,
      about: profile?.about ?? null,
      location: profile?.location ?? null,
      linkedin: profile?.linkedin ?? null,
      github: profile?.github ?? null,
      website: profile?.website ?? null,
    },
    contacts: contacts
      ? { email: person?.user.email ?? null, phoneNumbers: phones.map((phone) => phone.number) }
      : null,
    tags,
    notesCount: Number(notes?.n ?? 0),
    abilities: { tag: can(actor, 'tag.apply', record), note: can(actor, 'note.add', record) },
  };
}
