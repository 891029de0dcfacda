import { applicationFilterSchema } from './shortlisting';
import * as z from './zod';

/**
 * The candidate side panel (issue #13): notes the organization keeps on an application, its own tags, and the
 * applicant's profile as the organization may see it. Notes never reach the applicant.
 */
export const CANDIDATE_LIMITS = {
  noteLength: 5000,
  tagNameLength: 40,
  tagsPerOrganization: 200,
  /** Applications named one by one when tagging; larger selections go as a filter. */
  maxTagIds: 1000,
} as const;

export const CANDIDATE_MESSAGES = {
  noteAdded: 'Note added',
  noteSaved: 'Note saved',
  noteDeleted: 'Note deleted',
  tagCreated: 'Tag created',
  tagDeleted: 'Tag deleted',
  tagged: (count: number) => `Tag added to ${count} ${count === 1 ? 'candidate' : 'candidates'}`,
  untagged: (count: number) => `Tag removed from ${count} ${count === 1 ? 'candidate' : 'candidates'}`,
} as const;

const openingId = z.uuid('Not an opening id');
const applicationId = z.uuid('Not an application id');
const noteBody = z.string().trim().min(1, 'Write a note').max(CANDIDATE_LIMITS.noteLength);

export const candidateNoteSchema = z
  .object({
    id: z.string(),
    body: z.string(),
    author: z.object({ id: z.number().int().nullable(), name: z.string().nullable() }),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** The caller wrote it, so may edit or delete it. */
    mine: z.boolean(),
  })
  .meta({ id: 'CandidateNote' });
export type CandidateNote = z.infer<typeof candidateNoteSchema>;
export const candidateNotesSchema = z.object({ items: z.array(candidateNoteSchema) }).meta({ id: 'CandidateNotes' });

/** GET /api/organization/shortlisting/notes?openingId=&applicationId= (oldest first) */
export const candidateNotesQuerySchema = z.strictObject({ openingId, applicationId });
/** POST /api/organization/shortlisting/notes */
export const noteCreateBodySchema = z.strictObject({ openingId, applicationId, body: noteBody });
export type NoteCreateBody = z.input<typeof noteCreateBodySchema>;
/** PATCH /api/organization/shortlisting/notes: the author's own note only. */
export const noteUpdateBodySchema = z.strictObject({ openingId, noteId: z.uuid('Not a note id'), body: noteBody });
export type NoteUpdateBody = z.input<typeof noteUpdateBodySchema>;
/** DELETE /api/organization/shortlisting/notes?openingId=&noteId= */
export const noteDeleteQuerySchema = z.strictObject({ openingId, noteId: z.uuid('Not a note id') });

export const candidateTagSchema = z.object({ id: z.string(), name: z.string() }).meta({ id: 'CandidateTag' });
export type CandidateTag = z.infer<typeof candidateTagSchema>;
export const candidateTagsSchema = z
  .object({
    items: z.array(candidateTagSchema),
    /** Owners and coordinators create and delete tags. */
    abilities: z.object({ manage: z.boolean() }),
  })
  .meta({ id: 'CandidateTags' });
export type CandidateTags = z.infer<typeof candidateTagsSchema>;
/** POST /api/organization/shortlisting/tags */
export const tagCreateBodySchema = z.strictObject({
  name: z.string().trim().min(1, 'Enter a name').max(CANDIDATE_LIMITS.tagNameLength),
});
export type TagCreateBody = z.input<typeof tagCreateBodySchema>;
/** DELETE /api/organization/shortlisting/tags?tagId= (removes it from every candidate) */
export const tagDeleteQuerySchema = z.strictObject({ tagId: z.uuid('Not a tag id') });

export const candidateSummarySchema = z
  .object({
    applicationId: z.string(),
    applicantId: z.number().int(),
    /** The stage the application is in now (the panel offers "Make the offer…" in an Offered stage without one). */
    stageId: z.string(),
    /** Public profile facts; contacts only for those allowed to see them (null otherwise). */
    profile: z.object({
      name: z.string().nullable(),
      headline: z.string().nullable(),
      about: z.string().nullable(),
      location: z.string().nullable(),
      linkedin: z.string().nullable(),
      github: z.string().nullable(),
      website: z.string().nullable(),
    }),
    contacts: z.object({ email: z.string().nullable(), phoneNumbers: z.array(z.string()) }).nullable(),
    tags: z.array(candidateTagSchema),
    notesCount: z.number().int(),
    abilities: z.object({ tag: z.boolean(), note: z.boolean() }),
  })
  .meta({ id: 'CandidateSummary' });
export type CandidateSummary = z.infer<typeof candidateSummarySchema>;
/** GET /api/organization/shortlisting/candidate?openingId=&applicationId= */
export const candidateQuerySchema = z.strictObject({ openingId, applicationId });

/**
 * POST /api/organization/shortlisting/tags/apply: adds or removes one tag on the applications named by id, or on every
 * application of the opening matching the filter (resolved on the server).
 */
export const tagApplyBodySchema = z
  .strictObject({
    openingId,
    tagId: z.uuid('Not a tag id'),
    action: z.enum(['add', 'remove']),
    applicationIds: z
      .array(applicationId)
      .min(1, 'Choose at least one candidate')
      .max(CANDIDATE_LIMITS.maxTagIds)
      .optional(),
    filter: applicationFilterSchema.optional(),
  })
  .refine((body) => (body.applicationIds === undefined) !== (body.filter === undefined), {
    message: 'Name the candidates or a filter, not both',
    path: ['applicationIds'],
  });
export type TagApplyBody = z.input<typeof tagApplyBodySchema>;
export const tagApplyResultSchema = z
  .object({
    /** Applications that gained (or lost) the tag; those that already had it (or lacked it) are not counted. */
    changed: z.number().int(),
  })
  .meta({ id: 'TagApplyResult' });
export type TagApplyResult = z.infer<typeof tagApplyResultSchema>;
