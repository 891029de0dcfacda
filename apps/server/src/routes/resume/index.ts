import { RESUMES_PER_USER } from '@placely/contract';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { files, resumes, users } from '../../db/schema';
import { errors } from '../../errors';
import { ok } from '../../http/envelope';
import { authorize } from '../../policies';
import { presentResume } from '../../presenters/resume';
import { addResumeSchema, deleteResumeSchema, listResumesSchema, updateResumeSchema } from './schema';

async function listResumes(db: Executor, userId: number) {
  const rows = await db
    .select({ resume: resumes, file: files })
    .from(resumes)
    .innerJoin(files, eq(files.id, resumes.fileId))
    .where(eq(resumes.userId, userId))
    .orderBy(desc(resumes.isDefault), desc(resumes.createdAt), asc(resumes.id));
  return { resumes: rows.map((row) => presentResume(row.resume, row.file)) };
}

export function resumeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };
    /** Locks the caller's user row: resume changes of one person run one at a time (default flag, count limit). */
    const lockUser = async (tx: Executor, userId: number) => {
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      if (!user) throw errors.unauthenticated();
    };

    app.get('/api/resume', { ...authenticated, schema: listResumesSchema }, async (request) =>
      ok(await listResumes(ctx.db, actorOf(request).user.id)),
    );

    app.post('/api/resume', { ...authenticated, schema: addResumeSchema }, async (request) => {
      const actor = actorOf(request);
      const { fileId, title, isDefault } = request.body;
      const list = await ctx.db.transaction(async (tx) => {
        await lockUser(tx, actor.user.id);
        const [file] = await tx
          .select()
          .from(files)
          .where(and(eq(files.id, fileId), eq(files.status, 'ready')));
        if (!file || file.ownerId !== actor.user.id) throw errors.notFound('That file');
        authorize(actor, 'resume.add', file);
        const [existing] = await tx.select({ total: count() }).from(resumes).where(eq(resumes.userId, actor.user.id));
        const total = existing?.total ?? 0;
        if (total >= RESUMES_PER_USER) throw errors.conflict(`You can keep at most ${RESUMES_PER_USER} resumes.`);
        const makeDefault = isDefault === true || total === 0;
        if (makeDefault) {
          await tx.update(resumes).set({ isDefault: false }).where(eq(resumes.userId, actor.user.id));
        }
        const inserted = await tx
          .insert(resumes)
          .values({ userId: actor.user.id, fileId, title, isDefault: makeDefault })
          .onConflictDoNothing({ target: resumes.fileId })
          .returning();
        if (inserted.length === 0) throw errors.conflict('This file is already one of your resumes.');
        return listResumes(tx, actor.user.id);
      });
      return ok(list, 'Resume added');
    });

    app.patch('/api/resume', { ...authenticated, schema: updateResumeSchema }, async (request) => {
      const actor = actorOf(request);
      const { id, title, isDefault } = request.body;
      const list = await ctx.db.transaction(async (tx) => {
        await lockUser(tx, actor.user.id);
        const [resume] = await tx
          .select()
          .from(resumes)
          .where(and(eq(resumes.id, id), eq(resumes.userId, actor.user.id)));
        if (!resume) throw errors.notFound('That resume');
        authorize(actor, 'resume.change', resume);
        if (isDefault) await tx.update(resumes).set({ isDefault: false }).where(eq(resumes.userId, actor.user.id));
        await tx
          .update(resumes)
          .set({ ...(title ? { title } : {}), ...(isDefault ? { isDefault: true } : {}), updatedAt: sql`now()` })
          .where(eq(resumes.id, resume.id));
        return listResumes(tx, actor.user.id);
      });
      return ok(list, 'Resume saved');
    });

    app.delete('/api/resume', { ...authenticated, schema: deleteResumeSchema }, async (request) => {
      const actor = actorOf(request);
      const { list, storageKey } = await ctx.db.transaction(async (tx) => {
        await lockUser(tx, actor.user.id);
        const [row] = await tx
          .select({ resume: resumes, file: files })
          .from(resumes)
          .innerJoin(files, eq(files.id, resumes.fileId))
          .where(and(eq(resumes.id, request.query.id), eq(resumes.userId, actor.user.id)));
        if (!row) throw errors.notFound('That resume');
        authorize(actor, 'resume.change', row.resume);
        await tx.delete(files).where(eq(files.id, row.file.id));
        if (row.resume.isDefault) {
          // The newest remaining resume becomes the default, so there always is one while any remain.
          const [next] = await tx
            .select({ id: resumes.id })
            .from(resumes)
            .where(eq(resumes.userId, actor.user.id))
            .orderBy(desc(resumes.createdAt))
            .limit(1);
          if (next) await tx.update(resumes).set({ isDefault: true }).where(eq(resumes.id, next.id));
        }
        return { list: await listResumes(tx, actor.user.id), storageKey: row.file.storageKey };
      });
      // Bytes go after the rows are gone; a failure here leaves only an unreachable object behind.
      await ctx.storage.remove(storageKey).catch((error) => request.log.warn({ err: error }, 'could not delete file'));
      return ok(list, 'Resume deleted');
    });
  };
}
