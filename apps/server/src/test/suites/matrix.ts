import { and, asc, eq } from 'drizzle-orm';
import {
  candidateTags,
  groupFollowers,
  groupMembers,
  groups,
  notifications,
  openingStages,
  openings,
  ratingCriteria,
  shareLinks,
  shortlistEntries,
  shortlists,
  verificationGroupFollowers,
  verificationGroupMembers,
  verificationGroups,
  videoTasks,
} from '../../db/schema';
import { seedEmail, seedOpeningInput } from '../../seed/helpers';
import { FORMS_ENTRIES } from './matrix-forms';
import { HIRING_ENTRIES } from './matrix-hiring';
import { actingFor, del, type Entry, get, patch, post, put, type Target, team, unique } from './matrix-kit';
import { MESSAGE_ENTRIES } from './matrix-messages';
import { PLACEMENT_ENTRIES } from './matrix-placement';
import { PLACEMENT_POLICY_ENTRIES } from './matrix-placement-policy';
import { PLACEMENT_STATS_ENTRIES } from './matrix-placement-stats';
import { ROUNDS_ENTRIES } from './matrix-rounds';
import { TEAM_INVITATION_ENTRIES } from './matrix-team';
import { type ActorName, FORM, pdf, type SignedInActor, type World } from './world';

export type { Entry, Req, Target } from './matrix-kit';

const INDIVIDUALS = ['indA', 'indB'] as const;
const VIDEO_TASK = {
  title: 'Suite video question',
  prompt: '<p>Why us?</p>',
  preparationSeconds: 5,
  maxAnswerSeconds: 30,
  takesAllowed: 3,
  deadline: null,
  allowUpload: true,
  askAtApply: false,
  rubric: [{ id: 'clarity', label: 'Clarity' }],
};
const ORGANIZATIONS = ['orgA', 'orgB'] as const;
const PHONES: Record<SignedInActor, string> = {
  orgA: '+919822200001',
  orgB: '+919822200002',
  indA: '+919800000001',
  indB: '+919800000002',
  admin: '+919822200003',
  verifier: '+919822200004',
  root: '+919822200005',
  coordA: '+919822200006',
  reviewerA: '+919822200007',
  formerA: '+919822200008',
};

const perIndividual = (build: (world: World, who: 'indA' | 'indB') => Omit<Target, 'owner'>) => (world: World) =>
  INDIVIDUALS.map((who) => ({ owner: who, ...build(world, who) }));
const perOrganization = (build: (world: World, who: 'orgA' | 'orgB') => Omit<Target, 'owner'>) => (world: World) =>
  ORGANIZATIONS.map((who) => ({ owner: who, ...build(world, who) }));

/**
 * The "Overall" criterion every opening starts with (made by the database), found by its place rather than its name:
 * the bad-input suite's accepted variants of the PATCH row may rename it.
 */
async function overallCriterionOf(world: World, who: 'orgA' | 'orgB'): Promise<string> {
  const [row] = await world.server.db
    .select({ id: ratingCriteria.id })
    .from(ratingCriteria)
    .where(eq(ratingCriteria.openingId, world.org[who].openOpeningId))
    .orderBy(asc(ratingCriteria.position), asc(ratingCriteria.createdAt))
    .limit(1);
  if (!row) throw new Error(`no Overall criterion for ${who}`);
  return row.id;
}
/** A criterion the DELETE row removes (put back before each attempt). */
const SPARE_CRITERION = {
  orgA: '00000000-0000-4000-8000-00000000c0a1',
  orgB: '00000000-0000-4000-8000-00000000c0b1',
} as const;

/** The individual who applied to this organization's open opening in the world. */
const partnerOf = (who: 'orgA' | 'orgB') => (who === 'orgA' ? 'indA' : 'indB');

/** Brings back the spare shortlist, its candidate and its link after someone allowed removed or revoked them. */
async function restoreSpareShortlist(world: World, who: 'orgA' | 'orgB') {
  const { spareId, spareLinkId } = world.org[who].shortlist;
  const db = world.server.db;
  await db
    .insert(shortlists)
    .values({ id: spareId, openingId: world.org[who].openOpeningId, name: `Spare shortlist ${who}`, fields: ['name'] })
    .onConflictDoNothing();
  await db
    .insert(shortlistEntries)
    .values({ shortlistId: spareId, applicationId: world.ind[partnerOf(who)].applicationId, position: 0 })
    .onConflictDoNothing();
  await db
    .insert(shareLinks)
    .values({
      id: spareLinkId,
      shortlistId: spareId,
      tokenHash: `suite-spare-${spareLinkId}`,
      fields: ['name'],
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .onConflictDoNothing();
  await db.update(shareLinks).set({ revokedAt: null }).where(eq(shareLinks.id, spareLinkId));
}

/** Profile sections share one route factory; their matrix rows do too. */
function section(
  path: string,
  idOf: (world: World, who: 'indA' | 'indB') => string,
  spareOf: ((world: World, who: 'indA' | 'indB') => string) | undefined,
  entry: (world: World, who: 'indA' | 'indB') => unknown,
  fresh: unknown,
): Record<string, Entry> {
  const deleteTarget = spareOf ?? idOf;
  return {
    [`GET ${path}`]: { access: 'self', request: () => get(path) },
    [`POST ${path}`]: { access: 'self', request: () => post(path, fresh), fuzzAs: 'indA' },
    [`PUT ${path}`]: {
      access: 'owned',
      targets: perIndividual((world, who) => ({
        label: `${who}'s entry`,
        request: put(path, { id: idOf(world, who), entry: entry(world, who) }),
      })),
    },
    [`DELETE ${path}`]: {
      access: 'owned',
      destructive: true,
      targets: perIndividual((world, who) => ({
        label: `${who}'s entry`,
        request: del(path, { id: deleteTarget(world, who) }),
      })),
    },
  };
}

/** Rows kept in their area's own file (`matrix-<area>.ts`). */
const AREA_ENTRIES: Record<string, Entry> = {
  ...MESSAGE_ENTRIES,
  ...TEAM_INVITATION_ENTRIES,
  ...ROUNDS_ENTRIES,
  ...PLACEMENT_ENTRIES,
  ...PLACEMENT_STATS_ENTRIES,
  ...PLACEMENT_POLICY_ENTRIES,
  ...HIRING_ENTRIES,
  ...FORMS_ENTRIES,
};

const openingBody = (world: World, who: SignedInActor) =>
  seedOpeningInput({ title: world.marker(who, 'draftOpening'), status: 'draft' });

/**
 * Every operation's decision. Areas added later keep their rows in their own `matrix-<area>.ts` (built on
 * `matrix-kit.ts`) and are spread in here.
 */
export const MATRIX: Record<string, Entry> = {
  ...AREA_ENTRIES,
  'GET /api/config': { access: 'public', why: 'client configuration', request: () => get('/api/config') },
  'GET /api/health': { access: 'public', why: 'health check', request: () => get('/api/health') },
  'GET /api/auth/start': {
    access: 'public',
    why: 'starts sign-in',
    request: (world) => get('/api/auth/start', { origin: world.server.baseUrl }),
  },
  'GET /api/auth/callback': {
    access: 'public',
    why: 'the identity provider returns here; the signed flow cookie decides',
    request: () => get('/api/auth/callback', { code: 'suite', state: 'suite' }),
  },
  'POST /api/auth/refresh': {
    access: 'public',
    why: 'authenticated by the refresh cookie, not the access token; without one it is 401 to all',
    request: () => post('/api/auth/refresh', undefined),
  },
  'POST /api/auth/signout': {
    access: 'self',
    freshSession: true,
    signedOut: 200,
    request: () => post('/api/auth/signout', undefined),
  },
  'POST /api/user/signIn': { access: 'self', request: () => post('/api/user/signIn', { assumeStudent: false }) },
  'GET /api/user/profile': { access: 'self', request: () => get('/api/user/profile') },
  'POST /api/user/profile': {
    access: 'self',
    request: (world, caller) =>
      post('/api/user/profile', {
        phoneNumbers: [
          PHONES[caller],
          ...(caller === 'indA' || caller === 'indB' ? [world.ind[caller].smsPhone] : []),
        ].map((number) => ({ number })),
      }),
    fuzzAs: 'verifier',
  },
  'GET /api/user/account': {
    access: 'self',
    request: () => get('/api/user/account', { account: 'Individual' }),
  },
  'POST /api/user/update/autoFillData': {
    access: 'self',
    request: () => post('/api/user/update/autoFillData', { autoFillData: { headline: 'Suite headline' } }),
    fuzzAs: 'verifier',
  },
  'POST /api/individual/profile': {
    access: 'self',
    request: (_world, caller) => post('/api/individual/profile', { profile: { name: `Suite ${caller}` } }),
    fuzzAs: 'verifier',
  },
  'POST /api/organization/profile': {
    access: 'self',
    request: (_world, caller) => post('/api/organization/profile', { profile: { name: `Suite ${caller}` } }),
    fuzzAs: 'orgA',
  },
  'GET /api/organization/profile': {
    access: 'self',
    request: () => get('/api/organization/profile'),
    fuzzAs: 'orgA',
  },
  'DELETE /api/organization': {
    access: 'self',
    // Success ends the organization the rest of the suite relies on (routes/organizations/profile.test.ts covers it):
    // here the typed name never matches, so owners get 400 and everyone else is refused.
    noSuccess: 'the name never matches, so nothing is deleted',
    request: () => del('/api/organization', { name: 'Not the organization name' }),
    fuzzAs: 'orgA',
  },
  'POST /api/profile/phone/verified': {
    access: 'self',
    noSuccess: 'needs a checked code',
    request: (_world, caller) => post('/api/profile/phone/verified', { phoneNumber: PHONES[caller] }),
  },
  'POST /api/profile/phone/code': {
    access: 'self',
    request: (_world, caller) => post('/api/profile/phone/code', { phoneNumber: PHONES[caller] }),
    fuzzAs: 'root',
  },
  'GET /api/profile/phone/code': {
    access: 'self',
    request: (world, caller) =>
      get('/api/profile/phone/code', {
        phoneNumber: caller === 'indA' || caller === 'indB' ? world.ind[caller].smsPhone : PHONES[caller],
      }),
    fuzzAs: 'indA',
  },
  'POST /api/profile/phone/code/check': {
    access: 'self',
    noSuccess: 'needs the code the SMS carried',
    request: (_world, caller) => post('/api/profile/phone/code/check', { phoneNumber: PHONES[caller], code: '000000' }),
  },
  'GET /api/notifications': { access: 'self', request: () => get('/api/notifications') },
  'GET /api/notifications/unread': { access: 'self', request: () => get('/api/notifications/unread') },
  'POST /api/notifications/read': {
    access: 'owned',
    targets: async (world) =>
      Promise.all(
        INDIVIDUALS.map(async (who) => {
          const [row] = await world.server.db
            .select({ id: notifications.id })
            .from(notifications)
            .where(eq(notifications.recipientId, world.actors[who].userId))
            .limit(1);
          if (!row) throw new Error(`the world has no notification for ${who}`);
          return {
            owner: who,
            label: `${who}'s notification`,
            request: post('/api/notifications/read', { id: row.id }),
          };
        }),
      ),
  },
  'POST /api/notifications/read/all': { access: 'self', request: () => post('/api/notifications/read/all', undefined) },
  'GET /api/notifications/stream': {
    access: 'self',
    // The stream authenticates by its `token` query parameter (EventSource sends no headers) and never ends when it
    // succeeds; with a made-up token everyone is refused (401), which is the rule under test here.
    request: () => get('/api/notifications/stream', { token: 'not-a-token' }),
    noSuccess: 'the token is in the query string; a valid stream never ends (tested in routes/notifications)',
  },
  'GET /api/notifications/preferences': { access: 'self', request: () => get('/api/notifications/preferences') },
  'PUT /api/notifications/preferences': {
    access: 'self',
    request: () =>
      put('/api/notifications/preferences', { items: [{ kind: 'opening.newApplication', inApp: true, email: false }] }),
  },
  'GET /api/notifications/unsubscribe': {
    access: 'public',
    why: 'mail links work signed out; the signed token alone names the person and the kind (a made-up one is 400)',
    request: () => get('/api/notifications/unsubscribe', { token: 'not-a-token' }),
  },
  'POST /api/notifications/unsubscribe': {
    access: 'public',
    why: 'RFC 8058 one-click from the mail client, signed out; the signed token alone names the person and the kind',
    request: () => ({ method: 'POST', path: '/api/notifications/unsubscribe', query: { token: 'not-a-token' } }),
  },
  'GET /api/dev/mail/latest': {
    access: 'self',
    request: () => get('/api/dev/mail/latest'),
    noSuccess: 'only mail sent to the caller, and the world sends none to most actors',
  },
  'GET /api/dev/sms/latest': {
    access: 'owned',
    targets: perIndividual((world, who) => ({
      label: `the code sent to ${who}'s number, read by someone who added the same number`,
      request: get('/api/dev/sms/latest', { phoneNumber: world.ind[who].smsPhone }),
      async prepare(w, caller) {
        const token = w.actors[caller].token;
        if (!token) return;
        await w.server.call('/api/user/profile', {
          token,
          body: { phoneNumbers: [{ number: PHONES[caller as SignedInActor] }, { number: w.ind[who].smsPhone }] },
        });
      },
    })),
  },

  // Files
  'POST /api/files': {
    access: 'self',
    request: () => ({
      method: 'POST',
      path: '/api/files',
      query: { purpose: 'resume', name: 'suite.pdf' },
      raw: { contentType: 'application/octet-stream', bytes: pdf() },
    }),
    fuzzAs: 'indA',
  },
  'GET /api/files/{id}': {
    access: 'owned',
    targets: (world) =>
      INDIVIDUALS.flatMap((who) => [
        { owner: who, label: `${who}'s resume file`, request: get(`/api/files/${world.ind[who].resumeFileId}`) },
        {
          owner: who,
          label: `${who}'s application file`,
          request: get(`/api/files/${world.ind[who].applicationFileId}`),
        },
      ]),
  },
  'GET /api/files/{id}/link': {
    access: 'owned',
    targets: (world) =>
      INDIVIDUALS.flatMap((who) => [
        { owner: who, label: `${who}'s resume file`, request: get(`/api/files/${world.ind[who].resumeFileId}/link`) },
        {
          owner: who,
          label: `${who}'s application file (sent to their organization)`,
          request: get(`/api/files/${world.ind[who].applicationFileId}/link`),
          alsoAllowed: who === 'indA' ? ['orgA', ...team('orgA', 'coordA', 'reviewerA')] : ['orgB'],
        },
      ]),
  },
  'GET /api/files/download': {
    access: 'public',
    why: 'the signed, 5-minute token is the permission; whoever holds the link downloads',
    targets: (world) =>
      INDIVIDUALS.map((who) => ({
        owner: who,
        label: `${who}'s resume by its signed link`,
        request: get('/api/files/download', { token: world.downloadTokens[who] ?? '' }),
        alsoAllowed: 'everyone',
        reveals: [world.marker(who, 'resumeFile')],
      })),
  },
  'GET /api/files/{id}/public': {
    access: 'public',
    why: 'logos are public; any other purpose is a 404 to everyone',
    targets: (world) =>
      INDIVIDUALS.map((who) => ({
        owner: who,
        label: `${who}'s resume file`,
        request: get(`/api/files/${world.ind[who].resumeFileId}/public`),
        control: 404,
      })),
  },

  // Resumes
  'GET /api/resume': { access: 'self', request: () => get('/api/resume') },
  'POST /api/resume': {
    access: 'owned',
    targets: perIndividual((world, who) => ({
      label: `${who}'s resume file`,
      request: post('/api/resume', { fileId: world.ind[who].resumeFileId, title: world.marker(who, 'resumeTitle') }),
      // The owner already made it a resume: the control is the duplicate's 409, which proves the fixture reaches it.
      control: 409,
    })),
  },
  'PATCH /api/resume': {
    access: 'owned',
    targets: perIndividual((world, who) => ({
      label: `${who}'s resume`,
      request: patch('/api/resume', { id: world.ind[who].resumeId, title: world.marker(who, 'resumeTitle') }),
    })),
  },
  'DELETE /api/resume': {
    access: 'owned',
    destructive: true,
    targets: perIndividual((world, who) => ({
      label: `${who}'s resume`,
      request: del('/api/resume', { id: world.ind[who].resumeId }),
    })),
  },
  'POST /api/resume/generate': {
    access: 'self',
    request: () => post('/api/resume/generate', { title: 'Suite generated' }),
    fuzzAs: 'indA',
  },

  // Profile sections
  ...section(
    '/api/individual/education',
    (w, who) => w.ind[who].educationId,
    (w, who) => w.ind[who].educationSpareId,
    (w, who) => ({
      institutionName: w.marker(who, 'education'),
      degree: 'B.Tech',
      fieldOfStudy: 'Computer Engineering',
      startMonth: '2022-08',
      endMonth: '2026-05',
      grade: 8.1,
      gradeScale: 'CGPA_10',
    }),
    { institutionName: 'Suite College', degree: 'M.Tech', startMonth: '2018-08', endMonth: '2020-05' },
  ),
  ...section(
    '/api/individual/experience',
    (w, who) => w.ind[who].experienceId,
    undefined,
    (w, who) => ({
      organization: 'Suite Labs',
      title: 'Intern',
      kind: 'internship',
      startMonth: '2025-05',
      endMonth: '2025-07',
      description: w.marker(who, 'experience'),
    }),
    { organization: 'Suite Works', title: 'Trainee', kind: 'part-time', startMonth: '2024-01', endMonth: '2024-03' },
  ),
  ...section(
    '/api/individual/projects',
    (w, who) => w.ind[who].projectId,
    undefined,
    (w, who) => ({ title: 'Suite project', description: w.marker(who, 'project') }),
    { title: 'Suite side project', technologies: ['TypeScript'] },
  ),
  ...section(
    '/api/individual/other',
    (w, who) => w.ind[who].otherId,
    undefined,
    (w, who) => ({ kind: 'award', title: w.marker(who, 'other') }),
    { kind: 'certification', title: 'Suite certificate' },
  ),
  ...section(
    '/api/individual/placements',
    (w, who) => w.ind[who].placementId,
    undefined,
    (w, who) => ({
      organization: w.marker(who, 'placement'),
      role: 'Engineer',
      offerKind: 'full-time',
      status: 'offered',
    }),
    { organization: 'Suite Corp', role: 'Analyst', offerKind: 'internship', status: 'accepted' },
  ),
  ...section(
    '/api/user/skills',
    (w, who) => w.ind[who].skillId,
    undefined,
    (w, who) => ({ name: w.marker(who, 'skill') }),
    { name: 'Suite skill', level: 'advanced' },
  ),

  // Portfolios
  'GET /api/individual/portfolios': { access: 'self', request: () => get('/api/individual/portfolios') },
  'POST /api/individual/portfolios': {
    access: 'self',
    request: () => post('/api/individual/portfolios', { title: 'Suite', visibility: 'private', sections: ['skills'] }),
    fuzzAs: 'indA',
  },
  'PUT /api/individual/portfolios': {
    access: 'owned',
    targets: perIndividual((world, who) => ({
      label: `${who}'s private portfolio`,
      request: put('/api/individual/portfolios', {
        id: world.ind[who].privatePortfolio.id,
        portfolio: {
          title: world.marker(who, 'privatePortfolio'),
          visibility: 'private',
          sections: ['education', 'experience', 'skills', 'others', 'placements'],
        },
      }),
    })),
  },
  'DELETE /api/individual/portfolios': {
    access: 'owned',
    destructive: true,
    targets: perIndividual((world, who) => ({
      label: `${who}'s spare portfolio`,
      request: del('/api/individual/portfolios', { id: world.ind[who].spareportfolioId }),
    })),
  },
  'POST /api/individual/portfolios/regenerate': {
    access: 'owned',
    destructive: true,
    targets: perIndividual((world, who) => ({
      label: `${who}'s private portfolio`,
      request: post('/api/individual/portfolios/regenerate', { id: world.ind[who].privatePortfolio.id }),
    })),
  },
  'GET /api/individual/portfolio/id': {
    access: 'owned',
    signedOut: 404,
    targets: (world) =>
      INDIVIDUALS.flatMap((who) => [
        {
          owner: who,
          label: `${who}'s private portfolio`,
          request: get('/api/individual/portfolio/id', { portfolioId: world.ind[who].privatePortfolio.portfolioId }),
        },
        {
          owner: who,
          label: `${who}'s public portfolio (public by design)`,
          request: get('/api/individual/portfolio/id', { portfolioId: world.ind[who].publicPortfolio.portfolioId }),
          alsoAllowed: 'everyone',
        },
      ]),
  },
  'GET /api/user/preskilet': {
    access: 'owned',
    signedOut: 404,
    targets: (world) =>
      INDIVIDUALS.flatMap((who) => [
        {
          owner: who,
          label: `${who}'s private portfolio (no card, not even for the owner)`,
          request: get('/api/user/preskilet', { portfolioId: world.ind[who].privatePortfolio.portfolioId }),
          control: 404,
        },
        {
          owner: who,
          label: `${who}'s public portfolio (public by design)`,
          request: get('/api/user/preskilet', { portfolioId: world.ind[who].publicPortfolio.portfolioId }),
          alsoAllowed: 'everyone',
        },
      ]),
  },
  'GET /api/user/viewers': { access: 'self', request: () => get('/api/user/viewers', { page: 1, pageSize: 10 }) },

  // Openings (organizations)
  'GET /api/organization/openings': {
    access: 'self',
    request: () => get('/api/organization/openings', { limit: 5 }),
    fuzzAs: 'orgA',
  },
  'POST /api/organization/openings': {
    access: 'self',
    request: () =>
      post('/api/organization/openings', seedOpeningInput({ title: 'Suite new opening', status: 'draft' })),
    fuzzAs: 'orgA',
  },
  'DELETE /api/organization/openings': {
    access: 'owned',
    destructive: true,
    targets: perOrganization((world, who) => ({
      label: `${who}'s spare opening`,
      request: del('/api/organization/openings', { id: world.org[who].spareOpeningId }),
      alsoAllowed: team(who, 'coordA'),
      // The coordinator may delete it too: bring it back before every attempt.
      async prepare(w) {
        await w.server.db.update(openings).set({ deletedAt: null }).where(eq(openings.id, w.org[who].spareOpeningId));
      },
    })),
  },
  'GET /api/organization/openings/id': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s draft opening`,
      request: get('/api/organization/openings/id', { id: world.org[who].draftOpeningId }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'PUT /api/organization/openings/id': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s draft opening`,
      request: put('/api/organization/openings/id', {
        id: world.org[who].draftOpeningId,
        opening: openingBody(world, who),
      }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'POST /api/organization/openings/id/status': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s draft opening`,
      request: post('/api/organization/openings/id/status', { id: world.org[who].draftOpeningId, status: 'draft' }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'POST /api/organization/openings/id/duplicate': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s draft opening`,
      request: post('/api/organization/openings/id/duplicate', { id: world.org[who].draftOpeningId }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'POST /api/placements/campus/externalApplyLink': {
    access: 'public',
    why: 'counts clicks on a published external opening; drafts are a 404 to all',
    targets: perOrganization((world, who) => ({
      label: `${who}'s draft opening`,
      request: post('/api/placements/campus/externalApplyLink', { openingId: world.org[who].draftOpeningId }),
      control: 404,
    })),
  },

  // Applying
  'GET /api/placements/campus/apply': {
    access: 'owned',
    signedOut: 404,
    targets: (world) =>
      ORGANIZATIONS.flatMap((who) => [
        {
          owner: who,
          label: `${who}'s open opening (public form)`,
          request: get('/api/placements/campus/apply', { openingId: world.org[who].openOpeningId }),
          alsoAllowed: 'everyone' as const,
        },
        {
          owner: who,
          label: `${who}'s draft opening`,
          request: get('/api/placements/campus/apply', { openingId: world.org[who].draftOpeningId }),
        },
      ]),
  },
  'POST /api/placements/campus/apply': {
    access: 'owned',
    targets: (world) =>
      INDIVIDUALS.flatMap((who) => [
        {
          owner: who,
          label: `${who}'s idempotency key (a replay answers the first application)`,
          request: post('/api/placements/campus/apply', {
            openingId: world.ind[who].appliedOpeningId,
            idempotencyKey: world.ind[who].idempotencyKey,
            answers: { name: 'Suite replay' },
          }),
        },
        {
          owner: who,
          label: `${who}'s application file attached to someone else's application`,
          request: post('/api/placements/campus/apply', {
            openingId: world.org.admin.openOpeningId,
            idempotencyKey: `suite-file-${who}-${unique()}`,
            answers: {
              name: 'Suite Person',
              work: {
                fileId: world.ind[who].applicationFileId,
                name: 'x.pdf',
                size: 1,
                contentType: 'application/pdf',
              },
            },
          }),
        },
      ]),
  },
  'PUT /api/placements/campus/apply': {
    access: 'owned',
    targets: perIndividual((world, who) => ({
      label: `${who}'s application`,
      request: put('/api/placements/campus/apply', {
        applicationId: world.ind[who].applicationId,
        answers: {
          name: `Suite Person ${who}`,
          why: world.marker(who, 'answer'),
          reach: `${world.marker(who, 'contact')}@example.com`,
        },
      }),
    })),
  },
  'PUT /api/placements/campus/apply/draft': {
    access: 'owned',
    targets: perIndividual((world, who) => ({
      label: `${who}'s application file in someone else's draft`,
      request: put('/api/placements/campus/apply/draft', {
        openingId: world.org.admin.openOpeningId,
        answers: {
          work: { fileId: world.ind[who].applicationFileId, name: 'x.pdf', size: 1, contentType: 'application/pdf' },
        },
      }),
    })),
  },
  'DELETE /api/placements/campus/apply/draft': {
    access: 'self',
    request: (world) => del('/api/placements/campus/apply/draft', { openingId: world.org.admin.openOpeningId }),
    fuzzAs: 'indA',
  },
  'GET /api/placements/campus/applications': {
    access: 'self',
    request: () => get('/api/placements/campus/applications', { limit: 5 }),
    fuzzAs: 'indA',
  },

  // Responses (organizations)
  'GET /api/organization/openings/id/applications': {
    access: 'owned',
    targets: (world) =>
      ORGANIZATIONS.flatMap((who) => [
        {
          owner: who,
          label: `${who}'s responses`,
          request: get('/api/organization/openings/id/applications', { id: world.org[who].openOpeningId, limit: 5 }),
          alsoAllowed: team(who, 'coordA', 'reviewerA'),
        },
        {
          owner: who,
          label: `${who}'s responses to an opening its reviewer does not cover`,
          request: get('/api/organization/openings/id/applications', { id: world.org[who].draftOpeningId, limit: 5 }),
          alsoAllowed: team(who, 'coordA'),
        },
      ]),
  },
  'GET /api/organization/openings/id/applications/one': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `one response to ${who}'s opening`,
      request: get('/api/organization/openings/id/applications/one', {
        id: world.org[who].openOpeningId,
        applicationId: world.ind[who === 'orgA' ? 'indA' : 'indB'].applicationId,
      }),
      alsoAllowed: team(who, 'coordA', 'reviewerA'),
    })),
  },
  'GET /api/organization/openings/id/applications/export': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s export`,
      request: get('/api/organization/openings/id/applications/export', {
        id: world.org[who].openOpeningId,
        format: 'csv',
      }),
      // Reviewers read applications, they do not take them away.
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'GET /api/organization/openings/id/changes': {
    access: 'owned',
    targets: (world) =>
      ORGANIZATIONS.flatMap((who) => [
        {
          owner: who,
          label: `who changed ${who}'s open opening and its applications`,
          request: get('/api/organization/openings/id/changes', { id: world.org[who].openOpeningId }),
          alsoAllowed: team(who, 'coordA', 'reviewerA'),
        },
        {
          owner: who,
          label: `who changed ${who}'s draft opening (not the reviewer's)`,
          request: get('/api/organization/openings/id/changes', { id: world.org[who].draftOpeningId }),
          alsoAllowed: team(who, 'coordA'),
        },
      ]),
  },

  // Shortlisting pipeline: owners and coordinators change it; a reviewer reads the pipeline of the opening they cover.
  'GET /api/organization/shortlisting/stages': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s pipeline`,
      request: get('/api/organization/shortlisting/stages', { openingId: world.org[who].openOpeningId }),
      alsoAllowed: team(who, 'coordA', 'reviewerA'),
    })),
  },
  'POST /api/organization/shortlisting/stages': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s pipeline (a new stage)`,
      request: post('/api/organization/shortlisting/stages', {
        openingId: world.org[who].openOpeningId,
        name: `Suite stage ${who}`,
      }),
      alsoAllowed: team(who, 'coordA'),
      // Stage names are unique per opening: take back the one an earlier attempt added.
      async prepare(w) {
        await w.server.db
          .delete(openingStages)
          .where(
            and(eq(openingStages.openingId, w.org[who].openOpeningId), eq(openingStages.name, `Suite stage ${who}`)),
          );
      },
    })),
  },
  'PATCH /api/organization/shortlisting/stages': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s custom stage`,
      request: patch('/api/organization/shortlisting/stages', {
        openingId: world.org[who].openOpeningId,
        stageId: world.org[who].stages.customId,
        candidateLabel: 'Under review',
      }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'PUT /api/organization/shortlisting/stages/order': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      // The spare opening keeps only the fixed stages, so "every custom stage, in order" stays the empty list.
      label: `${who}'s stage order (spare opening)`,
      request: put('/api/organization/shortlisting/stages/order', {
        openingId: world.org[who].spareOpeningId,
        stageIds: [],
      }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'DELETE /api/organization/shortlisting/stages': {
    access: 'owned',
    destructive: true,
    targets: perOrganization((world, who) => ({
      label: `${who}'s spare stage`,
      request: del('/api/organization/shortlisting/stages', {
        openingId: world.org[who].openOpeningId,
        stageId: world.org[who].stages.spareCustomId,
        targetStageId: world.org[who].stages.appliedId,
      }),
      alsoAllowed: team(who, 'coordA'),
      // The coordinator may remove it too: bring it back before every attempt.
      async prepare(w) {
        await w.server.db
          .insert(openingStages)
          .values({
            id: w.org[who].stages.spareCustomId,
            openingId: w.org[who].openOpeningId,
            name: `Spare stage ${who}`,
            candidateLabel: `Spare stage ${who}`,
            kind: 'custom',
            position: 50,
          })
          .onConflictDoNothing();
      },
    })),
  },
  'PATCH /api/organization/shortlisting/settings': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s pipeline settings`,
      request: patch('/api/organization/shortlisting/settings', {
        openingId: world.org[who].openOpeningId,
        rejectionsReleased: false,
      }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'POST /api/organization/shortlisting/moves': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s candidates`,
      request: post('/api/organization/shortlisting/moves', {
        openingId: world.org[who].openOpeningId,
        toStageId: world.org[who].stages.shortlistedId,
        filter: { stageId: world.org[who].stages.appliedId },
      }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'POST /api/organization/shortlisting/moves/undo': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s last move`,
      request: post('/api/organization/shortlisting/moves/undo', {
        openingId: world.org[who].openOpeningId,
        bulkMoveId: '00000000-0000-4000-8000-000000000000',
      }),
      // No such move: the owner is told so (404), everyone else must not get further than that.
      control: 404,
    })),
  },
  'GET /api/organization/shortlisting/history': {
    access: 'owned',
    targets: (world) =>
      INDIVIDUALS.map((name) => {
        const who = name === 'indA' ? 'orgA' : 'orgB';
        return {
          owner: who,
          label: `${name}'s stage history at ${who}`,
          request: get('/api/organization/shortlisting/history', {
            openingId: world.ind[name].appliedOpeningId,
            applicationId: world.ind[name].applicationId,
          }),
          alsoAllowed: team(who, 'coordA', 'reviewerA'),
        };
      }),
  },

  // Video tasks: owners and coordinators covering the opening change tasks and invite; everyone covering it (the
  // reviewer too) lists, watches, scores and comments; the invited candidate takes, submits and watches their own.
  'GET /api/organization/videoTasks': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s video tasks`,
      request: get('/api/organization/videoTasks', { openingId: world.org[who].openOpeningId }),
      alsoAllowed: team(who, 'coordA', 'reviewerA'),
    })),
  },
  'POST /api/organization/videoTasks': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s opening (a new video task)`,
      request: post('/api/organization/videoTasks', { openingId: world.org[who].openOpeningId, ...VIDEO_TASK }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'PUT /api/organization/videoTasks': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s video task`,
      request: put('/api/organization/videoTasks', { id: world.org[who].videoTaskId, ...VIDEO_TASK }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'DELETE /api/organization/videoTasks': {
    access: 'owned',
    destructive: true,
    targets: perOrganization((world, who) => ({
      label: `${who}'s spare video task`,
      request: del('/api/organization/videoTasks', { id: world.org[who].spareVideoTaskId }),
      alsoAllowed: team(who, 'coordA'),
      async prepare(w) {
        await w.server.db
          .update(videoTasks)
          .set({ deletedAt: null })
          .where(eq(videoTasks.id, w.org[who].spareVideoTaskId));
      },
    })),
  },
  'POST /api/organization/videoTasks/invite': {
    access: 'owned',
    targets: (world) =>
      INDIVIDUALS.map((name) => {
        const who = name === 'indA' ? 'orgA' : 'orgB';
        return {
          owner: who,
          label: `${who}'s applicant ${name} (invited again)`,
          request: post('/api/organization/videoTasks/invite', {
            taskId: world.org[who].videoTaskId,
            applicationIds: [world.ind[name].applicationId],
          }),
          alsoAllowed: team(who, 'coordA'),
        };
      }),
  },
  'GET /api/organization/videoTasks/answers': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `answers to ${who}'s video task`,
      request: get('/api/organization/videoTasks/answers', { taskId: world.org[who].videoTaskId }),
      alsoAllowed: team(who, 'coordA', 'reviewerA'),
    })),
  },
  'GET /api/videoTask': {
    access: 'public',
    why: 'The /UploadVideoForTask page shows the task and its organization signed out too (it asks to sign in)',
    request: (world) => get('/api/videoTask', { task: world.org.orgA.videoTaskId }),
  },
  'POST /api/videoTask/take': {
    access: 'owned',
    targets: (world) =>
      INDIVIDUALS.map((name) => ({
        owner: name,
        label: `${name}'s take (sent again: a retry counts nothing)`,
        request: post('/api/videoTask/take', {
          taskId: world.ind[name].pendingVideoTaskId,
          fileId: world.ind[name].pendingTakeFileId,
          source: 'recording',
        }),
      })),
  },
  'POST /api/videoTask/submit': {
    access: 'owned',
    destructive: true,
    targets: (world) =>
      INDIVIDUALS.map((name) => ({
        owner: name,
        label: `${name}'s answer`,
        request: post('/api/videoTask/submit', { taskId: world.ind[name].pendingVideoTaskId }),
      })),
  },
  'GET /api/videoTasks/pending': { access: 'self', request: () => get('/api/videoTasks/pending') },
  'GET /api/videoAnswer': {
    access: 'owned',
    targets: (world) =>
      INDIVIDUALS.map((name) => {
        const who = name === 'indA' ? 'orgA' : 'orgB';
        return {
          owner: who,
          label: `${name}'s answer to ${who}'s video task`,
          request: get('/api/videoAnswer', { answer: world.org[who].videoAnswerId }),
          alsoAllowed: [name, ...team(who, 'coordA', 'reviewerA')],
        };
      }),
  },
  'PUT /api/videoAnswer/scores': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `scores of ${who}'s video answer`,
      request: put('/api/videoAnswer/scores', {
        answerId: world.org[who].videoAnswerId,
        scores: [{ itemId: 'clarity', score: 4 }],
      }),
      alsoAllowed: team(who, 'coordA', 'reviewerA'),
    })),
  },
  'POST /api/videoAnswer/comments': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `comments on ${who}'s video answer`,
      request: post('/api/videoAnswer/comments', {
        answerId: world.org[who].videoAnswerId,
        atSeconds: 1.5,
        body: 'Clear start',
      }),
      alsoAllowed: team(who, 'coordA', 'reviewerA'),
    })),
  },
  // Shortlists and share links: owners and coordinators build and share; a reviewer reads those of their opening.
  'GET /api/organization/shortlisting/lists': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s shortlists`,
      request: get('/api/organization/shortlisting/lists', { openingId: world.org[who].openOpeningId }),
      alsoAllowed: team(who, 'coordA', 'reviewerA'),
    })),
  },
  'POST /api/organization/shortlisting/lists': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s opening (a new shortlist)`,
      request: post('/api/organization/shortlisting/lists', {
        openingId: world.org[who].openOpeningId,
        name: `Suite made ${who}`,
      }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'GET /api/organization/shortlisting/id': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s shortlist`,
      request: get('/api/organization/shortlisting/id', { id: world.org[who].shortlist.id }),
      alsoAllowed: team(who, 'coordA', 'reviewerA'),
    })),
  },
  'PATCH /api/organization/shortlisting/id': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s shortlist (rename)`,
      request: patch('/api/organization/shortlisting/id', {
        id: world.org[who].shortlist.id,
        name: `Suite shortlist ${who}`,
      }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'DELETE /api/organization/shortlisting/id': {
    access: 'owned',
    destructive: true,
    targets: perOrganization((world, who) => ({
      label: `${who}'s spare shortlist`,
      request: del('/api/organization/shortlisting/id', { id: world.org[who].shortlist.spareId }),
      alsoAllowed: team(who, 'coordA'),
      prepare: (w) => restoreSpareShortlist(w, who),
    })),
  },
  'GET /api/organization/shortlisting/id/users': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s shortlisted candidates`,
      request: get('/api/organization/shortlisting/id/users', { id: world.org[who].shortlist.id }),
      alsoAllowed: team(who, 'coordA', 'reviewerA'),
    })),
  },
  'POST /api/organization/shortlisting/id/users': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s shortlist (add a candidate)`,
      request: post('/api/organization/shortlisting/id/users', {
        id: world.org[who].shortlist.id,
        applicationIds: [world.ind[partnerOf(who)].applicationId],
      }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'DELETE /api/organization/shortlisting/id/users': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s spare shortlist (take a candidate off)`,
      request: del('/api/organization/shortlisting/id/users', {
        id: world.org[who].shortlist.spareId,
        applicationId: world.ind[partnerOf(who)].applicationId,
      }),
      alsoAllowed: team(who, 'coordA'),
      prepare: (w) => restoreSpareShortlist(w, who),
    })),
  },
  'PUT /api/organization/shortlisting/id/users/order': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s shortlist order`,
      request: put('/api/organization/shortlisting/id/users/order', {
        id: world.org[who].shortlist.id,
        applicationIds: [world.ind[partnerOf(who)].applicationId],
      }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'GET /api/organization/shortlisting/id/export': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s shortlist export`,
      request: get('/api/organization/shortlisting/id/export', { id: world.org[who].shortlist.id, format: 'csv' }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'POST /api/organization/shortlisting/sharable/link': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s shortlist (a new link)`,
      request: post('/api/organization/shortlisting/sharable/link', {
        shortlistId: world.org[who].shortlist.spareId,
        fields: ['name'],
      }),
      alsoAllowed: team(who, 'coordA'),
      prepare: (w) => restoreSpareShortlist(w, who),
    })),
  },
  'GET /api/organization/shortlisting/sharable/link': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s share links`,
      request: get('/api/organization/shortlisting/sharable/link', { shortlistId: world.org[who].shortlist.id }),
      alsoAllowed: team(who, 'coordA', 'reviewerA'),
    })),
  },
  'DELETE /api/organization/shortlisting/sharable/link': {
    access: 'owned',
    destructive: true,
    targets: perOrganization((world, who) => ({
      label: `${who}'s spare share link`,
      request: del('/api/organization/shortlisting/sharable/link', { id: world.org[who].shortlist.spareLinkId }),
      alsoAllowed: team(who, 'coordA'),
      prepare: (w) => restoreSpareShortlist(w, who),
    })),
  },
  // The link's token is the credential: whoever holds it reads what the link shows (here names and file names).
  'GET /api/organization/shortlisting/sharable/view': {
    access: 'public',
    why: 'a shared shortlist link is read by people without an account; the token decides what they see',
    targets: (world) =>
      ORGANIZATIONS.map((who) => ({
        owner: who,
        label: `${who}'s shared shortlist`,
        request: get('/api/organization/shortlisting/sharable/view', { link: world.org[who].shortlist.linkToken }),
        alsoAllowed: 'everyone' as const,
        reveals: [world.marker(partnerOf(who), 'applicationFile')],
      })),
  },
  'POST /api/organization/shortlisting/sharable/verdict': {
    access: 'public',
    why: 'visitors of a shared shortlist link leave verdicts under a name they type; the token is the credential',
    targets: (world) =>
      ORGANIZATIONS.map((who) => ({
        owner: who,
        label: `${who}'s shared shortlist (a verdict)`,
        request: post('/api/organization/shortlisting/sharable/verdict', {
          link: world.org[who].shortlist.linkToken,
          applicationId: world.ind[partnerOf(who)].applicationId,
          visitorName: 'Suite visitor',
          verdict: 'maybe',
          comment: 'Suite comment',
        }),
        alsoAllowed: 'everyone' as const,
      })),
  },
  'GET /api/organization/shortlisting/sharable/file': {
    access: 'public',
    why: 'a shared shortlist link that shows resumes gives its visitors short-lived download links to them',
    targets: (world) =>
      ORGANIZATIONS.map((who) => ({
        owner: who,
        label: `${who}'s shared candidate's file`,
        request: get('/api/organization/shortlisting/sharable/file', {
          link: world.org[who].shortlist.linkToken,
          applicationId: world.ind[partnerOf(who)].applicationId,
          fileId: world.ind[partnerOf(who)].applicationFileId,
        }),
        alsoAllowed: 'everyone' as const,
      })),
  },

  // Organization teams: every request names the organization it acts for (X-Organization-Id)
  'GET /api/user/organizations': { access: 'self', request: () => get('/api/user/organizations') },
  'GET /api/organization/people': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s team`,
      request: actingFor(world, who, get('/api/organization/people')),
      alsoAllowed: team(who, 'coordA', 'reviewerA'),
    })),
  },
  'POST /api/organization/people': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s team (an invitation)`,
      request: actingFor(
        world,
        who,
        post('/api/organization/people', {
          email: seedEmail(`suite-invitee-${who}-${unique()}`),
          role: 'reviewer',
          allOpenings: false,
          openingIds: [world.org[who].openOpeningId],
        }),
      ),
    })),
  },
  'PATCH /api/organization/people': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s own place in its team (kept as owner)`,
      request: actingFor(
        world,
        who,
        patch('/api/organization/people', { memberId: world.org[who].ownerMemberId, role: 'owner' }),
      ),
    })),
  },
  'DELETE /api/organization/people': {
    access: 'owned',
    destructive: true,
    targets: perOrganization((world, who) => ({
      label: `${who}'s spare reviewer`,
      request: actingFor(world, who, del('/api/organization/people', { memberId: world.org[who].spareMemberId })),
    })),
  },
  'DELETE /api/organization/invitations': {
    access: 'owned',
    destructive: true,
    targets: perOrganization((world, who) => ({
      label: `${who}'s open invitation`,
      request: actingFor(
        world,
        who,
        del('/api/organization/invitations', { memberId: world.org[who].invitationMemberId }),
      ),
    })),
  },
  'GET /api/organization/activity': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s activity`,
      request: actingFor(world, who, get('/api/organization/activity', { limit: 20 })),
    })),
  },

  'GET /api/placements/campus/all/openings': {
    access: 'public',
    why: 'the openings feed',
    request: () => get('/api/placements/campus/all/openings', { limit: 20, q: 'Suite' }),
  },

  // Institutions
  'GET /api/institutions': {
    access: 'public',
    why: 'institution search',
    request: () => get('/api/institutions', { search: 'Suite', limit: 5 }),
  },
  'POST /api/institutions': {
    access: 'owned',
    targets: () => [
      {
        owner: 'admin',
        label: 'the platform list of institutions',
        request: post('/api/institutions', { name: `Suite Added Institute ${unique()}` }),
      },
    ],
  },
  'GET /api/institutionDetailsById': {
    access: 'public',
    why: 'institution details',
    request: (world) => get('/api/institutionDetailsById', { institutionId: world.institutionId }),
  },
  'PATCH /api/institutionDetailsById': {
    access: 'owned',
    targets: (world) => [
      {
        owner: 'root',
        label: "root's institution",
        request: patch('/api/institutionDetailsById', {
          institutionId: world.institutionId,
          name: world.institutionName,
        }),
      },
    ],
  },
  'POST /api/updateInstitutionId': {
    access: 'self',
    request: (world) => post('/api/updateInstitutionId', { institutionId: world.institutionId }),
  },
  'GET /api/institutions/user/role/root': { access: 'self', request: () => get('/api/institutions/user/role/root') },
  'GET /api/institutions/user/role': {
    access: 'owned',
    targets: (world) => [
      {
        owner: 'root',
        label: "who runs root's institution",
        request: get('/api/institutions/user/role', { institutionId: world.institutionId }),
        alsoAllowed: ['admin'],
      },
    ],
  },
  'POST /api/institutions/user/role': {
    access: 'owned',
    targets: (world) => [
      {
        owner: 'root',
        label: "a role at root's institution",
        request: post('/api/institutions/user/role', {
          institutionId: world.institutionId,
          email: world.spareInstitutionEmail,
          role: 'admin',
        }),
        alsoAllowed: ['admin'],
      },
    ],
  },
  'DELETE /api/institutions/user/role': {
    access: 'owned',
    destructive: true,
    targets: (world) => [
      {
        owner: 'root',
        label: "a role at root's institution",
        request: del('/api/institutions/user/role', {
          institutionId: world.institutionId,
          email: world.spareInstitutionEmail,
        }),
        alsoAllowed: ['admin'],
        // Platform admins may remove roles too: give the role back before every attempt.
        async prepare(w) {
          await w.server.call('/api/institutions/user/role', {
            token: w.actors.root.token,
            body: { institutionId: w.institutionId, email: w.spareInstitutionEmail, role: 'admin' },
          });
        },
      },
    ],
  },
  'GET /api/institutions/suggested': { access: 'self', request: () => get('/api/institutions/suggested') },

  // Groups
  'GET /api/groups': { access: 'self', request: () => get('/api/groups', { limit: 10 }) },
  'POST /api/group': { access: 'self', request: () => post('/api/group', { name: 'Suite new group' }), fuzzAs: 'orgA' },
  'PATCH /api/group': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s group`,
      request: patch('/api/group', { id: world.org[who].groupId, name: `Suite group of ${who}` }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'DELETE /api/group': {
    access: 'owned',
    destructive: true,
    targets: perOrganization((world, who) => ({
      label: `${who}'s spare group`,
      request: del('/api/group', { id: world.org[who].spareGroupId }),
      alsoAllowed: team(who, 'coordA'),
      // The coordinator may delete it too: bring it back before every attempt.
      async prepare(w) {
        await w.server.db.update(groups).set({ deletedAt: null }).where(eq(groups.id, w.org[who].spareGroupId));
      },
    })),
  },
  'GET /api/group/details/id': {
    access: 'public',
    why: 'group pages are public by link',
    targets: perOrganization((world, who) => ({
      label: `${who}'s group`,
      request: get('/api/group/details/id', { id: world.org[who].groupId }),
      alsoAllowed: 'everyone',
    })),
  },
  'POST /api/group/join': {
    access: 'self',
    request: (world) => post('/api/group/join', { groupId: world.org.admin.groupId }),
    fuzzAs: 'indA',
  },
  'POST /api/group/leave': {
    access: 'self',
    request: (world) => post('/api/group/leave', { groupId: world.org.admin.groupId }),
    fuzzAs: 'indA',
  },
  ...groupLists('group', 'groupId', 'groupRequestIds'),
  'POST /api/group/follow': {
    access: 'self',
    request: (world) => post('/api/group/follow', { groupId: world.org.admin.groupId }),
    fuzzAs: 'indA',
  },
  'POST /api/group/unfollow': {
    access: 'self',
    request: (world) => post('/api/group/unfollow', { groupId: world.org.admin.groupId }),
    fuzzAs: 'indA',
  },
  'GET /api/following/groups/ids': { access: 'self', request: () => get('/api/following/groups/ids') },

  // Verification groups
  'GET /api/verification/groups/verification': {
    access: 'self',
    request: () => get('/api/verification/groups/verification', { view: 'joined', limit: 10 }),
  },
  'GET /api/verification/admin': { access: 'self', request: () => get('/api/verification/admin') },
  'GET /api/verification/groups/admin': {
    access: 'self',
    request: () => get('/api/verification/groups/admin', { limit: 10 }),
  },
  'GET /api/verification/details/id': {
    access: 'public',
    why: 'verification group pages are public by link',
    targets: perOrganization((world, who) => ({
      label: `${who}'s verification group`,
      request: get('/api/verification/details/id', { id: world.org[who].verificationGroupId }),
      alsoAllowed: 'everyone',
    })),
  },
  'POST /api/verification/group': {
    access: 'self',
    request: () => post('/api/verification/group', { name: 'Suite new verification group' }),
    fuzzAs: 'orgA',
  },
  'PATCH /api/verification/group': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s verification group`,
      request: patch('/api/verification/group', {
        id: world.org[who].verificationGroupId,
        name: `Suite verification of ${who}`,
      }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'DELETE /api/verification/group': {
    access: 'owned',
    destructive: true,
    targets: perOrganization((world, who) => ({
      label: `${who}'s spare verification group`,
      request: del('/api/verification/group', { id: world.org[who].spareVerificationGroupId }),
      alsoAllowed: team(who, 'coordA'),
      async prepare(w) {
        await w.server.db
          .update(verificationGroups)
          .set({ deletedAt: null })
          .where(eq(verificationGroups.id, w.org[who].spareVerificationGroupId));
      },
    })),
  },
  'POST /api/verification/group/approval': {
    access: 'owned',
    destructive: true,
    targets: (world) =>
      ORGANIZATIONS.map((who) => ({
        owner: 'admin' as const,
        label: `${who}'s pending verification group`,
        request: post('/api/verification/group/approval', {
          id: world.org[who].pendingVerificationGroupId,
          decision: 'approved',
        }),
      })),
  },
  'POST /api/verification/join': {
    access: 'self',
    request: (world) => post('/api/verification/join', { groupId: world.org.admin.verificationGroupId }),
    fuzzAs: 'indA',
  },
  'POST /api/verification/leave': {
    access: 'self',
    request: (world) => post('/api/verification/leave', { groupId: world.org.admin.verificationGroupId }),
    fuzzAs: 'indA',
  },
  ...groupLists('verification', 'verificationGroupId', 'verificationRequestIds'),
  'POST /api/verification/follow': {
    access: 'self',
    request: (world) => post('/api/verification/follow', { groupId: world.org.admin.verificationGroupId }),
    fuzzAs: 'indA',
  },
  'POST /api/verification/unfollow': {
    access: 'self',
    request: (world) => post('/api/verification/unfollow', { groupId: world.org.admin.verificationGroupId }),
    fuzzAs: 'indA',
  },
  'GET /api/following/verificationGroups/ids': {
    access: 'self',
    request: () => get('/api/following/verificationGroups/ids'),
  },
  'GET /api/verification/group/userAccess/email': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `who holds roles in ${who}'s verification group`,
      request: get('/api/verification/group/userAccess/email', { groupId: world.org[who].verificationGroupId }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'POST /api/verification/group/userAccess/email': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `a role in ${who}'s verification group`,
      request: post('/api/verification/group/userAccess/email', {
        groupId: world.org[who].verificationGroupId,
        email: world.spareInstitutionEmail,
        role: 'viewer',
      }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'DELETE /api/verification/group/userAccess/email': {
    access: 'owned',
    destructive: true,
    targets: perOrganization((world, who) => ({
      label: `a role in ${who}'s verification group`,
      request: del('/api/verification/group/userAccess/email', {
        groupId: world.org[who].verificationGroupId,
        email: world.spareInstitutionEmail,
      }),
      alsoAllowed: team(who, 'coordA'),
      // The coordinator may revoke it too: grant it again before every attempt.
      async prepare(w, caller) {
        const response = await w.server.call('/api/verification/group/userAccess/email', {
          method: 'POST',
          token: w.actors[who].token,
          body: { groupId: w.org[who].verificationGroupId, email: w.spareInstitutionEmail, role: 'viewer' },
        });
        if (response.status !== 200) throw new Error(`matrix: regranting the spare role before ${caller} failed`);
      },
    })),
  },
  'GET /api/verifications/group/user/role': {
    access: 'self',
    request: (world) => get('/api/verifications/group/user/role', { groupId: world.org.orgA.verificationGroupId }),
  },
  'GET /api/verification/member/records': {
    access: 'owned',
    targets: perOrganization((world, who) => {
      const member = who === 'orgA' ? 'indA' : 'indB';
      return {
        label: `${member}'s records in ${who}'s verification group`,
        request: get('/api/verification/member/records', {
          groupId: world.org[who].verificationGroupId,
          userId: world.actors[member].userId,
        }),
        alsoAllowed: who === 'orgA' ? ['verifier', 'coordA'] : [],
      };
    }),
  },
  'POST /api/verification/record': {
    access: 'owned',
    // The decision names the record version it saw: read it now, as other rows edit the record.
    targets: (world) =>
      Promise.all(
        ORGANIZATIONS.map(async (who) => {
          const member = who === 'orgA' ? 'indA' : 'indB';
          const records = await world.server.call(
            `/api/verification/member/records?groupId=${world.org[who].verificationGroupId}&userId=${world.actors[member].userId}`,
            { token: world.actors[who].token },
          );
          const seen = records.body.result?.data?.records?.find(
            (r: { recordId: string }) => r.recordId === world.ind[member].educationId,
          );
          return {
            owner: who,
            label: `${member}'s education in ${who}'s verification group`,
            request: post('/api/verification/record', {
              groupId: world.org[who].verificationGroupId,
              userId: world.actors[member].userId,
              recordKind: 'education',
              recordId: world.ind[member].educationId,
              recordUpdatedAt: seen?.updatedAt ?? world.ind[member].educationUpdatedAt,
              decision: 'verified',
              note: 'Checked against the transcript',
            }),
            alsoAllowed: who === 'orgA' ? ['verifier', 'coordA'] : [],
          } satisfies Target;
        }),
      ),
  },
  // Ratings and ranking: owners and coordinators change criteria, recipes and pins; everyone covering the opening rates.
  'GET /api/organization/shortlisting/criteria': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s rating criteria`,
      request: get('/api/organization/shortlisting/criteria', { openingId: world.org[who].openOpeningId }),
      alsoAllowed: team(who, 'coordA', 'reviewerA'),
    })),
  },
  'POST /api/organization/shortlisting/criteria': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s rating criteria (a new one)`,
      request: post('/api/organization/shortlisting/criteria', {
        openingId: world.org[who].openOpeningId,
        name: `Suite criterion ${who}`,
      }),
      alsoAllowed: team(who, 'coordA'),
      // Names are unique per opening: take back the one an earlier attempt added.
      async prepare(w) {
        await w.server.db
          .delete(ratingCriteria)
          .where(
            and(
              eq(ratingCriteria.openingId, w.org[who].openOpeningId),
              eq(ratingCriteria.name, `Suite criterion ${who}`),
            ),
          );
      },
    })),
  },
  'PATCH /api/organization/shortlisting/criteria': {
    access: 'owned',
    targets: async (world) =>
      Promise.all(
        ORGANIZATIONS.map(async (who) => ({
          owner: who,
          label: `${who}'s Overall criterion`,
          request: patch('/api/organization/shortlisting/criteria', {
            openingId: world.org[who].openOpeningId,
            criterionId: await overallCriterionOf(world, who),
            name: 'Overall',
          }),
          alsoAllowed: team(who, 'coordA'),
        })),
      ),
  },
  'DELETE /api/organization/shortlisting/criteria': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s spare criterion`,
      request: del('/api/organization/shortlisting/criteria', {
        openingId: world.org[who].openOpeningId,
        criterionId: SPARE_CRITERION[who],
      }),
      alsoAllowed: team(who, 'coordA'),
      // The coordinator may remove it too: bring it back before every attempt.
      async prepare(w) {
        await w.server.db
          .insert(ratingCriteria)
          .values({ id: SPARE_CRITERION[who], openingId: w.org[who].openOpeningId, name: 'Suite spare', position: 9 })
          .onConflictDoNothing();
      },
    })),
  },
  'GET /api/organization/shortlisting/ratings': {
    access: 'owned',
    targets: async (world) =>
      Promise.all(
        INDIVIDUALS.map(async (name) => {
          const who = name === 'indA' ? 'orgA' : 'orgB';
          return {
            owner: who,
            label: `${name}'s ratings at ${who}`,
            request: get('/api/organization/shortlisting/ratings', {
              openingId: world.ind[name].appliedOpeningId,
              applicationId: world.ind[name].applicationId,
            }),
            alsoAllowed: team(who, 'coordA', 'reviewerA'),
          };
        }),
      ),
  },
  'PUT /api/organization/shortlisting/ratings': {
    access: 'owned',
    targets: async (world) =>
      Promise.all(
        INDIVIDUALS.map(async (name) => {
          const who = name === 'indA' ? 'orgA' : 'orgB';
          return {
            owner: who,
            label: `${name}'s rating at ${who}`,
            request: put('/api/organization/shortlisting/ratings', {
              openingId: world.ind[name].appliedOpeningId,
              applicationId: world.ind[name].applicationId,
              criterionId: await overallCriterionOf(world, who),
              score: 4,
            }),
            alsoAllowed: team(who, 'coordA', 'reviewerA'),
          };
        }),
      ),
  },
  'GET /api/organization/shortlisting/recipe': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s ranking recipe`,
      request: get('/api/organization/shortlisting/recipe', { openingId: world.org[who].openOpeningId }),
      alsoAllowed: team(who, 'coordA', 'reviewerA'),
    })),
  },
  'PUT /api/organization/shortlisting/recipe': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s ranking recipe`,
      request: put('/api/organization/shortlisting/recipe', {
        openingId: world.org[who].openOpeningId,
        recipe: { criteria: [{ kind: 'grade', weight: 2 }], knockouts: [{ kind: 'maxBacklogs', count: 1 }] },
      }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'GET /api/organization/shortlisting/candidate/ranking': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s ranked candidates`,
      request: get('/api/organization/shortlisting/candidate/ranking', {
        openingId: world.org[who].openOpeningId,
        show: 'all',
        page: 1,
      }),
      alsoAllowed: team(who, 'coordA', 'reviewerA'),
    })),
  },
  'PUT /api/organization/shortlisting/candidate/pin': {
    access: 'owned',
    targets: (world) =>
      INDIVIDUALS.map((name) => {
        const who = name === 'indA' ? 'orgA' : 'orgB';
        return {
          owner: who,
          label: `${name}'s pin at ${who}`,
          request: put('/api/organization/shortlisting/candidate/pin', {
            openingId: world.ind[name].appliedOpeningId,
            applicationId: world.ind[name].applicationId,
            direction: 'top',
            reason: 'Suite pin',
          }),
          alsoAllowed: team(who, 'coordA'),
        };
      }),
  },
  'DELETE /api/organization/shortlisting/candidate/pin': {
    access: 'owned',
    targets: (world) =>
      INDIVIDUALS.map((name) => {
        const who = name === 'indA' ? 'orgA' : 'orgB';
        return {
          owner: who,
          label: `${name}'s pin at ${who}`,
          request: del('/api/organization/shortlisting/candidate/pin', {
            openingId: world.ind[name].appliedOpeningId,
            applicationId: world.ind[name].applicationId,
          }),
          alsoAllowed: team(who, 'coordA'),
        };
      }),
  },
  // The candidate side panel: everyone whose role covers the opening reads it and writes notes of their own; only
  // the author changes a note; owners and coordinators tag candidates and keep the tag list.
  'GET /api/organization/shortlisting/candidate': {
    access: 'owned',
    targets: (world) =>
      INDIVIDUALS.map((name) => {
        const who = name === 'indA' ? 'orgA' : 'orgB';
        return {
          owner: who,
          label: `${name}'s candidate panel at ${who}`,
          request: get('/api/organization/shortlisting/candidate', {
            openingId: world.ind[name].appliedOpeningId,
            applicationId: world.ind[name].applicationId,
          }),
          alsoAllowed: team(who, 'coordA', 'reviewerA'),
        };
      }),
  },
  'GET /api/organization/shortlisting/notes': {
    access: 'owned',
    targets: (world) =>
      INDIVIDUALS.map((name) => {
        const who = name === 'indA' ? 'orgA' : 'orgB';
        return {
          owner: who,
          label: `notes on ${name} at ${who}`,
          request: get('/api/organization/shortlisting/notes', {
            openingId: world.ind[name].appliedOpeningId,
            applicationId: world.ind[name].applicationId,
          }),
          alsoAllowed: team(who, 'coordA', 'reviewerA'),
        };
      }),
  },
  'POST /api/organization/shortlisting/notes': {
    access: 'owned',
    targets: (world) =>
      INDIVIDUALS.map((name) => {
        const who = name === 'indA' ? 'orgA' : 'orgB';
        return {
          owner: who,
          label: `a new note on ${name} at ${who}`,
          request: post('/api/organization/shortlisting/notes', {
            openingId: world.ind[name].appliedOpeningId,
            applicationId: world.ind[name].applicationId,
            body: 'Suite note',
          }),
          alsoAllowed: team(who, 'coordA', 'reviewerA'),
        };
      }),
  },
  'PATCH /api/organization/shortlisting/notes': {
    access: 'owned',
    targets: (world) =>
      INDIVIDUALS.map((name) => {
        const who = name === 'indA' ? 'orgA' : 'orgB';
        return {
          owner: who,
          label: `${who}'s own note on ${name}`,
          request: patch('/api/organization/shortlisting/notes', {
            openingId: world.ind[name].appliedOpeningId,
            noteId: world.ind[name].noteId,
            body: world.marker(who, `note on ${name}`),
          }),
        };
      }),
  },
  'DELETE /api/organization/shortlisting/notes': {
    access: 'owned',
    destructive: true,
    targets: (world) =>
      INDIVIDUALS.map((name) => {
        const who = name === 'indA' ? 'orgA' : 'orgB';
        return {
          owner: who,
          label: `${who}'s own note on ${name}`,
          request: del('/api/organization/shortlisting/notes', {
            openingId: world.ind[name].appliedOpeningId,
            noteId: world.ind[name].noteId,
          }),
        };
      }),
  },
  'GET /api/organization/shortlisting/tags': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s candidate tags`,
      request: actingFor(world, who, get('/api/organization/shortlisting/tags')),
      alsoAllowed: team(who, 'coordA', 'reviewerA'),
    })),
  },
  'POST /api/organization/shortlisting/tags': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s candidate tags (a new tag)`,
      request: actingFor(world, who, post('/api/organization/shortlisting/tags', { name: `Suite tag ${who}` })),
      alsoAllowed: team(who, 'coordA'),
      // Tag names are unique per organization: take back the one an earlier attempt added.
      async prepare(w) {
        await w.server.db
          .delete(candidateTags)
          .where(
            and(eq(candidateTags.organizationId, w.actors[who].userId), eq(candidateTags.name, `Suite tag ${who}`)),
          );
      },
    })),
  },
  'DELETE /api/organization/shortlisting/tags': {
    access: 'owned',
    destructive: true,
    targets: perOrganization((world, who) => ({
      label: `${who}'s spare tag`,
      request: actingFor(world, who, del('/api/organization/shortlisting/tags', { tagId: world.org[who].spareTagId })),
      alsoAllowed: team(who, 'coordA'),
      // The coordinator may delete it too: bring it back before every attempt.
      async prepare(w) {
        await w.server.db
          .insert(candidateTags)
          .values({ id: w.org[who].spareTagId, organizationId: w.actors[who].userId, name: `Spare tag ${who}` })
          .onConflictDoNothing();
      },
    })),
  },
  'POST /api/organization/shortlisting/tags/apply': {
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s candidates (tagging)`,
      request: post('/api/organization/shortlisting/tags/apply', {
        openingId: world.org[who].openOpeningId,
        tagId: world.org[who].tagId,
        action: 'add',
        filter: { stageId: world.org[who].stages.appliedId },
      }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
};

/** Requests, members and followers of groups and verification groups: run by the owning organization. */
function groupLists(
  kind: 'group' | 'verification',
  groupKey: 'groupId' | 'verificationGroupId',
  requestKey: 'groupRequestIds' | 'verificationRequestIds',
): Record<string, Entry> {
  const base = `/api/${kind}`;
  const memberOf = (who: 'orgA' | 'orgB') => (who === 'orgA' ? 'indA' : 'indB');
  // orgA's coordinator runs its groups and verification groups, acting for it.
  const runners = (who: 'orgA' | 'orgB'): ActorName[] => team(who, 'coordA');
  // Every role of a verification group (the verifier included) sees its members.
  const staff = (path: string, who: 'orgA' | 'orgB'): ActorName[] => [
    ...runners(who),
    ...(kind === 'verification' && path === 'members' && who === 'orgA' ? (['verifier'] as const) : []),
  ];
  const list = (path: string): Entry => ({
    access: 'owned',
    targets: perOrganization((world, who) => ({
      label: `${who}'s ${kind} group`,
      request: get(`${base}/${path}`, { groupId: world.org[who][groupKey], limit: 10 }),
      alsoAllowed: staff(path, who),
    })),
  });
  const tables =
    kind === 'group'
      ? { members: groupMembers, followers: groupFollowers }
      : { members: verificationGroupMembers, followers: verificationGroupFollowers };
  const decide = (path: string, asker: 'indB' | 'indA' | 'verifier' | 'other'): Entry => ({
    access: 'owned',
    destructive: true,
    targets: perOrganization((world, who) => {
      const by = asker === 'other' ? (who === 'orgA' ? 'indB' : 'indA') : asker;
      return {
        label: `${by}'s request to ${who}'s ${kind} group`,
        request: post(`${base}/${path}`, { ids: [world.org[who][requestKey][by]] }),
        alsoAllowed: runners(who),
        // The coordinator may decide it too: ask again before every attempt, so the lists stay as seeded.
        async prepare(w) {
          await w.server.db
            .update(tables.members)
            .set({ state: 'requested', decidedBy: null, decidedAt: null })
            .where(eq(tables.members.id, w.org[who][requestKey][by] ?? ''));
        },
      };
    }),
  });
  const remove = (path: string, which: 'members' | 'followers'): Entry => ({
    access: 'owned',
    destructive: true,
    targets: perOrganization((world, who) => ({
      label: `${memberOf(who)} in ${who}'s ${kind} group`,
      request: post(`${base}/${path}`, {
        groupId: world.org[who][groupKey],
        userId: world.actors[memberOf(who)].userId,
      }),
      alsoAllowed: runners(who),
      // The coordinator may remove them too: put them back before every attempt.
      async prepare(w) {
        const row = { groupId: w.org[who][groupKey], userId: w.actors[memberOf(who)].userId };
        if (which === 'followers') await w.server.db.insert(tables.followers).values(row).onConflictDoNothing();
        else
          await w.server.db
            .insert(tables.members)
            .values({ ...row, state: 'member' })
            .onConflictDoNothing();
      },
    })),
  });
  return {
    [`GET ${base}/groupJoiningRequests`]: list('groupJoiningRequests'),
    [`POST ${base}/request/accept`]: decide('request/accept', 'other'),
    [`POST ${base}/request/decline`]: decide('request/decline', 'verifier'),
    [`GET ${base}/members`]: list('members'),
    [`GET ${base}/followers`]: list('followers'),
    [`POST ${base}/remove/member`]: remove('remove/member', 'members'),
    [`POST ${base}/remove/follower`]: remove('remove/follower', 'followers'),
  };
}

export { FORM };
