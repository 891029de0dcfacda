import { randomUUID } from 'node:crypto';
import { RESUMES_PER_USER } from '@placely/contract';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { applicationFiles, files, individualProfiles, phoneNumbers, resumes } from '../../db/schema';
import { errors } from '../../errors';
import { ok } from '../../http/envelope';
import { authorize } from '../../policies';
import { presentResume } from '../../presenters/resume';
import { renderResumePdf } from '../../services/resume-pdf';
import { lockUser } from '../../services/users';
import { sanitizeFileName } from '../../storage/content-type';
import { listSection } from '../individual';
import { SECTIONS } from '../individual/sections';
import {
  addResumeSchema,
  deleteResumeSchema,
  generateResumeSchema,
  listResumesSchema,
  updateResumeSchema,
} from './schema';

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

    app.post('/api/resume/generate', { ...authenticated, schema: generateResumeSchema }, async (request) => {
      const actor = actorOf(request);
      const userId = actor.user.id;
      const entriesOf = async (tag: string) => {
        const section = SECTIONS.find((candidate) => candidate.tag === tag);
        // biome-ignore lint/suspicious/noExplicitAny: each section's entries have their own presented shape
        return section ? ((await listSection(ctx.db, section, userId)).entries as any[]) : [];
      };
      const [[profile], [phone], education, experience, projects, skills, others, placements] = await Promise.all([
        ctx.db.select().from(individualProfiles).where(eq(individualProfiles.userId, userId)),
        ctx.db
          .select({ number: phoneNumbers.number })
          .from(phoneNumbers)
          .where(
            and(eq(phoneNumbers.userId, userId), eq(phoneNumbers.isPrimary, true), eq(phoneNumbers.isDeleted, false)),
          ),
        entriesOf('education'),
        entriesOf('experience'),
        entriesOf('projects'),
        entriesOf('skills'),
        entriesOf('others'),
        entriesOf('placements'),
      ]);
      const name = profile?.name ?? actor.user.name;
      const pdf = await renderResumePdf({
        name,
        headline: profile?.headline ?? null,
        about: profile?.about ?? null,
        contact: [
          actor.user.email,
          phone?.number ?? null,
          profile?.location ?? null,
          profile?.linkedin ?? null,
          profile?.github ?? null,
          profile?.website ?? null,
        ],
        education,
        experience,
        projects,
        skills,
        others,
        placements,
      });
      const fileId = randomUUID();
      const day = new Date().toISOString().slice(0, 10);
      await ctx.storage.put(fileId, pdf, 'application/pdf');
      try {
        const list = await ctx.db.transaction(async (tx) => {
          await lockUser(tx, userId);
          authorize(actor, 'resume.generate', actor.user);
          const [existing] = await tx.select({ total: count() }).from(resumes).where(eq(resumes.userId, userId));
          const total = existing?.total ?? 0;
          if (total >= RESUMES_PER_USER) throw errors.conflict(`You can keep at most ${RESUMES_PER_USER} resumes.`);
          await tx.insert(files).values({
            id: fileId,
            ownerId: userId,
            purpose: 'resume',
            name: sanitizeFileName(`${name} resume ${day}.pdf`),
            contentType: 'application/pdf',
            size: pdf.length,
            storageKey: fileId,
            status: 'ready',
          });
          const makeDefault = request.body.isDefault === true || total === 0;
          if (makeDefault) await tx.update(resumes).set({ isDefault: false }).where(eq(resumes.userId, userId));
          await tx.insert(resumes).values({
            userId,
            fileId,
            title: request.body.title ?? `Generated from profile (${day})`,
            isDefault: makeDefault,
          });
          return listResumes(tx, userId);
        });
        return ok(list, 'Resume generated');
      } catch (error) {
        await ctx.storage.remove(fileId);
        throw error;
      }
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
        await tx.delete(resumes).where(eq(resumes.id, row.resume.id));
        // A resume sent with an application stays readable by that organization: only unreferenced bytes go.
        const [applied] = await tx
          .select({ fileId: applicationFiles.fileId })
          .from(applicationFiles)
          .where(eq(applicationFiles.fileId, row.file.id))
          .limit(1);
        if (!applied) await tx.delete(files).where(eq(files.id, row.file.id));
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
        return { list: await listResumes(tx, actor.user.id), storageKey: applied ? null : row.file.storageKey };
      });
      // Bytes go after the rows are gone; a failure here leaves only an unreachable object behind.
      if (storageKey) {
        await ctx.storage
          .remove(storageKey)
          .catch((error) => request.log.warn({ err: error }, 'could not delete file'));
      }
      return ok(list, 'Resume deleted');
    });
  };
}
