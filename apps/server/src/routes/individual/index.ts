import { entryIdQuerySchema, successEnvelope, z } from '@placely/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { preparedStatement, rowOf } from '../../db/prepared';
import { readTogether } from '../../db/read-together';
import { errors } from '../../errors';
import { ok } from '../../http/envelope';
import { authorize } from '../../policies';
import { refreshSectionAutoFill } from '../../services/autofill';
import { lockUser } from '../../services/users';
import { badgeKey, verifiedRecordIds, voidRecordVerifications } from '../../services/verification';
import { SECTIONS, type SectionDefinition } from './sections';

/** The list every call answers with, so the client replaces its copy in one go. */
export async function listSection(db: Executor, section: SectionDefinition, userId: number) {
  const [[rows = []], verified] = await readTogether(db, [
    () => readSectionRows(db, [section], userId),
    () => (section.recordKind ? verifiedRecordIds(db, userId, section.recordKind) : new Set<string>()),
  ]);
  return { entries: rows.map((row) => section.present(row, verified.has(row.id as string))) };
}

/**
 * Every section's entries of one person in one statement, each section only when `shown` names it: one JSON list per
 * section, in the section's own order. Written once and prepared per connection: a portfolio view and every section
 * list run it, and building a statement per request cost more CPU than PostgreSQL spends running it (hot-paths.md,
 * 2026-11-28).
 */
const sectionLists = preparedStatement<Record<string, Record<string, unknown>[] | null>>(
  'section_lists',
  sql`select ${sql.join(
    SECTIONS.map((section, index) => {
      const { table } = section;
      const order = sql.join(section.orderBy(table), sql`, `);
      return sql`case when ${section.tag}::text = any(${sql.placeholder('shown')}::text[]) then coalesce((
          select jsonb_agg(to_jsonb(${table}) order by ${order}) from ${table}
          where ${table.userId} = ${sql.placeholder('userId')}), '[]'::jsonb) end as ${sql.raw(`s${index}`)}`;
    }),
    sql`, `,
  )}`,
);

/** Several sections' entries of one person in one read, each list mapped as the query builder maps a row. */
export async function readSectionRows(
  db: Executor,
  sections: SectionDefinition[],
  userId: number,
): Promise<Record<string, unknown>[][]> {
  if (sections.length === 0) return [];
  const [row] = await sectionLists(db, { userId, shown: sections.map((section) => section.tag) });
  return sections.map((section) =>
    (row?.[`s${SECTIONS.indexOf(section)}`] ?? []).map((raw) => rowOf(section.table, raw)),
  );
}

/** A section's entries as its list presents them, verified where one of the person's badges vouches for the entry. */
export function presentSectionRows(
  section: SectionDefinition,
  rows: Record<string, unknown>[],
  badges: Map<string, unknown>,
): unknown[] {
  const { recordKind } = section;
  return rows.map((row) => section.present(row, !!recordKind && badges.has(badgeKey(recordKind, row.id as string))));
}

/**
 * Each profile section gets GET (list), POST (add), PUT ({id, entry}: edit) and DELETE (?id=) at its spec path.
 * Every write: authenticate → validate → transaction → lock the owner → authorize → act (scoped to the owner in SQL,
 * so another person's id is simply not found) → refresh auto-fill → present the whole list.
 */
function sectionRoutes(ctx: AppContext, section: SectionDefinition): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };
    const listResponse = { 200: successEnvelope(z.object({ entries: z.array(section.entry) })) };
    const tags = [section.tag];

    const write = async <T>(userId: number, act: (tx: Executor) => Promise<T>) =>
      ctx.db.transaction(async (tx) => {
        const user = await lockUser(tx, userId);
        return { user, result: await act(tx) };
      });

    const change = async (userId: number, act: (tx: Executor) => Promise<void>) => {
      try {
        const { result } = await write(userId, async (tx) => {
          await act(tx);
          await refreshSectionAutoFill(tx, userId);
          return listSection(tx, section, userId);
        });
        return result;
      } catch (error) {
        if (section.duplicate && isUniqueViolation(error)) throw errors.conflict(section.duplicate);
        throw error;
      }
    };

    app.get(
      section.path,
      { ...authenticated, schema: { tags, summary: `Your ${section.tag}`, response: listResponse } },
      async (request) => ok(await listSection(ctx.db, section, actorOf(request).user.id)),
    );

    app.post(
      section.path,
      {
        ...authenticated,
        schema: { tags, summary: `Adds a ${section.noun}`, body: section.input, response: listResponse },
      },
      async (request) => {
        const actor = actorOf(request);
        const list = await change(actor.user.id, async (tx) => {
          authorize(actor, 'individual.editSections', actor.user);
          const [existing] = await tx
            .select({ total: count() })
            .from(section.table)
            .where(eq(section.table.userId, actor.user.id));
          if ((existing?.total ?? 0) >= section.max) {
            throw errors.conflict(`You can keep at most ${section.max} entries here.`);
          }
          await tx.insert(section.table).values({ ...request.body, userId: actor.user.id });
        });
        return ok(list, 'Saved');
      },
    );

    app.put(
      section.path,
      {
        ...authenticated,
        schema: {
          tags,
          summary: `Edits one of your ${section.tag}`,
          body: z.strictObject({ id: z.uuid('Not an entry id'), entry: section.input }),
          response: listResponse,
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const list = await change(actor.user.id, async (tx) => {
          authorize(actor, 'individual.editSections', actor.user);
          const ofOwner = and(eq(section.table.id, request.body.id), eq(section.table.userId, actor.user.id));
          const [before] = await tx.select().from(section.table).where(ofOwner);
          if (!before) throw errors.notFound(`That ${section.noun}`);
          const locked = section.locked?.(before as Record<string, unknown>);
          if (locked) throw errors.conflict(locked);
          const [after] = await tx
            .update(section.table)
            .set({ ...request.body.entry, updatedAt: sql`now()` })
            .where(ofOwner)
            .returning();
          // A verification vouched for the content as it was: any real change voids it (saving unchanged keeps it).
          if (
            section.recordKind &&
            JSON.stringify(section.present(before, false)) !== JSON.stringify(section.present(after, false))
          ) {
            await voidRecordVerifications(tx, actor.user.id, section.recordKind, request.body.id);
          }
        });
        return ok(list, 'Saved');
      },
    );

    app.delete(
      section.path,
      {
        ...authenticated,
        schema: {
          tags,
          summary: `Deletes one of your ${section.tag}`,
          querystring: entryIdQuerySchema,
          response: listResponse,
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const list = await change(actor.user.id, async (tx) => {
          authorize(actor, 'individual.editSections', actor.user);
          const removed = await tx
            .delete(section.table)
            .where(and(eq(section.table.id, request.query.id), eq(section.table.userId, actor.user.id)))
            .returning({ id: section.table.id });
          if (removed.length === 0) throw errors.notFound(`That ${section.noun}`);
          if (section.recordKind) {
            await voidRecordVerifications(tx, actor.user.id, section.recordKind, request.query.id);
          }
        });
        return ok(list, 'Deleted');
      },
    );
  };
}

export function individualRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    for (const section of SECTIONS) await app.register(sectionRoutes(ctx, section));
  };
}
