import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ORGANIZATION_HEADER } from '@placely/contract';
import {
  seedEmail,
  seedGroup,
  seedInstitution,
  seedInstitutionRole,
  seedNewUser,
  seedOpeningWithApplicants,
  seedOrganization,
  seedOrganizationInvitation,
  seedOrganizationMember,
  seedStudent,
  seedVerificationGroup,
} from '../../seed/helpers';
import type { TestServer } from '../harness';

/**
 * The people the generated suites act as. Add an actor here (and seed it in `buildWorld`) and every operation of the
 * matrix is tried by it. The team roles act for orgA (the X-Organization-Id header on every request): a coordinator
 * of every opening, a reviewer limited to orgA's open opening, and a former coordinator who was removed.
 */
export const ACTORS = [
  'anon',
  'orgA',
  'orgB',
  'indA',
  'indB',
  'admin',
  'verifier',
  'root',
  'coordA',
  'reviewerA',
  'formerA',
] as const;
export type ActorName = (typeof ACTORS)[number];
export type SignedInActor = Exclude<ActorName, 'anon'>;
export const TEAM_A = ['coordA', 'reviewerA', 'formerA'] as const;
/** The live team roles of an organization that may see what reaches one of its applications. */
export const readersOfApplications = (organization: ActorName): ActorName[] =>
  organization === 'orgA' ? ['coordA', 'reviewerA'] : [];

/** Platform verification admin (VERIFICATION_ADMIN_EMAILS) of the suites' server. */
export const SUITE_ADMIN_EMAIL = 'suite-admin@placely.test';

export interface Actor {
  name: ActorName;
  userId: number;
  email: string;
  token: string | undefined;
  /** Headers sent on every request: the organization a team role acts for. */
  headers: Record<string, string>;
}

/** A private string planted in one actor's data, and who may legitimately read it. */
export interface Marker {
  value: string;
  owner: ActorName;
  what: string;
  visibleTo: ReadonlySet<ActorName> | 'everyone';
}

interface IndividualResources {
  educationId: string;
  educationUpdatedAt: string;
  educationSpareId: string;
  experienceId: string;
  projectId: string;
  otherId: string;
  placementId: string;
  skillId: string;
  privatePortfolio: { id: string; portfolioId: string };
  publicPortfolio: { id: string; portfolioId: string };
  spareportfolioId: string;
  resumeFileId: string;
  resumeId: string;
  applicationFileId: string;
  applicationId: string;
  /** A note the organization keeps on this person's application (organization only). */
  noteId: string;
  /** The opening this person applied to (its organization's). */
  appliedOpeningId: string;
  /** The opening this person keeps a draft for (the other organization's). */
  draftOpeningId: string;
  phone: string;
  idempotencyKey: string;
  /** A number this person added and asked a code for (the development SMS outbox holds it). */
  smsPhone: string;
  /** A video task of the applied opening this person was invited to and took once, not yet submitted. */
  pendingVideoTaskId: string;
  pendingTakeFileId: string;
}

interface OrganizationResources {
  openOpeningId: string;
  draftOpeningId: string;
  spareOpeningId: string;
  groupId: string;
  spareGroupId: string;
  verificationGroupId: string;
  pendingVerificationGroupId: string;
  spareVerificationGroupId: string;
  /** Join requests to this organization's group / verification group, by the person who asked. */
  groupRequestIds: Partial<Record<ActorName, string>>;
  verificationRequestIds: Partial<Record<ActorName, string>>;
  /** The organization account's own (owner) row in its team, a spare reviewer to remove, an open invitation. */
  ownerMemberId: string;
  spareMemberId: string;
  invitationMemberId: string;
  /** Video tasks of the open opening: one its applicant answered (videoAnswerId), a spare to delete. */
  videoTaskId: string;
  spareVideoTaskId: string;
  videoAnswerId: string;
  /** The open opening's pipeline: its fixed Applied and Shortlisted stages and two custom stages (one to remove). */
  stages: { appliedId: string; shortlistedId: string; customId: string; spareCustomId: string };
  /** A candidate tag (on the partner's application) and a spare one to delete. */
  tagId: string;
  spareTagId: string;
  /**
   * Shortlists of the open opening holding the partner individual's application: the main one with a live share link
   * (showing names and files), and a spare one (to take the candidate off, to delete) with a link to revoke.
   */
  shortlist: { id: string; spareId: string; linkToken: string; spareLinkId: string };
}

export interface World {
  server: TestServer;
  actors: Record<ActorName, Actor>;
  markers: Marker[];
  ind: Record<'indA' | 'indB', IndividualResources>;
  org: Record<'orgA' | 'orgB' | 'admin', OrganizationResources>;
  institutionId: number;
  institutionName: string;
  /** Signed download tokens of each individual's resume file. */
  downloadTokens: Partial<Record<ActorName, string>>;
  spareInstitutionEmail: string;
  /** Open team invitations to indB's email (issue 40): orgA's for accepting, orgB's for declining. */
  teamInvitations: { accept: string; decline: string };
  /** The marker planted as `what` in `owner`'s data. */
  marker(owner: ActorName, what: string): string;
  /** A fresh token (new session) for an actor, for operations that end the session they are called with. */
  freshToken(actor: ActorName): Promise<string | undefined>;
}

export const FORM = {
  sections: [
    {
      id: 'about',
      title: 'About you',
      fields: [
        { id: 'name', type: 'shortText' as const, label: 'Full name', required: true, autoFillKey: 'name' as const },
        { id: 'why', type: 'paragraph' as const, label: 'Why this role?', required: false },
        // A contact question: its answer is hidden from reviewers not granted contact details.
        { id: 'reach', type: 'email' as const, label: 'Email', required: false },
        {
          id: 'work',
          type: 'fileUpload' as const,
          label: 'Work sample',
          required: false,
          acceptedTypes: ['application/pdf'],
          maxBytes: 1024 * 1024,
        },
      ],
    },
  ],
};

export function pdf(size = 2000): Buffer {
  const head = Buffer.from('%PDF-1.7\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length, 0x20), Buffer.from('\n%%EOF\n')]);
}

/** Seeds every actor with resources carrying distinctive private markers, through the shared seed helpers and the API. */
export async function buildWorld(server: TestServer): Promise<World> {
  const db = server.db;
  const markers: Marker[] = [];
  const run = randomBytes(3).toString('hex');
  const mark = (owner: ActorName, what: string, visibleTo: ActorName[] | 'everyone' = []): string => {
    const value = `zq${owner}${what}${run}${randomBytes(3).toString('hex')}`;
    markers.push({
      value,
      owner,
      what,
      visibleTo: visibleTo === 'everyone' ? 'everyone' : new Set<ActorName>([owner, ...visibleTo]),
    });
    return value;
  };
  const email = (name: string) => seedEmail(`suite-${name}-${run}`);

  const orgAUser = await seedOrganization(db, { name: 'Suite Org A', email: email('orga') });
  const orgBUser = await seedOrganization(db, { name: 'Suite Org B', email: email('orgb') });
  const adminUser = await seedOrganization(db, { name: 'Suite Platform Admin', email: SUITE_ADMIN_EMAIL });
  const indAUser = await seedStudent(db, { name: 'Suite Person A', email: email('inda'), phone: '+919800000001' });
  const indBUser = await seedStudent(db, { name: 'Suite Person B', email: email('indb'), phone: '+919800000002' });
  const verifierUser = await seedStudent(db, { name: 'Suite Verifier', email: email('verifier') });
  const rootUser = await seedStudent(db, { name: 'Suite Root', email: email('root') });
  const institution = await seedInstitution(db, { name: `Suite Institute ${run}`, domain: `suite-${run}.edu` });
  await seedInstitutionRole(db, { institutionId: institution.id, userId: rootUser.id, role: 'root' });

  // The team of orgA: people with an Individual account each, acting for orgA.
  const coordAUser = await seedStudent(db, { name: 'Suite Coordinator', email: email('coorda') });
  const reviewerAUser = await seedStudent(db, { name: 'Suite Reviewer', email: email('reviewera') });
  const formerAUser = await seedStudent(db, { name: 'Suite Former', email: email('formera') });

  const users = {
    orgA: orgAUser,
    orgB: orgBUser,
    admin: adminUser,
    indA: indAUser,
    indB: indBUser,
    verifier: verifierUser,
    root: rootUser,
    coordA: coordAUser,
    reviewerA: reviewerAUser,
    formerA: formerAUser,
  };
  const actors = {
    anon: { name: 'anon', userId: 0, email: '', token: undefined, headers: {} },
  } as Record<ActorName, Actor>;
  for (const [name, user] of Object.entries(users) as [SignedInActor, (typeof users)[SignedInActor]][]) {
    const headers: Record<string, string> = (TEAM_A as readonly string[]).includes(name)
      ? { [ORGANIZATION_HEADER]: String(orgAUser.id) }
      : {};
    actors[name] = { name, userId: user.id, email: user.email, token: await server.tokenFor(user.id), headers };
  }

  const call = async (actor: ActorName, method: string, path: string, body?: unknown) => {
    const response = await server.call(path, {
      method,
      token: actors[actor].token,
      body,
      headers: actors[actor].headers,
    });
    if (response.status !== 200) {
      throw new Error(`world: ${actor} ${method} ${path} → ${response.status} ${JSON.stringify(response.body)}`);
    }
    return response.body.result.data;
  };
  const upload = async (actor: ActorName, purpose: string, name: string) => {
    const response = await fetch(`${server.baseUrl}/api/files?purpose=${purpose}&name=${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { authorization: actors[actor].token ?? '', 'content-type': 'application/octet-stream' },
      body: pdf(),
    });
    const body = (await response.json()) as { result: { data: { id: string } } };
    if (response.status !== 200) throw new Error(`world: upload ${response.status} ${JSON.stringify(body)}`);
    return body.result.data;
  };

  // Organizations: a public open opening, a private draft, a spare to delete, groups and verification groups.
  const org = {} as World['org'];
  for (const name of ['orgA', 'orgB', 'admin'] as const) {
    const organizationId = actors[name].userId;
    const { opening: open } = await seedOpeningWithApplicants(db, {
      organizationId,
      opening: { title: `Suite open role of ${name}`, form: FORM },
    });
    // orgA's coordinator covers every opening; the reviewer only the open one.
    const coordinator: ActorName[] = name === 'orgA' ? ['coordA'] : [];
    const { opening: draft } = await seedOpeningWithApplicants(db, {
      organizationId,
      opening: { title: mark(name, 'draftOpening', coordinator), status: 'draft' },
    });
    const { opening: spare } = await seedOpeningWithApplicants(db, {
      organizationId,
      opening: { title: mark(name, 'spareOpening', coordinator), status: 'draft' },
    });
    const group = await seedGroup(db, { ownerId: organizationId, name: `Suite group of ${name}` });
    const spareGroup = await seedGroup(db, { ownerId: organizationId, name: `Suite spare group of ${name}` });
    const verificationGroup = await seedVerificationGroup(db, {
      ownerId: organizationId,
      name: `Suite verification of ${name}`,
      roles: name === 'orgA' ? [{ email: verifierUser.email, role: 'verifier' }] : [],
    });
    const pending = await seedVerificationGroup(db, {
      ownerId: organizationId,
      name: `Suite pending verification of ${name}`,
      approvalState: 'pending',
    });
    const spareVerification = await seedVerificationGroup(db, {
      ownerId: organizationId,
      name: `Suite spare verification of ${name}`,
    });
    org[name] = {
      openOpeningId: open.id,
      draftOpeningId: draft.id,
      spareOpeningId: spare.id,
      groupId: group.id,
      spareGroupId: spareGroup.id,
      verificationGroupId: verificationGroup.id,
      pendingVerificationGroupId: pending.id,
      spareVerificationGroupId: spareVerification.id,
      groupRequestIds: {},
      verificationRequestIds: {},
      ownerMemberId: '',
      spareMemberId: '',
      invitationMemberId: '',
      stages: { appliedId: '', shortlistedId: '', customId: '', spareCustomId: '' },
      tagId: '',
      spareTagId: '',
      videoTaskId: '',
      spareVideoTaskId: '',
      videoAnswerId: '',
      shortlist: { id: '', spareId: '', linkToken: '', spareLinkId: '' },
    };
  }

  // Teams: orgA's coordinator, its reviewer of the open opening, its removed coordinator; in every organization a
  // spare reviewer to remove and an open invitation to revoke.
  await seedOrganizationMember(db, { organizationId: orgAUser.id, userId: coordAUser.id, role: 'coordinator' });
  await seedOrganizationMember(db, {
    organizationId: orgAUser.id,
    userId: reviewerAUser.id,
    role: 'reviewer',
    openingIds: [org.orgA.openOpeningId],
  });
  await seedOrganizationMember(db, {
    organizationId: orgAUser.id,
    userId: formerAUser.id,
    role: 'coordinator',
    removed: true,
  });
  for (const name of ['orgA', 'orgB', 'admin'] as const) {
    const organizationId = actors[name].userId;
    const spare = await seedNewUser(db, { email: email(`spare-member-${name}`) });
    org[name].spareMemberId = await seedOrganizationMember(db, {
      organizationId,
      userId: spare.id,
      role: 'reviewer',
      openingIds: [org[name].openOpeningId],
    });
    org[name].invitationMemberId = await seedOrganizationInvitation(db, {
      organizationId,
      email: email(`invited-${name}`),
      role: 'coordinator',
    });
    const people = await call(name, 'GET', '/api/organization/people');
    org[name].ownerMemberId = people.people.find(
      (p: { userId: number | null }) => p.userId === organizationId,
    ).memberId;
    const openingId = org[name].openOpeningId;
    await call(name, 'POST', '/api/organization/shortlisting/stages', { openingId, name: `Interview ${name}` });
    const pipeline = await call(name, 'POST', '/api/organization/shortlisting/stages', {
      openingId,
      name: `Spare stage ${name}`,
    });
    const stageOf = (match: (stage: { kind: string; name: string }) => boolean) =>
      pipeline.stages.find(match).id as string;
    org[name].stages = {
      appliedId: stageOf((stage) => stage.kind === 'applied'),
      shortlistedId: stageOf((stage) => stage.kind === 'shortlisted'),
      customId: stageOf((stage) => stage.name === `Interview ${name}`),
      spareCustomId: stageOf((stage) => stage.name === `Spare stage ${name}`),
    };
    const tagReaders: ActorName[] = [name, ...readersOfApplications(name)];
    org[name].tagId = (
      await call(name, 'POST', '/api/organization/shortlisting/tags', { name: mark(name, 'tag', tagReaders) })
    ).id;
    org[name].spareTagId = (
      await call(name, 'POST', '/api/organization/shortlisting/tags', { name: `Spare tag ${name}` })
    ).id;
  }

  // Individuals: every profile section, portfolios, files, an application to their organization, a draft elsewhere.
  const ind = {} as World['ind'];
  const pairs = [
    ['indA', 'orgA', 'orgB'],
    ['indB', 'orgB', 'orgA'],
  ] as const;
  for (const [name, partner, other] of pairs) {
    // indA's verification group (orgA's) has the verifier; its owner and staff read the member's records.
    // orgA's coordinator runs orgA's groups and verification groups as orgA does.
    const recordReaders: ActorName[] = name === 'indA' ? ['orgA', 'verifier', 'coordA'] : ['orgB'];
    // What reaches an application reaches the team roles of its organization that cover the opening.
    const applicationReaders: ActorName[] = [partner, ...readersOfApplications(partner)];
    // orgA's reviewer was not granted contact details; its coordinator sees them as owners do.
    const contactReaders: ActorName[] = partner === 'orgA' ? ['orgA', 'coordA'] : [partner];
    await call(name, 'POST', '/api/group/join', { groupId: org[partner].groupId });
    await call(name, 'POST', '/api/group/follow', { groupId: org[partner].groupId });
    await call(name, 'POST', '/api/verification/join', { groupId: org[partner].verificationGroupId });
    await call(name, 'POST', '/api/verification/follow', { groupId: org[partner].verificationGroupId });
    for (const kind of ['group', 'verification'] as const) {
      const groupId = kind === 'group' ? org[partner].groupId : org[partner].verificationGroupId;
      const requests = await call(partner, 'GET', `/api/${kind}/groupJoiningRequests?groupId=${groupId}`);
      const mine = requests.items.find((r: { person: { userId: number } }) => r.person.userId === actors[name].userId);
      await call(partner, 'POST', `/api/${kind}/request/accept`, { ids: [mine.id] });
    }

    const education = await call(name, 'POST', '/api/individual/education', {
      // The latest education is in the person summary every organization whose group they join or ask to join sees.
      institutionName: mark(name, 'education', [...recordReaders, partner, other, 'coordA']),
      degree: 'B.Tech',
      fieldOfStudy: 'Computer Engineering',
      startMonth: '2022-08',
      endMonth: '2026-05',
      grade: 8.1,
      gradeScale: 'CGPA_10',
    });
    const spareEducation = await call(name, 'POST', '/api/individual/education', {
      institutionName: mark(name, 'spareEducation', recordReaders),
      degree: 'Diploma',
      startMonth: '2019-06',
      endMonth: '2022-05',
    });
    const experience = await call(name, 'POST', '/api/individual/experience', {
      organization: 'Suite Labs',
      title: 'Intern',
      kind: 'internship',
      startMonth: '2025-05',
      endMonth: '2025-07',
      description: mark(name, 'experience', recordReaders),
    });
    const project = await call(name, 'POST', '/api/individual/projects', {
      title: 'Suite project',
      // The public portfolio shows projects: this marker is public by design.
      description: mark(name, 'project', 'everyone'),
    });
    const otherEntry = await call(name, 'POST', '/api/individual/other', {
      kind: 'award',
      title: mark(name, 'other', recordReaders),
    });
    const placement = await call(name, 'POST', '/api/individual/placements', {
      organization: mark(name, 'placement', recordReaders),
      role: 'Engineer',
      offerKind: 'full-time',
      status: 'offered',
    });
    const skills = await call(name, 'POST', '/api/user/skills', { name: mark(name, 'skill') });
    await call(name, 'POST', '/api/user/update/autoFillData', { autoFillData: { about: mark(name, 'autofill') } });
    const privatePortfolios = await call(name, 'POST', '/api/individual/portfolios', {
      title: mark(name, 'privatePortfolio'),
      visibility: 'private',
      sections: ['education', 'experience', 'skills', 'others', 'placements'],
    });
    const publicPortfolios = await call(name, 'POST', '/api/individual/portfolios', {
      title: 'Suite public portfolio',
      visibility: 'public',
      sections: ['projects'],
    });
    const sparePortfolios = await call(name, 'POST', '/api/individual/portfolios', {
      title: mark(name, 'sparePortfolio'),
      visibility: 'private',
      sections: ['skills'],
    });
    const resumeFile = await upload(name, 'resume', `${mark(name, 'resumeFile')}.pdf`);
    const resume = await call(name, 'POST', '/api/resume', {
      fileId: resumeFile.id,
      title: mark(name, 'resumeTitle'),
      isDefault: true,
    });
    const applicationFile = await upload(
      name,
      'application',
      `${mark(name, 'applicationFile', applicationReaders)}.pdf`,
    );
    const application = await call(name, 'POST', '/api/placements/campus/apply', {
      openingId: org[partner].openOpeningId,
      idempotencyKey: `suite-${name}-${run}-key`,
      answers: {
        name: `Suite Person ${name}`,
        why: mark(name, 'answer', applicationReaders),
        reach: `${mark(name, 'contact', contactReaders)}@example.com`,
        work: { fileId: applicationFile.id, name: 'x.pdf', size: 1, contentType: 'application/pdf' },
      },
    });
    await call(partner, 'POST', '/api/organization/shortlisting/tags/apply', {
      openingId: org[partner].openOpeningId,
      tagId: org[partner].tagId,
      action: 'add',
      applicationIds: [application.id],
    });
    await call(name, 'PUT', '/api/placements/campus/apply/draft', {
      openingId: org[other].openOpeningId,
      answers: { why: mark(name, 'draft') },
    });
    const byTitle = (list: { portfolios: { id: string; portfolioId: string; title: string }[] }, title: string) => {
      const found = list.portfolios.find((p) => p.title === title);
      if (!found) throw new Error(`world: no portfolio ${title}`);
      return { id: found.id, portfolioId: found.portfolioId };
    };
    const lastMarker = (what: string) => markers.findLast((m) => m.owner === name && m.what === what)?.value ?? '';
    const entryId = (list: { entries: { id: string }[] }, field: string, value: string) => {
      const found = (list.entries as Record<string, unknown>[]).find((e) => e[field] === value);
      if (!found) throw new Error(`world: no entry with ${field}=${value}`);
      return String(found.id);
    };
    const educationEntry = (education.entries as { id: string; institutionName: string; updatedAt: string }[]).find(
      (e) => e.institutionName === lastMarker('education'),
    );
    ind[name] = {
      educationId: educationEntry?.id ?? '',
      educationUpdatedAt: educationEntry?.updatedAt ?? '',
      educationSpareId: entryId(spareEducation, 'institutionName', lastMarker('spareEducation')),
      experienceId: entryId(experience, 'description', lastMarker('experience')),
      projectId: entryId(project, 'description', lastMarker('project')),
      otherId: entryId(otherEntry, 'title', lastMarker('other')),
      placementId: entryId(placement, 'organization', lastMarker('placement')),
      skillId: entryId(skills, 'name', lastMarker('skill')),
      privatePortfolio: byTitle(privatePortfolios, lastMarker('privatePortfolio')),
      publicPortfolio: byTitle(publicPortfolios, 'Suite public portfolio'),
      spareportfolioId: byTitle(sparePortfolios, lastMarker('sparePortfolio')).id,
      resumeFileId: resumeFile.id,
      resumeId: (resume.resumes ?? [resume]).find((r: { title: string }) => r.title === lastMarker('resumeTitle'))?.id,
      applicationFileId: applicationFile.id,
      applicationId: application.id,
      noteId: (
        await call(partner, 'POST', '/api/organization/shortlisting/notes', {
          openingId: org[partner].openOpeningId,
          applicationId: application.id,
          body: mark(partner, `note on ${name}`, applicationReaders),
        })
      ).id,
      appliedOpeningId: org[partner].openOpeningId,
      draftOpeningId: org[other].openOpeningId,
      phone: name === 'indA' ? '+919800000001' : '+919800000002',
      idempotencyKey: `suite-${name}-${run}-key`,
      smsPhone: name === 'indA' ? '+919811100001' : '+919811100002',
      pendingVideoTaskId: '',
      pendingTakeFileId: '',
    };
    await call(name, 'POST', '/api/user/profile', {
      phoneNumbers: [{ number: ind[name].phone }, { number: ind[name].smsPhone }],
    });
    await call(name, 'POST', '/api/profile/phone/code', { phoneNumber: ind[name].smsPhone });
  }

  // Shortlists of each organization's open opening with its applicant, and share links to them.
  for (const [name, partner] of pairs) {
    const openingId = org[partner].openOpeningId;
    const applicationIds = [ind[name].applicationId];
    const main = await call(partner, 'POST', '/api/organization/shortlisting/lists', {
      openingId,
      name: `Suite shortlist ${partner}`,
      applicationIds,
      fields: ['name', 'resume'],
    });
    const spare = await call(partner, 'POST', '/api/organization/shortlisting/lists', {
      openingId,
      name: `Spare shortlist ${partner}`,
      applicationIds,
    });
    const link = await call(partner, 'POST', '/api/organization/shortlisting/sharable/link', {
      shortlistId: main.id,
      fields: ['name', 'resume'],
    });
    const spareLink = await call(partner, 'POST', '/api/organization/shortlisting/sharable/link', {
      shortlistId: spare.id,
    });
    org[partner].shortlist = {
      id: main.id,
      spareId: spare.id,
      linkToken: new URL(link.url).searchParams.get('link') ?? '',
      spareLinkId: spareLink.id,
    };
  }

  const downloadTokens: World['downloadTokens'] = {};
  for (const name of ['indA', 'indB'] as const) {
    const link = await call(name, 'GET', `/api/files/${ind[name].resumeFileId}/link`);
    downloadTokens[name] = new URL(link.url, server.baseUrl).searchParams.get('token') ?? '';
  }

  // Video tasks: each organization asks its applicant for two answers (one submitted, one taken once) and keeps a
  // spare task to delete.
  const recorded = await readFile(path.join(__dirname, '../fixtures/recorded-3s.webm'));
  const uploadVideo = async (actor: ActorName) => {
    const response = await fetch(`${server.baseUrl}/api/files?purpose=video&name=take.webm`, {
      method: 'POST',
      headers: { authorization: actors[actor].token ?? '', 'content-type': 'application/octet-stream' },
      body: recorded,
    });
    const body = (await response.json()) as { result: { data: { id: string } } };
    if (response.status !== 200) throw new Error(`world: video upload ${response.status} ${JSON.stringify(body)}`);
    return body.result.data.id;
  };
  for (const [name, partner] of [
    ['indA', 'orgA'],
    ['indB', 'orgB'],
  ] as const) {
    const task = (title: string) =>
      call(partner, 'POST', '/api/organization/videoTasks', {
        openingId: org[partner].openOpeningId,
        title,
        prompt: '<p>Introduce yourself.</p>',
        preparationSeconds: 5,
        maxAnswerSeconds: 30,
        takesAllowed: 3,
        deadline: null,
        allowUpload: true,
        askAtApply: false,
        rubric: [{ id: 'clarity', label: 'Clarity' }],
      });
    const answered = await task(`Suite video task of ${partner}`);
    const pending = await task(`Suite pending video task of ${partner}`);
    const spare = await task(`Suite spare video task of ${partner}`);
    for (const taskId of [answered.id, pending.id]) {
      await call(partner, 'POST', '/api/organization/videoTasks/invite', {
        taskId,
        applicationIds: [ind[name].applicationId],
      });
    }
    await call(name, 'POST', '/api/videoTask/take', {
      taskId: answered.id,
      fileId: await uploadVideo(name),
      source: 'recording',
    });
    const submitted = await call(name, 'POST', '/api/videoTask/submit', { taskId: answered.id });
    const takeFileId = await uploadVideo(name);
    await call(name, 'POST', '/api/videoTask/take', { taskId: pending.id, fileId: takeFileId, source: 'recording' });
    org[partner].videoTaskId = answered.id;
    org[partner].spareVideoTaskId = spare.id;
    org[partner].videoAnswerId = submitted.id;
    ind[name].pendingVideoTaskId = pending.id;
    ind[name].pendingTakeFileId = takeFileId;
  }

  // Pending join requests to each organization's group and verification group, to accept and decline.
  for (const [owner, askers] of [
    ['orgA', ['indB', 'verifier']],
    ['orgB', ['indA', 'verifier']],
  ] as const) {
    for (const asker of askers) {
      await call(asker, 'POST', '/api/group/join', { groupId: org[owner].groupId });
      await call(asker, 'POST', '/api/verification/join', { groupId: org[owner].verificationGroupId });
    }
    const requests = await call(owner, 'GET', `/api/group/groupJoiningRequests?groupId=${org[owner].groupId}`);
    const vRequests = await call(
      owner,
      'GET',
      `/api/verification/groupJoiningRequests?groupId=${org[owner].verificationGroupId}`,
    );
    for (const asker of askers) {
      const userId = actors[asker].userId;
      org[owner].groupRequestIds[asker] = requests.items.find(
        (r: { person: { userId: number } }) => r.person.userId === userId,
      )?.id;
      org[owner].verificationRequestIds[asker] = vRequests.items.find(
        (r: { person: { userId: number } }) => r.person.userId === userId,
      )?.id;
    }
  }

  // The verifier, the root and the team keep private data too.
  for (const name of ['verifier', 'root', ...TEAM_A] as const) {
    await call(name, 'POST', '/api/user/skills', { name: mark(name, 'skill') });
  }

  const teamInvitations = {
    accept: await seedOrganizationInvitation(db, {
      organizationId: actors.orgA.userId,
      email: actors.indB.email,
      role: 'reviewer',
    }),
    decline: await seedOrganizationInvitation(db, {
      organizationId: actors.orgB.userId,
      email: actors.indB.email,
      role: 'reviewer',
    }),
  };

  return {
    server,
    actors,
    markers,
    ind,
    org,
    teamInvitations,
    institutionId: institution.id,
    institutionName: institution.name,
    downloadTokens,
    spareInstitutionEmail: email('spare-institution-admin'),
    marker(owner, what) {
      const found = markers.find((m) => m.owner === owner && m.what === what);
      if (!found) throw new Error(`no marker ${what} of ${owner}`);
      return found.value;
    },
    async freshToken(actor) {
      if (actor === 'anon') return undefined;
      return server.tokenFor(actors[actor].userId);
    },
  };
}
