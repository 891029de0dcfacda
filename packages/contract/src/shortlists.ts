import { verifiedRecordSchema } from './application';
import { scoreTermSchema } from './score-term';
import * as z from './zod';

/**
 * Shortlists and their share links (issue #13). A shortlist is a named, ordered selection of one opening's
 * candidates; a share link shows it read-only to people without an account, with the fields the organization chose.
 */
export const SHORTLIST_LIMITS = {
  nameLength: 120,
  /** Candidates in one shortlist: a panel reads them one by one. */
  maxEntries: 500,
  /** Shortlists per opening. */
  maxPerOpening: 100,
  /** Live and past links per shortlist. */
  maxLinksPerShortlist: 50,
  linkLabelLength: 120,
  defaultLinkDays: 14,
  maxLinkDays: 90,
  visitorNameLength: 80,
  commentLength: 1000,
  pageSize: 50,
  /**
   * Verdicts are public writes (issue 39: 600 a minute were accepted, and each mailed the team): at most this many
   * through one link in an hour, and from one client a minute (per server process).
   */
  verdictsPerLinkPerHour: 300,
  verdictsPerClientPerMinute: 30,
  /** The team hears of a link's verdicts in one digest at most once an hour, gathered from this long after the first. */
  verdictDigestEveryMinutes: 60,
  verdictDigestGatherMinutes: 10,
  /**
   * Reviewers who confirm an email address (a link that requires it): a six-digit code by mail, valid this long, this
   * many tries per code; codes are sent at most this often to one address through one link and through one link in
   * all (an hour), so a link cannot be used to mail-bomb anyone.
   */
  emailCodeMinutes: 15,
  emailCodeAttempts: 5,
  emailCodesPerAddressPerHour: 5,
  emailCodesPerLinkPerHour: 100,
  /** Code requests from one client a minute (per server process), whatever the address. */
  emailCodesPerClientPerMinute: 30,
  emailLength: 254,
} as const;

/**
 * What a link may show. `scores` shows the current stage and, when the opening has a ranking recipe, the candidate's
 * rank, score and breakdown from the stored ranking (judgement terms hidden: a visitor gives none). Contact details
 * are off unless chosen.
 */
export const SHARE_FIELDS = ['name', 'contact', 'answers', 'resume', 'portfolio', 'verifiedRecords', 'scores'] as const;
export const shareFieldSchema = z.enum(SHARE_FIELDS);
export type ShareField = z.infer<typeof shareFieldSchema>;
export const DEFAULT_SHARE_FIELDS: readonly ShareField[] = ['name', 'answers', 'resume', 'verifiedRecords', 'scores'];
export const SHARE_FIELD_LABELS: Record<ShareField, string> = {
  name: 'Name',
  contact: 'Contact details',
  answers: 'Answers',
  resume: 'Resume and files',
  portfolio: 'Portfolio',
  verifiedRecords: 'Verified records',
  scores: 'Scores and stage',
};

export const VERDICTS = ['yes', 'maybe', 'no'] as const;
export const verdictValueSchema = z.enum(VERDICTS);
export type VerdictValue = z.infer<typeof verdictValueSchema>;
export const VERDICT_LABELS: Record<VerdictValue, string> = { yes: 'Yes', maybe: 'Maybe', no: 'No' };

export const SHORTLIST_MESSAGES = {
  created: 'Shortlist created',
  renamed: 'Shortlist saved',
  deleted: 'Shortlist deleted',
  added: (count: number) => `${count} ${count === 1 ? 'candidate' : 'candidates'} added`,
  removed: 'Candidate removed from the shortlist',
  reordered: 'Order saved',
  linkCreated: 'Link created',
  linkRevoked: 'Link revoked',
  verdictSaved: 'Thank you — your verdict is saved',
  verdictsPerLink: 'This link has taken as many verdicts as it can in an hour. Please try again later.',
  verdictsPerClient: 'Too many verdicts in a minute from here. Please wait a moment and try again.',
  linkExpired: 'This link has expired. Ask the organization for a new one.',
  linkRevoked410: 'This link was turned off by the organization. Ask them for a new one.',
  linkUnknown: 'This link does not exist. Check that you copied all of it.',
  emailCodeSent: (email: string) =>
    `We sent a code to ${email}. It works for ${SHORTLIST_LIMITS.emailCodeMinutes} minutes.`,
  emailConfirmed: 'Email address confirmed: your verdicts carry it',
  emailRequired: 'This link asks reviewers to confirm their email address before giving verdicts.',
  reviewerUnknown: 'Confirm your email address again: this confirmation is not valid for this link.',
  codeWrong: 'That code is not right. Check the latest mail and try again.',
  codeExpired: 'That code has expired or was used up. Ask for a new one.',
  codesPerAddress: 'Too many codes sent to this address in an hour. Please use the latest one, or try again later.',
  codesPerLink: 'This link has sent as many codes as it can in an hour. Please try again later.',
} as const;

const shortlistId = z.uuid('Not a shortlist id');
const applicationId = z.uuid('Not an application id');
const shortlistName = z.string().trim().min(1, 'Give the shortlist a name').max(SHORTLIST_LIMITS.nameLength);
const shareFields = z.array(shareFieldSchema).max(SHARE_FIELDS.length);
/** A share token: 43 URL-safe characters (256 random bits); only its hash is stored. */
/** A confirmed reviewer's token (256 random bits, base64url); only its hash is stored. */
const reviewerToken = z
  .string()
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a reviewer token');
const linkToken = z
  .string()
  .min(1, 'Missing link')
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a shortlist link');

export const shortlistSchema = z
  .object({
    id: z.string(),
    openingId: z.string(),
    openingTitle: z.string(),
    name: z.string(),
    /** What /id/users shows, and what a new link starts from. */
    fields: z.array(shareFieldSchema),
    count: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** What the caller may do (the UI follows these, never its own rules). */
    abilities: z.object({ change: z.boolean(), share: z.boolean(), export: z.boolean() }),
  })
  .meta({ id: 'Shortlist' });
export type Shortlist = z.infer<typeof shortlistSchema>;
export const shortlistListSchema = z.object({
  items: z.array(shortlistSchema),
  /** The caller may make shortlists of this opening. */
  abilities: z.object({ create: z.boolean() }),
});
export type ShortlistList = z.infer<typeof shortlistListSchema>;

/** GET /api/organization/shortlisting/lists?openingId= */
export const shortlistsQuerySchema = z.strictObject({ openingId: z.uuid('Not an opening id') });
/** POST /api/organization/shortlisting/lists: a new shortlist, optionally with the responses view's selection. */
export const shortlistCreateBodySchema = z.strictObject({
  openingId: z.uuid('Not an opening id'),
  name: shortlistName,
  applicationIds: z.array(applicationId).max(SHORTLIST_LIMITS.maxEntries).optional(),
  fields: shareFields.optional(),
});
export type ShortlistCreateBody = z.input<typeof shortlistCreateBodySchema>;
/** GET|DELETE /api/organization/shortlisting/id?id= */
export const shortlistIdQuerySchema = z.strictObject({ id: shortlistId });
/** PATCH /api/organization/shortlisting/id */
export const shortlistUpdateBodySchema = z.strictObject({
  id: shortlistId,
  name: shortlistName.optional(),
  fields: shareFields.optional(),
});
export type ShortlistUpdateBody = z.input<typeof shortlistUpdateBodySchema>;

/** GET /api/organization/shortlisting/id/users?id=&cursor=&limit= (in the shortlist's order). */
export const shortlistUsersQuerySchema = z.strictObject({
  id: shortlistId,
  cursor: z.string().max(20).regex(/^\d+$/, 'Not a cursor').optional(),
  limit: z.coerce.number().int().min(1).max(SHORTLIST_LIMITS.maxEntries).default(SHORTLIST_LIMITS.pageSize),
});
/** POST /api/organization/shortlisting/id/users: add candidates at the end (those already in it stay put). */
export const shortlistAddBodySchema = z.strictObject({
  id: shortlistId,
  applicationIds: z.array(applicationId).min(1, 'Choose at least one candidate').max(SHORTLIST_LIMITS.maxEntries),
});
/** DELETE /api/organization/shortlisting/id/users?id=&applicationId= */
export const shortlistRemoveQuerySchema = z.strictObject({ id: shortlistId, applicationId });
/** PUT /api/organization/shortlisting/id/users/order: every candidate of the shortlist once, in the new order. */
export const shortlistOrderBodySchema = z.strictObject({
  id: shortlistId,
  applicationIds: z.array(applicationId).max(SHORTLIST_LIMITS.maxEntries),
});
/** GET /api/organization/shortlisting/id/export?id=&format= */
export const shortlistExportQuerySchema = z.strictObject({ id: shortlistId, format: z.enum(['csv', 'xlsx']) });

export const verdictSchema = z
  .object({
    id: z.string(),
    applicationId: z.string(),
    /** The name the visitor typed. */
    visitorName: z.string(),
    /** The address the visitor confirmed with a one-time code (null: not confirmed). */
    visitorEmail: z.string().nullable(),
    verdict: verdictValueSchema,
    comment: z.string().nullable(),
    at: z.string(),
    /** Which link it came through (its label), for the organization. */
    linkLabel: z.string().nullable(),
  })
  .meta({ id: 'ShortlistVerdict' });
export type Verdict = z.infer<typeof verdictSchema>;

/** One candidate as a shortlist shows it: each part present only when the field set allows it (else null). */
export const shortlistCandidateSchema = z
  .object({
    applicationId: z.string(),
    position: z.number().int(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    /** The current pipeline stage (with the `scores` field). */
    stageName: z.string().nullable(),
    /**
     * 0–100 from the opening's stored ranking, as the viewer may see it (with the `scores` field and a recipe): null
     * while it sums a judgement the viewer has not given (a link visitor gives none) — the blindness rule.
     */
    score: z.number().nullable(),
    /** The rank and the score's breakdown, the ranking page's (with the `scores` field and a recipe; else null). */
    ranking: z
      .object({
        rank: z.number().int().nullable(),
        why: z.string(),
        knockouts: z.array(z.string()),
        explanation: z.array(scoreTermSchema),
      })
      .nullable(),
    answers: z.array(z.object({ question: z.string(), answer: z.string() })).nullable(),
    files: z.array(z.object({ id: z.string(), name: z.string() })).nullable(),
    portfolios: z.array(z.object({ title: z.string(), path: z.string() })).nullable(),
    verifiedRecords: z.array(verifiedRecordSchema).nullable(),
    verdicts: z.array(verdictSchema),
  })
  .meta({ id: 'ShortlistCandidate' });
export type ShortlistCandidate = z.infer<typeof shortlistCandidateSchema>;
export const shortlistUsersSchema = z.object({
  items: z.array(shortlistCandidateSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
  fields: z.array(shareFieldSchema),
});
export type ShortlistUsers = z.infer<typeof shortlistUsersSchema>;

export const SHARE_LINK_STATES = ['live', 'expired', 'revoked'] as const;
export const shareLinkSchema = z
  .object({
    id: z.string(),
    shortlistId: z.string(),
    label: z.string().nullable(),
    fields: z.array(shareFieldSchema),
    state: z.enum(SHARE_LINK_STATES),
    /** Visitors confirm an email address with a one-time code before giving verdicts. */
    requireEmail: z.boolean(),
    expiresAt: z.string(),
    revokedAt: z.string().nullable(),
    createdAt: z.string(),
    createdBy: z.string().nullable(),
    views: z.number().int(),
    lastViewedAt: z.string().nullable(),
    /** The address to share: only in the answer that created it (the server keeps only a hash of its token). */
    url: z.string().nullable(),
  })
  .meta({ id: 'ShareLink' });
export type ShareLink = z.infer<typeof shareLinkSchema>;
export const shareLinkListSchema = z.object({ items: z.array(shareLinkSchema) });

/** POST /api/organization/shortlisting/sharable/link */
export const shareLinkCreateBodySchema = z.strictObject({
  shortlistId,
  fields: shareFields.default([...DEFAULT_SHARE_FIELDS]),
  expiresInDays: z
    .number()
    .int()
    .min(1, 'At least one day')
    .max(SHORTLIST_LIMITS.maxLinkDays, `At most ${SHORTLIST_LIMITS.maxLinkDays} days`)
    .default(SHORTLIST_LIMITS.defaultLinkDays),
  label: z.string().trim().max(SHORTLIST_LIMITS.linkLabelLength).optional(),
  /** Visitors must confirm an email address with a one-time code before giving verdicts (which then carry it). */
  requireEmail: z.boolean().default(false),
});
export type ShareLinkCreateBody = z.input<typeof shareLinkCreateBodySchema>;
/** GET /api/organization/shortlisting/sharable/link?shortlistId= */
export const shareLinksQuerySchema = z.strictObject({ shortlistId });
/** DELETE /api/organization/shortlisting/sharable/link?id= (revokes; the row is kept with its views). */
export const shareLinkRevokeQuerySchema = z.strictObject({ id: z.uuid('Not a link id') });

/** GET /api/organization/shortlisting/sharable/view?link=: the shortlist as the link shows it (public). */
export const sharedShortlistQuerySchema = z.strictObject({ link: linkToken });
export const sharedShortlistSchema = z
  .object({
    name: z.string(),
    openingTitle: z.string(),
    organizationName: z.string(),
    fields: z.array(shareFieldSchema),
    expiresAt: z.string(),
    /** Verdicts need a confirmed email address (`sharable/email/code`, then `sharable/email/confirm`). */
    requireEmail: z.boolean(),
    candidates: z.array(shortlistCandidateSchema),
  })
  .meta({ id: 'SharedShortlist' });
export type SharedShortlist = z.infer<typeof sharedShortlistSchema>;
/** POST /api/organization/shortlisting/sharable/verdict: one verdict per candidate and visitor name (a new one replaces it). */
export const verdictBodySchema = z.strictObject({
  link: linkToken,
  applicationId,
  visitorName: z.string().trim().min(1, 'Type your name').max(SHORTLIST_LIMITS.visitorNameLength),
  verdict: verdictValueSchema,
  comment: z.string().trim().max(SHORTLIST_LIMITS.commentLength).optional(),
  /** From `sharable/email/confirm`: the verdict carries that address (required where the link asks for it). */
  reviewerToken: reviewerToken.optional(),
});
export type VerdictBody = z.input<typeof verdictBodySchema>;
const reviewerEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(SHORTLIST_LIMITS.emailLength, 'That address is too long')
  .pipe(z.email('Type an email address'));
/** POST /api/organization/shortlisting/sharable/email/code: mail a one-time code to the visitor's address. */
export const shareEmailCodeBodySchema = z.strictObject({ link: linkToken, email: reviewerEmail });
export type ShareEmailCodeBody = z.input<typeof shareEmailCodeBodySchema>;
/** POST /api/organization/shortlisting/sharable/email/confirm: the code → a reviewer token for verdicts. */
export const shareEmailConfirmBodySchema = z.strictObject({
  link: linkToken,
  email: reviewerEmail,
  code: z
    .string()
    .trim()
    .regex(/^[0-9]{6}$/, 'The code is six digits'),
});
export type ShareEmailConfirmBody = z.input<typeof shareEmailConfirmBodySchema>;
export const shareEmailConfirmedSchema = z
  .object({ email: z.string(), reviewerToken: z.string() })
  .meta({ id: 'ShareReviewerConfirmed' });
export type ShareEmailConfirmed = z.infer<typeof shareEmailConfirmedSchema>;

/** GET /api/organization/shortlisting/sharable/file?link=&applicationId=&fileId=: a 5-minute signed download link. */
export const sharedFileQuerySchema = z.strictObject({
  link: linkToken,
  applicationId,
  fileId: z.uuid('Not a file id'),
});
