import { randomUUID } from 'node:crypto';
import {
  CONTENT_TYPES,
  FILE_MESSAGES,
  FILE_PURPOSES,
  FILE_RULES,
  type FilePurpose,
  ONE_SHOT_UPLOAD_MAX_BYTES,
  ORGANIZATION_HEADER,
  PUBLIC_FILE_PURPOSES,
  TUS_ENDPOINT,
  VIDEO_FILE_PURPOSES,
  VIDEO_TASK_MESSAGES,
} from '@placely/contract';
import type { Upload } from '@tus/server';
import { Server as TusServer } from '@tus/server';
import { and, eq, isNotNull, isNull, like, notExists, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Actor } from '../../auth/authenticate';
import { actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { files, openings, organizationProfiles, organizations, videoTasks } from '../../db/schema';
import { AppError, envelopeFor, errors } from '../../errors';
import { actingForOrganization } from '../../http/acting-for';
import { ok } from '../../http/envelope';
import { takeOverResponse } from '../../http/take-over';
import { authorize } from '../../policies';
import { managesOrganizationLogo, ownsFile } from '../../policies/file';
import { coversOpening, type OrganizationAccess } from '../../policies/organization';
import { presentFile } from '../../presenters/file';
import { applicationsWithFileAt } from '../../services/applications/file-access';
import { fileIdOfLink, parseByteRange, signFileLink } from '../../services/file-links';
import {
  organizationAccessOf,
  organizationStandingOf,
  type RequestHeaders,
  recordAudit,
} from '../../services/organizations';
import { cellInstitutionsOf } from '../../services/placement/access';
import { isNoticeAttachmentFor } from '../../services/placement/notices';
import { offerLettersOf } from '../../services/placement/offers';
import { recordProfileView } from '../../services/profile-views';
import { probeVideo } from '../../services/video/probe';
import { MissingObjectError } from '../../storage';
import { CONTENT_SNIFF_BYTES, detectContentType, sanitizeFileName } from '../../storage/content-type';
import { downloadSchema, fileLinkRouteSchema, getFileSchema, publicFileSchema, uploadFileSchema } from './schema';

const isVideoPurpose = (purpose: FilePurpose) => VIDEO_FILE_PURPOSES.includes(purpose);
const isPurpose = (value: unknown): value is FilePurpose => FILE_PURPOSES.includes(value as FilePurpose);

/** The organization header of a tus request (a web Request), in the shape the organization helpers read. */
const tusRequestHeaders = (req: Request): RequestHeaders => ({
  headers: { [ORGANIZATION_HEADER.toLowerCase()]: req.headers.get(ORGANIZATION_HEADER) ?? undefined },
});

/** tus hooks answer with `{status_code, body}`; the body is our usual error envelope. */
function tusFailure(error: AppError) {
  return { status_code: error.status, body: JSON.stringify(envelopeFor(error)) };
}

export function fileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };
    const { storage } = ctx;
    /**
     * Video purposes take their limit from the configuration (VIDEO_MAX_BYTES for answers, VIDEO_PROMPT_MAX_BYTES for
     * prompt videos), the others from the contract.
     */
    const maxBytesOf = (purpose: FilePurpose) => {
      if (purpose === 'video') return ctx.config.videoMaxBytes;
      if (purpose === 'videoPrompt') return ctx.config.videoPromptMaxBytes;
      return FILE_RULES[purpose].maxBytes;
    };
    const maxUploadBytes = Math.max(...FILE_PURPOSES.map(maxBytesOf));
    const tooLarge = (purpose: FilePurpose) => FILE_MESSAGES.tooLarge(purpose, maxBytesOf(purpose));
    /**
     * What a stored object is, read from its content: videos by ffprobe (type and duration from the container),
     * everything else by its magic numbers. Undefined: not a type this purpose takes.
     */
    const recognise = async (key: string, purpose: FilePurpose) => {
      if (isVideoPurpose(purpose)) {
        const facts = await storage.withLocalPath(key, (filePath) => probeVideo(ctx.config.ffprobePath, filePath));
        // Each video purpose takes its own containers (a prompt video plays in every browser: MP4 or WebM).
        return facts && FILE_RULES[purpose].contentTypes.includes(facts.contentType)
          ? { contentType: facts.contentType, durationSeconds: facts.durationSeconds }
          : undefined;
      }
      const contentType = detectContentType(await storage.readHead(key, CONTENT_SNIFF_BYTES));
      return contentType && FILE_RULES[purpose].contentTypes.includes(contentType)
        ? { contentType, durationSeconds: null }
        : undefined;
    };
    const wrongType = (purpose: FilePurpose) => {
      if (purpose === 'videoPrompt') return VIDEO_TASK_MESSAGES.notPromptVideo;
      return isVideoPurpose(purpose) ? VIDEO_TASK_MESSAGES.notVideo : FILE_MESSAGES.wrongType(purpose);
    };

    /**
     * A logo is uploaded for the organization the caller acts for (X-Organization-Id, else their own organization
     * account), resolved from their live membership; other purposes are the caller's own and name no organization.
     */
    const uploadingFor = (request: RequestHeaders, actor: Actor, purpose: FilePurpose) =>
      purpose === 'logo' ? organizationAccessOf(ctx.db, request, actor) : Promise.resolve(null);
    /** Whose file an upload becomes: a logo the organization's, anything else the uploader's. */
    const ownerOfUpload = (actor: Actor, organization: OrganizationAccess | null) =>
      organization?.organizationId ?? actor.user.id;

    const loadFile = async (id: string) => {
      const [row] = await ctx.db.select().from(files).where(eq(files.id, id));
      return row;
    };

    /** A logo is public while its organization's profile shows it and the organization is not deleted. */
    const isShownLogo = async (row: { id: string; ownerId: number }) => {
      const [used] = await ctx.db
        .select({ userId: organizationProfiles.userId })
        .from(organizationProfiles)
        .where(
          and(
            eq(organizationProfiles.userId, row.ownerId),
            like(organizationProfiles.logo, `%/api/files/${row.id}/public`),
            notExists(
              ctx.db
                .select({ id: organizations.id })
                .from(organizations)
                .where(and(eq(organizations.id, row.ownerId), isNotNull(organizations.deletedAt))),
            ),
          ),
        )
        .limit(1);
      return used !== undefined;
    };

    /** The task column that shows a file of each prompt purpose. */
    const promptColumns = {
      videoPromptImage: videoTasks.promptImageFileId,
      videoPrompt: videoTasks.promptVideoFileId,
      videoCaptions: videoTasks.promptCaptionsFileId,
    } as const;
    /** A prompt image, video or captions file is public while a live task of a live opening shows it. */
    const isShownInPrompt = async (row: { id: string }, column: (typeof promptColumns)[keyof typeof promptColumns]) => {
      const [used] = await ctx.db
        .select({ id: videoTasks.id })
        .from(videoTasks)
        .innerJoin(openings, eq(openings.id, videoTasks.openingId))
        .where(and(eq(column, row.id), isNull(videoTasks.deletedAt), isNull(openings.deletedAt)))
        .limit(1);
      return used !== undefined;
    };
    const isShownPublicly = (row: { id: string; ownerId: number; purpose: FilePurpose }) =>
      row.purpose in promptColumns
        ? isShownInPrompt(row, promptColumns[row.purpose as keyof typeof promptColumns])
        : isShownLogo(row);

    /** The bytes of a ready file; a row whose object vanished is an integrity fault, answered 410, never a 500. */
    const readStored = async (request: FastifyRequest, row: { id: string; storageKey: string }) => {
      try {
        return await storage.read(row.storageKey);
      } catch (error) {
        if (!(error instanceof MissingObjectError)) throw error;
        // The file id only: an opaque server-made key the operator needs, never the name or the owner.
        request.log.error({ integrity: true, fileId: row.id }, 'integrity error: a ready file has no stored object');
        throw errors.gone(FILE_MESSAGES.gone);
      }
    };

    /** Part of a ready file's bytes (a range request); a vanished object is answered 410 as above. */
    const readStoredRange = async (
      request: FastifyRequest,
      row: { id: string; storageKey: string },
      start: number,
      end: number,
    ) => {
      try {
        return await storage.readRange(row.storageKey, start, end);
      } catch (error) {
        if (!(error instanceof MissingObjectError)) throw error;
        request.log.error({ integrity: true, fileId: row.id }, 'integrity error: a ready file has no stored object');
        throw errors.gone(FILE_MESSAGES.gone);
      }
    };

    app.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: ONE_SHOT_UPLOAD_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );

    app.post('/api/files', { ...authenticated, schema: actingForOrganization(uploadFileSchema) }, async (request) => {
      const actor = actorOf(request);
      const { purpose, name } = request.query;
      const organization = await uploadingFor(request, actor, purpose);
      authorize(actor, 'file.upload', { purpose, organization });
      const body = request.body;
      if (!Buffer.isBuffer(body)) throw errors.unsupportedMediaType('Send the file as application/octet-stream.');
      if (body.length === 0) throw errors.validation([{ field: 'body', message: FILE_MESSAGES.empty }]);
      if (body.length > maxBytesOf(purpose)) throw errors.payloadTooLarge(tooLarge(purpose));
      const sniffed = detectContentType(body.subarray(0, CONTENT_SNIFF_BYTES));
      if (!isVideoPurpose(purpose) && (!sniffed || !FILE_RULES[purpose].contentTypes.includes(sniffed))) {
        throw errors.unsupportedMediaType(FILE_MESSAGES.wrongType(purpose));
      }
      const id = randomUUID();
      await storage.put(id, body, sniffed ?? 'application/octet-stream');
      const recognised = isVideoPurpose(purpose)
        ? await recognise(id, purpose)
        : { contentType: sniffed ?? '', durationSeconds: null };
      if (!recognised) {
        await storage.remove(id);
        throw errors.unsupportedMediaType(wrongType(purpose));
      }
      const { contentType, durationSeconds } = recognised;
      try {
        const [row] = await ctx.db
          .insert(files)
          .values({
            id,
            ownerId: ownerOfUpload(actor, organization),
            purpose,
            name: sanitizeFileName(name),
            contentType,
            durationSeconds,
            size: body.length,
            storageKey: id,
            status: 'ready',
          })
          .returning();
        if (!row) throw new Error('file row not written');
        return ok(presentFile(row), 'File uploaded');
      } catch (error) {
        await storage.remove(id);
        throw error;
      }
    });

    app.get('/api/files/:id', { ...authenticated, schema: actingForOrganization(getFileSchema) }, async (request) => {
      const actor = actorOf(request);
      const row = await loadFile(request.params.id);
      // The caller's own file, or a logo of the organization they own and act for (uploaded by any of its owners).
      const organization =
        row && row.ownerId !== actor.user.id && row.purpose === 'logo'
          ? await organizationStandingOf(ctx.db, request, actor)
          : null;
      if (row?.status !== 'ready' || !(ownsFile(actor, row) || managesOrganizationLogo(organization, row))) {
        throw errors.notFound('That file');
      }
      authorize(actor, 'file.read', { file: row, sentToActor: false, organization });
      return ok(presentFile(row));
    });

    app.get(
      '/api/files/:id/link',
      { ...authenticated, schema: actingForOrganization(fileLinkRouteSchema) },
      async (request) => {
        const actor = actorOf(request);
        const row = await loadFile(request.params.id);
        if (row?.status !== 'ready') throw errors.notFound('That file');
        // A notice's attachment is readable by the students it reached and the cycle's placement cell.
        const inNotice =
          row.ownerId !== actor.user.id &&
          (await isNoticeAttachmentFor(ctx.db, row.id, actor.user.id, cellInstitutionsOf(actor.user.id)));
        // An offer's letter (always a PDF) is the offer's: its student, the cycle's cell and the company's people read it.
        const letters =
          row.ownerId !== actor.user.id && !inNotice && row.contentType === CONTENT_TYPES.pdf
            ? await offerLettersOf(ctx.db, row.id, cellInstitutionsOf(actor.user.id))
            : [];
        const readsAsStudentOrCell = letters.some(
          (letter) => Number(letter.individual_id) === actor.user.id || letter.in_cycle_cell,
        );
        // A file sent with an application is readable by the people of that organization whose role covers the opening.
        const access =
          row.ownerId === actor.user.id || inNotice || readsAsStudentOrCell
            ? null
            : await organizationAccessOf(ctx.db, request, actor);
        const sentTo = access
          ? (await applicationsWithFileAt(ctx.db, row.id, access.organizationId)).find((sent) =>
              coversOpening(access, sent.openingId),
            )
          : undefined;
        const sentToActor = inNotice || sentTo !== undefined;
        const offerLetters = letters.map((letter) => ({
          madeTo: Number(letter.individual_id),
          callerInCycleCell: letter.in_cycle_cell,
          callerCoversOpening:
            access !== null &&
            access.organizationId === Number(letter.organization_id) &&
            coversOpening(access, letter.opening_id),
        }));
        authorize(actor, 'file.read', { file: row, sentToActor, offerLetters });
        // An organization opening a candidate's resume shows up in that person's "who viewed me" and its audit trail.
        if (access && sentTo && row.purpose === 'resume') {
          await recordProfileView(ctx.db, { ownerId: row.ownerId, viewerId: access.organizationId, subject: 'resume' });
          await recordAudit(ctx.db, access.organizationId, actor.user.id, {
            kind: 'resume.viewed',
            openingId: sentTo.openingId,
            applicationId: sentTo.applicationId,
          });
        }
        return ok(await signFileLink(ctx.config.jwtSecret, row.id, actor.user.id));
      },
    );

    app.get('/api/files/download', { schema: downloadSchema }, async (request, reply) => {
      const fileId = await fileIdOfLink(ctx.config.jwtSecret, request.query.token);
      if (!fileId) throw errors.forbidden('This download link has expired. Open the file again to get a new link.');
      const row = await loadFile(fileId);
      if (row?.status !== 'ready') throw errors.notFound('That file');
      // Media players seek with range requests: one range, answered 206 (416 outside the file), from either store.
      const range = parseByteRange(request.headers.range, row.size);
      const disposition =
        isVideoPurpose(row.purpose) || row.purpose === 'videoPoster' || row.purpose === 'videoCaptions'
          ? 'inline'
          : 'attachment';
      reply
        .header('Content-Type', row.contentType ?? 'application/octet-stream')
        .header('Content-Disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(row.name)}`)
        .header('Accept-Ranges', 'bytes')
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff');
      if (range === 'unsatisfiable') {
        return reply.code(416).header('Content-Range', `bytes */${row.size}`).send();
      }
      if (range) {
        const stream = await readStoredRange(request, row, range.start, range.end);
        return reply
          .code(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${row.size}`)
          .header('Content-Length', String(range.end - range.start + 1))
          .send(stream);
      }
      const stream = await readStored(request, row);
      return reply.header('Content-Length', String(row.size)).send(stream);
    });

    app.get('/api/files/:id/public', { schema: publicFileSchema }, async (request, reply) => {
      const row = await loadFile(request.params.id);
      // Public only while shown: a logo by its owner's organization profile, a prompt image by a live video task;
      // an unused or replaced one is a 404.
      if (row?.status !== 'ready' || !PUBLIC_FILE_PURPOSES.includes(row.purpose) || !(await isShownPublicly(row))) {
        throw errors.notFound('That file');
      }
      // A file id never gets other bytes, so browsers and proxies may keep it.
      reply
        .header('Content-Type', row.contentType ?? 'application/octet-stream')
        .header('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(row.name)}`)
        .header('Accept-Ranges', 'bytes')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cross-Origin-Resource-Policy', 'cross-origin');
      // A prompt video is played with seeking: range requests as for signed links (206; 416 outside the file).
      const range = parseByteRange(request.headers.range, row.size);
      if (range === 'unsatisfiable') return reply.code(416).header('Content-Range', `bytes */${row.size}`).send();
      if (range) {
        const part = await readStoredRange(request, row, range.start, range.end);
        return reply
          .code(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${row.size}`)
          .header('Content-Length', String(range.end - range.start + 1))
          .send(part);
      }
      const stream = await readStored(request, row);
      return reply.header('Content-Length', String(row.size)).send(stream);
    });

    // Resumable uploads (tus 1.0). The upload id is the file id and the storage key.
    const actors = new WeakMap<Request, Actor>();
    const tus = new TusServer({
      path: TUS_ENDPOINT,
      datastore: storage.tusDatastore(),
      relativeLocation: true,
      respectForwardedHeaders: ctx.config.trustProxy,
      maxSize: maxUploadBytes,
      namingFunction: () => randomUUID(),
      onResponseError(_req, error) {
        // tus answers protocol errors itself; anything unexpected is logged here, as Fastify never sees it.
        if (!('status_code' in error)) app.log.error({ err: error }, 'resumable upload failed');
        return undefined;
      },
      async onIncomingRequest(req, uploadId) {
        try {
          const actor = await ctx.authenticate.resolveActor(req.headers.get('authorization'));
          actors.set(req, actor);
          if (req.method !== 'POST' && req.method !== 'OPTIONS') {
            const row = await loadFile(uploadId);
            // An organization's logo is continued by its owners acting for it, whoever of them started it.
            const organization =
              row && row.ownerId !== actor.user.id && row.purpose === 'logo'
                ? await organizationStandingOf(ctx.db, tusRequestHeaders(req), actor)
                : null;
            if (!row || !(ownsFile(actor, row) || managesOrganizationLogo(organization, row))) {
              throw errors.notFound('That upload');
            }
            authorize(actor, 'file.continueUpload', { file: row, organization });
            if (req.method === 'DELETE') {
              // Termination is for unfinished uploads only: a ready file follows the file rules (an application's
              // files are kept), so it is never removed through tus. Deleting the row first, conditionally, also
              // settles a race with the upload's last chunk: whichever runs second finds no 'uploading' row.
              const [removed] = await ctx.db
                .delete(files)
                .where(and(eq(files.id, uploadId), eq(files.status, 'uploading')))
                .returning({ id: files.id });
              if (!removed) throw errors.conflict(FILE_MESSAGES.finishedUpload);
            }
          }
        } catch (error) {
          if (error instanceof AppError) throw tusFailure(error);
          throw error;
        }
      },
      async onUploadCreate(req, upload: Upload) {
        const actor = actors.get(req);
        if (!actor) throw tusFailure(errors.unauthenticated());
        const purpose = upload.metadata?.purpose;
        if (!isPurpose(purpose)) {
          throw tusFailure(
            errors.validation([{ field: 'purpose', message: `Use one of: ${FILE_PURPOSES.join(', ')}` }]),
          );
        }
        let organization: OrganizationAccess | null;
        try {
          organization = await uploadingFor(tusRequestHeaders(req), actor, purpose);
          authorize(actor, 'file.upload', { purpose, organization });
        } catch (error) {
          if (error instanceof AppError) throw tusFailure(error);
          throw error;
        }
        if (upload.size === undefined) {
          throw tusFailure(errors.validation([{ field: 'Upload-Length', message: 'Send the file size up front' }]));
        }
        if (upload.size > maxBytesOf(purpose)) throw tusFailure(errors.payloadTooLarge(tooLarge(purpose)));
        if (upload.size === 0)
          throw tusFailure(errors.validation([{ field: 'Upload-Length', message: FILE_MESSAGES.empty }]));
        await ctx.db.insert(files).values({
          id: upload.id,
          ownerId: ownerOfUpload(actor, organization),
          purpose,
          name: sanitizeFileName(upload.metadata?.filename ?? 'file'),
          size: upload.size,
          storageKey: upload.id,
          status: 'uploading',
        });
        return {};
      },
      async onUploadFinish(_req, upload: Upload) {
        const row = await loadFile(upload.id);
        if (!row) throw tusFailure(errors.notFound('That upload'));
        const recognised = await recognise(upload.id, row.purpose);
        if (!recognised) {
          await storage.remove(upload.id);
          await ctx.db.delete(files).where(eq(files.id, upload.id));
          throw tusFailure(errors.unsupportedMediaType(wrongType(row.purpose)));
        }
        await ctx.db
          .update(files)
          .set({ status: 'ready', ...recognised, updatedAt: sql`now()` })
          .where(and(eq(files.id, upload.id), eq(files.status, 'uploading')));
        return { headers: { 'Upload-File-Id': upload.id } };
      },
    });

    app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const handleTus = { schema: { hide: true } };
    const passToTus = async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
      await tus.handle(request.raw, takeOverResponse(reply));
    };
    app.all(TUS_ENDPOINT, handleTus, passToTus);
    app.all(`${TUS_ENDPOINT}/*`, handleTus, passToTus);
  };
}
