import {
  type Answers,
  type FormDefinition,
  fieldsOf,
  SHORTLIST_LIMITS,
  type ShareField,
  type ShortlistCandidate,
  type Verdict,
} from '@placely/contract';
import { and, asc, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/authenticate';
import type { Executor } from '../../db/client';
import { readTogether } from '../../db/read-together';
import {
  applicationFiles,
  applications,
  files,
  individualProfiles,
  openingFormVersions,
  openingStages,
  openings,
  portfolios,
  shareLinks,
  shortlistEntries,
  shortlists,
  shortlistVerdicts,
  users,
} from '../../db/schema';
import { errors } from '../../errors';
import { authorize } from '../../policies';
import type { OrganizationAccess } from '../../policies/organization';
import type { OpeningRow } from '../../presenters/opening';
import { withoutContactAnswers } from '../applications/contacts';
import { leafCell } from '../applications/export';
import { loadApplicantVerifications } from '../applications/verified';
import { storedScoresOf } from './ranking';

export type ShortlistRow = typeof shortlists.$inferSelect;
type ShortlistAction = 'shortlist.view' | 'shortlist.change' | 'shortlist.share' | 'shortlist.export';

/**
 * A shortlist and its opening, scoped in SQL to the organization acted for (anyone else's is a 404), then authorized.
 * `lock` takes the shortlist row for changes to its entries, so concurrent adds and reorders queue.
 */
export async function loadShortlist(
  db: Executor,
  actor: Actor,
  access: OrganizationAccess,
  id: string,
  action: ShortlistAction,
  lock = false,
): Promise<{ shortlist: ShortlistRow; opening: OpeningRow }> {
  const query = db
    .select({ shortlist: shortlists, opening: openings })
    .from(shortlists)
    .innerJoin(openings, eq(openings.id, shortlists.openingId))
    .where(and(eq(shortlists.id, id), isNull(openings.deletedAt), eq(openings.organizationId, access.organizationId)));
  const [row] = lock ? await query.for('update', { of: shortlists }) : await query;
  if (!row) throw errors.notFound('That shortlist');
  authorize(actor, action, { access, opening: row.opening });
  return row;
}

export async function entryCounts(db: Executor, shortlistIds: string[]): Promise<Map<string, number>> {
  if (shortlistIds.length === 0) return new Map();
  const rows = await db
    .select({ id: shortlistEntries.shortlistId, n: count() })
    .from(shortlistEntries)
    .where(inArray(shortlistEntries.shortlistId, shortlistIds))
    .groupBy(shortlistEntries.shortlistId);
  return new Map(rows.map((row) => [row.id, Number(row.n)]));
}

export async function shortlistsOf(db: Executor, openingId: string): Promise<ShortlistRow[]> {
  return db
    .select()
    .from(shortlists)
    .where(eq(shortlists.openingId, openingId))
    .orderBy(asc(shortlists.createdAt), asc(shortlists.id));
}

/**
 * Appends applications of the shortlist's opening (others are refused by name), in the order given; those already
 * in the shortlist stay where they are. The caller holds the shortlist row lock.
 */
export async function addEntries(
  tx: Executor,
  actor: Actor,
  shortlist: ShortlistRow,
  applicationIds: string[],
): Promise<number> {
  const unique = [...new Set(applicationIds)];
  if (unique.length === 0) return 0;
  const found = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.openingId, shortlist.openingId), inArray(applications.id, unique)));
  if (found.length !== unique.length) {
    throw errors.validation([{ field: 'applicationIds', message: 'Not an application to this opening' }]);
  }
  const existing = await tx
    .select({ applicationId: shortlistEntries.applicationId, position: shortlistEntries.position })
    .from(shortlistEntries)
    .where(eq(shortlistEntries.shortlistId, shortlist.id));
  const present = new Set(existing.map((row) => row.applicationId));
  const fresh = unique.filter((id) => !present.has(id));
  if (existing.length + fresh.length > SHORTLIST_LIMITS.maxEntries) {
    throw errors.validation([
      { field: 'applicationIds', message: `A shortlist holds at most ${SHORTLIST_LIMITS.maxEntries} candidates` },
    ]);
  }
  if (fresh.length === 0) return 0;
  const start = existing.reduce((max, row) => Math.max(max, row.position), -1) + 1;
  await tx.insert(shortlistEntries).values(
    fresh.map((applicationId, index) => ({
      shortlistId: shortlist.id,
      applicationId,
      position: start + index,
      addedBy: actor.user.id,
    })),
  );
  await touch(tx, shortlist.id);
  return fresh.length;
}

/** Takes one candidate off (the caller holds the row lock); those after it move up one place. */
export async function removeEntry(tx: Executor, shortlist: ShortlistRow, applicationId: string): Promise<void> {
  const removed = await tx
    .delete(shortlistEntries)
    .where(and(eq(shortlistEntries.shortlistId, shortlist.id), eq(shortlistEntries.applicationId, applicationId)))
    .returning({ position: shortlistEntries.position });
  const [gone] = removed;
  if (!gone) throw errors.notFound('That candidate in this shortlist');
  // Positions stay 0..n-1, so "the third candidate" means the same in the app, the link and the export.
  await tx
    .update(shortlistEntries)
    .set({ position: sql`${shortlistEntries.position} - 1` })
    .where(and(eq(shortlistEntries.shortlistId, shortlist.id), gt(shortlistEntries.position, gone.position)));
  await touch(tx, shortlist.id);
}

/** Every candidate of the shortlist once, in the new order (positions 0..n-1). The caller holds the row lock. */
export async function reorderEntries(tx: Executor, shortlist: ShortlistRow, applicationIds: string[]): Promise<void> {
  const existing = await tx
    .select({ applicationId: shortlistEntries.applicationId })
    .from(shortlistEntries)
    .where(eq(shortlistEntries.shortlistId, shortlist.id));
  const present = new Set(existing.map((row) => row.applicationId));
  const named = new Set(applicationIds);
  if (
    named.size !== applicationIds.length ||
    named.size !== present.size ||
    ![...named].every((id) => present.has(id))
  ) {
    throw errors.validation([
      { field: 'applicationIds', message: 'Name every candidate of the shortlist once, in the new order' },
    ]);
  }
  if (applicationIds.length === 0) return;
  const order = JSON.stringify(applicationIds.map((id, position) => ({ id, position })));
  await tx.execute(sql`update shortlist_entries e set position = o.position
    from jsonb_to_recordset(${order}::jsonb) as o(id uuid, position int)
    where e.shortlist_id = ${shortlist.id} and e.application_id = o.id and e.position <> o.position`);
  await touch(tx, shortlist.id);
}

async function touch(tx: Executor, shortlistId: string) {
  await tx.update(shortlists).set({ updatedAt: sql`now()` }).where(eq(shortlists.id, shortlistId));
}

/** How a shortlist's candidates are shown: the field set, whether contact details may be shown, whose verdicts. */
export interface CandidateView {
  fields: readonly ShareField[];
  /** The caller may see contact details at all (an organization reviewer without the grant may not). */
  contactsAllowed: boolean;
  /** Verdicts through this link only (a link visitor); else every link of the shortlist (the organization). */
  linkId?: string;
  /** The organization always sees the stage; a link shows it with `scores`. */
  alwaysStage: boolean;
  /**
   * Whose own judgements decide which judgement terms of the score are visible (policies/judgement.ts): the member
   * reading, or null for a link visitor, who gives none.
   */
  viewerId: number | null;
}

/** One answer as words (choices by label, files by name, repeatable rows one after another). */
export function answerList(definition: FormDefinition | undefined, answers: Answers) {
  if (!definition) return [];
  const list: { question: string; answer: string }[] = [];
  for (const field of fieldsOf(definition)) {
    const value = answers[field.id];
    if (field.type === 'repeatableGroup') {
      if (!Array.isArray(value) || value.length === 0) continue;
      const rows = value.map((row, index) => {
        const parts = field.fields
          .map((sub) => {
            const cell = leafCell(sub, (row as Record<string, Answers[string]>)[sub.id]);
            return cell === null ? null : `${sub.label}: ${typeof cell === 'object' ? cell.text : cell}`;
          })
          .filter((part) => part !== null);
        return `#${index + 1} ${parts.join(', ')}`;
      });
      list.push({ question: field.label, answer: rows.join('\n') });
      continue;
    }
    const cell = leafCell(field, value);
    if (cell === null) continue;
    list.push({ question: field.label, answer: typeof cell === 'object' ? cell.text : String(cell) });
  }
  return list;
}

/** One page of a shortlist's candidates in order, each with what the view allows and nothing else. */
export async function shortlistCandidates(
  db: Executor,
  shortlist: ShortlistRow,
  view: CandidateView,
  page: { after?: number; limit: number },
): Promise<{ items: ShortlistCandidate[]; nextCursor: string | null; total: number }> {
  const allows = (field: ShareField) => view.fields.includes(field);
  const contacts = view.contactsAllowed && allows('contact');
  const rows = await db
    .select({
      applicationId: applications.id,
      applicantId: applications.applicantId,
      position: shortlistEntries.position,
      name: sql<string | null>`coalesce(${individualProfiles.name}, ${users.name})`,
      email: users.email,
      stageName: openingStages.name,
      answers: applications.answers,
      formVersion: applications.formVersion,
    })
    .from(shortlistEntries)
    .innerJoin(applications, eq(applications.id, shortlistEntries.applicationId))
    .innerJoin(users, eq(users.id, applications.applicantId))
    .leftJoin(individualProfiles, eq(individualProfiles.userId, applications.applicantId))
    .leftJoin(openingStages, eq(openingStages.id, applications.stageId))
    .where(
      and(
        eq(shortlistEntries.shortlistId, shortlist.id),
        page.after !== undefined ? gt(shortlistEntries.position, page.after) : undefined,
      ),
    )
    .orderBy(asc(shortlistEntries.position))
    .limit(page.limit + 1);
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  const nextCursor = rows.length > page.limit && last ? String(last.position) : null;
  const [totalRow] = await db
    .select({ n: count() })
    .from(shortlistEntries)
    .where(eq(shortlistEntries.shortlistId, shortlist.id));
  const applicationIds = items.map((row) => row.applicationId);
  const applicantIds = items.map((row) => row.applicantId);
  const none = applicationIds.length === 0;

  const [forms, fileRows, portfolioRows, verifications, verdicts, scores] = await readTogether(db, [
    () =>
      allows('answers') && !none
        ? db
            .select({ version: openingFormVersions.version, definition: openingFormVersions.definition })
            .from(openingFormVersions)
            .where(
              and(
                eq(openingFormVersions.openingId, shortlist.openingId),
                inArray(openingFormVersions.version, [...new Set(items.map((row) => row.formVersion))]),
              ),
            )
        : [],
    () =>
      allows('resume') && !none
        ? db
            .select({ applicationId: applicationFiles.applicationId, id: files.id, name: files.name })
            .from(applicationFiles)
            .innerJoin(files, eq(files.id, applicationFiles.fileId))
            .where(and(inArray(applicationFiles.applicationId, applicationIds), eq(files.status, 'ready')))
            .orderBy(asc(files.name))
        : [],
    () =>
      allows('portfolio') && !none
        ? db
            .select({ userId: portfolios.userId, title: portfolios.title, publicId: portfolios.publicId })
            .from(portfolios)
            .where(and(inArray(portfolios.userId, applicantIds), eq(portfolios.visibility, 'public')))
            .orderBy(asc(portfolios.createdAt))
        : [],
    () => (allows('verifiedRecords') && !none ? loadApplicantVerifications(db, applicantIds) : undefined),
    () => (none ? [] : verdictsFor(db, shortlist.id, applicationIds, view.linkId)),
    // The score and breakdown the ranking page shows this viewer, from the stored ranking.
    () => (allows('scores') && !none ? storedScoresOf(db, shortlist.openingId, view.viewerId, applicationIds) : null),
  ]);
  const definitionOf = new Map(forms.map((form) => [form.version, form.definition as FormDefinition]));

  return {
    items: items.map((row) => {
      const definition = definitionOf.get(row.formVersion);
      const answers = contacts ? row.answers : withoutContactAnswers(row.answers, definition);
      const ranked = scores?.get(row.applicationId);
      return {
        applicationId: row.applicationId,
        position: row.position,
        name: allows('name') ? row.name : null,
        email: contacts ? row.email : null,
        stageName: view.alwaysStage || allows('scores') ? row.stageName : null,
        score: ranked?.score ?? null,
        ranking: ranked
          ? { rank: ranked.rank, why: ranked.why, knockouts: ranked.knockouts, explanation: ranked.explanation }
          : null,
        answers: allows('answers') ? answerList(definition, answers) : null,
        files: allows('resume')
          ? fileRows.filter((file) => file.applicationId === row.applicationId).map(({ id, name }) => ({ id, name }))
          : null,
        portfolios: allows('portfolio')
          ? portfolioRows
              .filter((portfolio) => portfolio.userId === row.applicantId)
              .map((portfolio) => ({ title: portfolio.title, path: `/viewer/${portfolio.publicId}` }))
          : null,
        verifiedRecords: verifications ? (verifications.get(row.applicantId)?.records ?? []) : null,
        verdicts: verdicts.filter((verdict) => verdict.applicationId === row.applicationId),
      };
    }),
    nextCursor,
    total: Number(totalRow?.n ?? 0),
  };
}

/** Verdicts on these candidates, newest first: through one link, or through every link of the shortlist. */
async function verdictsFor(
  db: Executor,
  shortlistId: string,
  applicationIds: string[],
  linkId: string | undefined,
): Promise<Verdict[]> {
  const rows = await db
    .select({ verdict: shortlistVerdicts, linkLabel: shareLinks.label })
    .from(shortlistVerdicts)
    .innerJoin(shareLinks, eq(shareLinks.id, shortlistVerdicts.linkId))
    .where(
      and(
        eq(shareLinks.shortlistId, shortlistId),
        linkId ? eq(shareLinks.id, linkId) : undefined,
        inArray(shortlistVerdicts.applicationId, applicationIds),
      ),
    )
    .orderBy(sql`${shortlistVerdicts.updatedAt} desc`);
  return rows.map(({ verdict, linkLabel }) => ({
    id: verdict.id,
    applicationId: verdict.applicationId,
    visitorName: verdict.visitorName,
    visitorEmail: verdict.visitorEmail,
    verdict: verdict.verdict,
    comment: verdict.comment,
    at: verdict.updatedAt.toISOString(),
    linkLabel: linkId ? null : linkLabel,
  }));
}
