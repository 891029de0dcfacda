import { type CandidateNote, ORGANIZATION_HEADER, type Pipeline, type ReceivedApplication } from '@placely/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationFiles,
  applications as applicationsTable,
  autoFillData,
  files,
  profileViews,
  stageMoves,
} from '../../db/schema';
import { seedOpeningWithApplicants, seedOrganization, seedStudent } from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';
import { auditEventsOf, seedTeamTokens } from '../../test/organization-team';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const base = '/api/organization/shortlisting';
const FORM = {
  sections: [
    {
      id: 'about',
      title: 'About you',
      fields: [
        { id: 'name', type: 'shortText', label: 'Full name', required: true },
        { id: 'why', type: 'paragraph', label: 'Why?', required: false },
        {
          id: 'track',
          type: 'singleChoice',
          label: 'Track',
          required: true,
          options: [
            { id: 'be', label: 'Backend' },
            { id: 'fe', label: 'Frontend' },
          ],
        },
        {
          id: 'langs',
          type: 'multipleChoice',
          label: 'Languages',
          required: false,
          options: [
            { id: 'go', label: 'Go' },
            { id: 'ts', label: 'TypeScript' },
          ],
        },
        { id: 'years', type: 'number', label: 'Years of experience', required: false },
      ],
    },
  ],
} as const;

/** An organization with a coordinator, a reviewer of this opening, a reviewer of another, and applicants. */
async function setup(applicantCount = 4) {
  const org = await seedOrganization(server.db, { name: `Org ${Math.random()}` });
  const students = [];
  for (let i = 0; i < applicantCount; i++) students.push(await seedStudent(server.db, { name: `Student ${i}` }));
  const { opening, applications } = await seedOpeningWithApplicants(server.db, {
    organizationId: org.id,
    opening: { title: `Opening ${Math.random()}`, form: FORM as never },
    applicants: students.map((s, i) => ({
      userId: s.id,
      answers: {
        name: `Student ${i}`,
        why: i % 3 === 0 ? 'I love distributed systems' : 'Because',
        track: { optionId: i % 2 === 0 ? 'be' : 'fe' },
        langs: { optionIds: i % 4 === 0 ? ['go', 'ts'] : ['ts'] },
        years: i,
      },
    })),
  });
  const { opening: other } = await seedOpeningWithApplicants(server.db, {
    organizationId: org.id,
    opening: { title: `Other ${Math.random()}` },
  });
  const team = await seedTeamTokens(server, org.id, opening.id, other.id);
  const tokens = {
    ...team,
    applicant: await server.tokenFor(students[0]?.id ?? (await seedStudent(server.db)).id),
  };
  type Who = keyof typeof tokens | 'anon';
  const as = (who: Who, path: string, options: { method?: string; body?: unknown } = {}) =>
    server.call(path, {
      ...options,
      ...(who === 'anon' ? {} : { token: tokens[who] }),
      headers:
        who === 'coordinator' || who === 'reviewer' || who === 'elsewhere'
          ? { [ORGANIZATION_HEADER]: String(org.id) }
          : {},
    });
  const stageId = async (name: string) => {
    const pipeline: Pipeline = (await as('owner', `${base}/stages?openingId=${opening.id}`)).body.result.data;
    const found = pipeline.stages.find((s) => s.name === name);
    if (!found) throw new Error(`no stage ${name}`);
    return found.id;
  };
  /** Every matching application id of the list (all pages), by filter query. */
  const listed = async (filter: Record<string, string | number>) => {
    const query = new URLSearchParams({ id: opening.id, limit: '100', ...filter } as Record<string, string>);
    const res = await as('owner', `/api/organization/openings/id/applications?${query}`);
    if (res.status !== 200) throw new Error(`list ${res.status} ${JSON.stringify(res.body)}`);
    const data = res.body.result.data as { items: ReceivedApplication[]; total: number };
    return { ids: data.items.map((item) => item.id).sort(), total: data.total };
  };
  const idsOf = (indexes: number[]) => indexes.map((i) => applications[i]?.id as string).sort();
  return { org, opening, other, applications, students, as, stageId, listed, idsOf };
}

describe('notes', () => {
  it('the organization adds, lists, edits and deletes its own notes; others only read them', async () => {
    const { as, opening, applications } = await setup(1);
    const applicationId = applications[0]?.id as string;
    const add = (who: Parameters<typeof as>[0], body: string) =>
      as(who, `${base}/notes`, { body: { openingId: opening.id, applicationId, body } });
    const first = await add('owner', '  Strong systems answer  ');
    expect(first.status).toBe(200);
    expect(first.body.result.message).toBe('Note added');
    expect(first.body.result.data).toMatchObject({ body: 'Strong systems answer', mine: true });
    const second = await add('reviewer', 'Asked about relocation');
    expect(second.status).toBe(200);

    const list = (who: Parameters<typeof as>[0]) =>
      as(who, `${base}/notes?openingId=${opening.id}&applicationId=${applicationId}`);
    const asReviewer: CandidateNote[] = (await list('reviewer')).body.result.data.items;
    expect(asReviewer.map((n) => [n.body, n.author.name, n.mine])).toEqual([
      ['Strong systems answer', expect.any(String), false],
      ['Asked about relocation', 'Reviewer', true],
    ]);

    const noteId = first.body.result.data.id;
    const edit = (who: Parameters<typeof as>[0], body = 'Edited') =>
      as(who, `${base}/notes`, { method: 'PATCH', body: { openingId: opening.id, noteId, body } });
    const remove = (who: Parameters<typeof as>[0]) =>
      as(who, `${base}/notes?openingId=${opening.id}&noteId=${noteId}`, { method: 'DELETE' });
    // Only the author changes a note.
    expect((await edit('reviewer')).status).toBe(403);
    expect((await edit('coordinator')).status).toBe(403);
    expect((await remove('coordinator')).status).toBe(403);
    const edited = await edit('owner', 'Edited note');
    expect(edited.status).toBe(200);
    expect(edited.body.result.data.body).toBe('Edited note');
    expect((await remove('owner')).status).toBe(200);
    expect((await remove('owner')).status).toBe(404);
    expect((await list('owner')).body.result.data.items).toHaveLength(1);

    // Bad input names the field.
    const empty = await add('owner', '   ');
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body.exception.error.fields)).toContain('body');
  });

  it('authorization: signed out 401, applicant and another organization 404, reviewer elsewhere 403', async () => {
    const { as, opening, other, applications } = await setup(1);
    const applicationId = applications[0]?.id as string;
    const path = `${base}/notes?openingId=${opening.id}&applicationId=${applicationId}`;
    const addBody = { openingId: opening.id, applicationId, body: 'x' };
    for (const [who, status] of [
      ['anon', 401],
      ['applicant', 404],
      ['stranger', 404],
      ['elsewhere', 403],
      ['owner', 200],
      ['coordinator', 200],
      ['reviewer', 200],
    ] as const) {
      expect((await as(who, path)).status, `${who} lists`).toBe(status);
      expect((await as(who, `${base}/notes`, { body: addBody })).status, `${who} adds`).toBe(status);
      expect((await as(who, `${base}/candidate?openingId=${opening.id}&applicationId=${applicationId}`)).status).toBe(
        status,
      );
    }
    // An application of another opening is not reachable through this one.
    expect((await as('owner', `${base}/notes?openingId=${other.id}&applicationId=${applicationId}`)).status).toBe(404);
  });
});

describe('candidate panel facts', () => {
  it('shows the public profile; contacts only to those allowed to see them', async () => {
    const { as, opening, applications, students } = await setup(1);
    const applicationId = applications[0]?.id as string;
    const path = `${base}/candidate?openingId=${opening.id}&applicationId=${applicationId}`;
    const owner = (await as('owner', path)).body.result.data;
    expect(owner).toMatchObject({
      applicationId,
      applicantId: students[0]?.id,
      stageId: expect.any(String),
      profile: { name: 'Student 0' },
      contacts: { email: students[0]?.email },
      tags: [],
      notesCount: 0,
      abilities: { tag: true, note: true },
    });
    const reviewer = (await as('reviewer', path)).body.result.data;
    expect(reviewer.contacts).toBeNull();
    expect(reviewer.abilities).toEqual({ tag: false, note: true });
  });

  it("opening the candidate's resume records a resume view and the audit entry", async () => {
    const { as, opening, applications, students, org } = await setup(1);
    const [file] = await server.db
      .insert(files)
      .values({
        ownerId: students[0]?.id as number,
        purpose: 'resume',
        name: 'CV.pdf',
        contentType: 'application/pdf',
        size: 10,
        storageKey: crypto.randomUUID(),
        status: 'ready',
      })
      .returning();
    const applicationId = applications[0]?.id as string;
    await server.db.insert(applicationFiles).values({ applicationId, fileId: file?.id as string });
    expect((await as('reviewer', `/api/files/${file?.id}/link`)).status).toBe(200);
    const views = await server.db
      .select()
      .from(profileViews)
      .where(eq(profileViews.ownerId, students[0]?.id as number));
    expect(views.map((v) => [v.viewerId, v.subject])).toEqual([[org.id, 'resume']]);
    const audit = await auditEventsOf(server.db, org.id, 'resume.viewed');
    expect(audit.map((a) => [a.applicationId, a.openingId])).toEqual([[applicationId, opening.id]]);
  });
});

describe('tags', () => {
  it('owners and coordinators keep the tag list; reviewers read it; names are unique per organization', async () => {
    const { as } = await setup(0);
    expect((await as('anon', `${base}/tags`)).status).toBe(401);
    expect((await as('reviewer', `${base}/tags`, { body: { name: 'Referral' } })).status).toBe(403);
    const created = await as('owner', `${base}/tags`, { body: { name: 'Referral' } });
    expect(created.status).toBe(200);
    expect((await as('coordinator', `${base}/tags`, { body: { name: 'referral' } })).status).toBe(400);
    expect((await as('coordinator', `${base}/tags`, { body: { name: 'Relocating' } })).status).toBe(200);
    const list = await as('reviewer', `${base}/tags`);
    expect(list.body.result.data).toEqual({
      items: [
        { id: created.body.result.data.id, name: 'Referral' },
        { id: expect.any(String), name: 'Relocating' },
      ],
      abilities: { manage: false },
    });
    // Another organization neither sees nor deletes them.
    expect((await as('stranger', `${base}/tags`)).body.result.data.items).toEqual([]);
    expect(
      (await as('stranger', `${base}/tags?tagId=${created.body.result.data.id}`, { method: 'DELETE' })).status,
    ).toBe(400);
    expect((await as('owner', `${base}/tags?tagId=${created.body.result.data.id}`, { method: 'DELETE' })).status).toBe(
      200,
    );
  });

  it('tags candidates by id and by filter, and the tag filter finds them', async () => {
    const { as, opening, applications, listed, idsOf, stageId } = await setup(6);
    const tagId = (await as('owner', `${base}/tags`, { body: { name: 'Referral' } })).body.result.data.id;
    const apply = (who: Parameters<typeof as>[0], body: Record<string, unknown>) =>
      as(who, `${base}/tags/apply`, { body: { openingId: opening.id, tagId, ...body } });
    expect((await apply('reviewer', { action: 'add', applicationIds: idsOf([0]) })).status).toBe(403);
    const byIds = await apply('coordinator', { action: 'add', applicationIds: idsOf([0, 1]) });
    expect(byIds.body.result).toMatchObject({ data: { changed: 2 }, message: 'Tag added to 2 candidates' });
    // Backend track = even applicants (0, 2, 4): only 2 and 4 are new.
    const byFilter = await apply('owner', { action: 'add', filter: { answers: 'track=be' } });
    expect(byFilter.body.result.data.changed).toBe(2);
    expect((await listed({ tagIds: tagId })).ids).toEqual(idsOf([0, 1, 2, 4]));
    const removed = await apply('owner', {
      action: 'remove',
      filter: { stageId: await stageId('Applied'), q: 'Student 1' },
    });
    expect(removed.body.result.data.changed).toBe(1);
    expect((await listed({ tagIds: tagId })).ids).toEqual(idsOf([0, 2, 4]));
    // The panel shows the tags.
    const panel = await as('owner', `${base}/candidate?openingId=${opening.id}&applicationId=${applications[0]?.id}`);
    expect(panel.body.result.data.tags).toEqual([{ id: tagId, name: 'Referral' }]);
    // Ids of another opening are refused whole.
    const { applications: foreign } = await setup(1);
    expect((await apply('owner', { action: 'add', applicationIds: [foreign[0]?.id] })).status).toBe(404);
  });
});

describe('filters', () => {
  it('filters the list by text, answers, eligibility facts and verified records, server-side', async () => {
    const { listed, idsOf, students, stageId } = await setup(8);
    for (const [i, student] of students.entries()) {
      await server.db.insert(autoFillData).values({
        userId: student.id,
        data: { grade: String(6 + i * 0.5), degree: i < 4 ? 'B.Tech' : 'M.Sc', graduationYear: 2024 + (i % 3) },
      });
    }
    // Free text: name (case-insensitive) or any answer; wildcards are literal.
    expect((await listed({ q: 'student 3' })).ids).toEqual(idsOf([3]));
    expect((await listed({ q: 'DISTRIBUTED' })).ids).toEqual(idsOf([0, 3, 6]));
    expect((await listed({ q: '%' })).ids).toEqual([]);
    // Choice answers: one choice, several choices.
    expect((await listed({ answers: 'track=fe' })).ids).toEqual(idsOf([1, 3, 5, 7]));
    expect((await listed({ answers: 'langs=go' })).ids).toEqual(idsOf([0, 4]));
    // Number ranges, open-ended too, and conditions combined.
    expect((await listed({ answers: 'years=2..4' })).ids).toEqual(idsOf([2, 3, 4]));
    expect((await listed({ answers: 'years=6..' })).ids).toEqual(idsOf([6, 7]));
    expect((await listed({ answers: 'years=..1;track=fe' })).ids).toEqual(idsOf([1]));
    // Eligibility facts: grade 6, 6.5, 7 … 9.5; degree; graduation year 2024, 2025, 2026, 2024 …
    expect((await listed({ minGrade: 8.5 })).ids).toEqual(idsOf([5, 6, 7]));
    expect((await listed({ minGrade: 7, maxGrade: 8 })).ids).toEqual(idsOf([2, 3, 4]));
    expect((await listed({ degree: 'm.sc' })).ids).toEqual(idsOf([4, 5, 6, 7]));
    expect((await listed({ graduationYearFrom: 2026 })).ids).toEqual(idsOf([2, 5]));
    expect((await listed({ graduationYearFrom: 2025, graduationYearTo: 2025, degree: 'B.Tech' })).ids).toEqual(
      idsOf([1]),
    );
    // Nobody here has a verified record.
    expect((await listed({ verified: 'yes' })).total).toBe(0);
    expect((await listed({ verified: 'no' })).total).toBe(8);
    // The total counts the matches, not the opening; stage and other filters combine.
    expect(await listed({ answers: 'track=be', stageId: await stageId('Applied') })).toEqual({
      ids: idsOf([0, 2, 4, 6]),
      total: 4,
    });
  });

  it('pages filtered lists with the same keyset', async () => {
    const { as, opening, idsOf } = await setup(7);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams({ id: opening.id, limit: '2', answers: 'track=be' });
      if (cursor) query.set('cursor', cursor);
      const res = await as('owner', `/api/organization/openings/id/applications?${query}`);
      expect(res.body.result.data.total).toBe(4);
      seen.push(...res.body.result.data.items.map((item: ReceivedApplication) => item.id));
      cursor = res.body.result.data.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual(idsOf([0, 2, 4, 6]));
  });

  it('refuses malformed filters with 400 naming the field', async () => {
    const { as, opening } = await setup(0);
    for (const [key, value] of [
      ['answers', 'track'],
      ['answers', 'years=..'],
      ['tagIds', 'nope'],
      ['minGrade', 'abc'],
      ['graduationYearFrom', '1800'],
      ['verified', 'maybe'],
      ['q', 'x'.repeat(101)],
    ] as const) {
      const res = await as('owner', `/api/organization/openings/id/applications?id=${opening.id}&${key}=${value}`);
      expect(res.status, `${key}=${value}`).toBe(400);
      expect(JSON.stringify(res.body.exception.error.fields)).toContain(key);
    }
  });
});

describe('select all matching moves with the new filters', () => {
  it('moves every match (not only a page) and records one history row each', async () => {
    const { as, opening, stageId, idsOf } = await setup(8);
    const shortlisted = await stageId('Shortlisted');
    const res = await as('owner', `${base}/moves`, {
      body: { openingId: opening.id, toStageId: shortlisted, filter: { answers: 'track=be;years=..5', q: 'student' } },
    });
    expect(res.body.result.data.moved).toBe(3);
    const inShortlisted = await server.db
      .select({ id: applicationsTable.id })
      .from(applicationsTable)
      .where(and(eq(applicationsTable.openingId, opening.id), eq(applicationsTable.stageId, shortlisted)));
    expect(inShortlisted.map((row) => row.id).sort()).toEqual(idsOf([0, 2, 4]));
    // A bad filter in a move is a 400 naming it.
    const bad = await as('owner', `${base}/moves`, {
      body: { openingId: opening.id, toStageId: shortlisted, filter: { answers: '=' } },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.exception.error.fields)).toContain('filter.answers');
  });

  it('concurrent bulk moves of the same candidates keep the history consistent: nothing lost or duplicated', async () => {
    const { as, opening, stageId, applications } = await setup(20);
    const [applied, shortlisted, offered, rejected] = await Promise.all(
      ['Applied', 'Shortlisted', 'Offered', 'Rejected'].map(stageId),
    );
    const move = (toStageId: string, filter: Record<string, string>) =>
      as('owner', `${base}/moves`, { body: { openingId: opening.id, toStageId, filter } });
    const results = await Promise.all([
      move(shortlisted as string, { stageId: applied as string }),
      move(offered as string, { answers: 'years=0..19' }),
      move(rejected as string, { q: 'Student' }),
      move(shortlisted as string, { answers: 'track=be|fe' }),
    ]);
    for (const result of results) expect(result.status).toBe(200);
    for (const application of applications) {
      const history = await server.db
        .select()
        .from(stageMoves)
        .where(eq(stageMoves.applicationId, application.id))
        .orderBy(asc(stageMoves.at), asc(stageMoves.id));
      const [current] = await server.db
        .select({ stageId: applicationsTable.stageId })
        .from(applicationsTable)
        .where(eq(applicationsTable.id, application.id));
      // Each move leaves the stage the previous one entered; the last one names where the candidate is now.
      let at: string | null = applied as string;
      for (const step of history) {
        expect(step.fromStageId).toBe(at);
        expect(step.toStageId).not.toBe(step.fromStageId);
        at = step.toStageId;
      }
      expect(current?.stageId).toBe(at);
      // One history row per bulk move at most.
      expect(new Set(history.map((step) => step.bulkMoveId)).size).toBe(history.length);
    }
    const total = results.reduce((sum, result) => sum + result.body.result.data.moved, 0);
    const rows = await server.db
      .select({ id: stageMoves.id })
      .from(stageMoves)
      .innerJoin(applicationsTable, eq(applicationsTable.id, stageMoves.applicationId))
      .where(eq(applicationsTable.openingId, opening.id));
    expect(rows).toHaveLength(total);
  });
});

describe('exports', () => {
  it('the CSV carries the stage history summary, notes count and tags beside the stage and verified records', async () => {
    const { as, opening, applications, stageId } = await setup(2);
    const first = applications[0]?.id as string;
    await as('owner', `${base}/moves`, {
      body: { openingId: opening.id, toStageId: await stageId('Shortlisted'), applicationIds: [first] },
    });
    await as('owner', `${base}/notes`, { body: { openingId: opening.id, applicationId: first, body: 'One' } });
    await as('owner', `${base}/notes`, { body: { openingId: opening.id, applicationId: first, body: 'Two' } });
    const tagId = (await as('owner', `${base}/tags`, { body: { name: 'Referral' } })).body.result.data.id;
    await as('owner', `${base}/tags/apply`, {
      body: { openingId: opening.id, tagId, action: 'add', applicationIds: [first] },
    });
    const csv = await as('owner', `/api/organization/openings/id/applications/export?id=${opening.id}&format=csv`);
    expect(csv.status).toBe(200);
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const header = (lines[0] ?? '').split(',');
    for (const column of ['Stage', 'Stage history', 'Notes', 'Tags', 'Verified records']) {
      expect(header).toContain(column);
    }
    const row = lines.find((line) => line.startsWith(first))?.split(',') ?? [];
    const cell = (name: string) => row[header.indexOf(name)];
    const today = new Date().toISOString().slice(0, 10);
    expect(cell('Stage')).toBe('Shortlisted');
    expect(cell('Stage history')).toBe(`Applied → Shortlisted (${today})`);
    expect(cell('Notes')).toBe('2');
    expect(cell('Tags')).toBe('Referral');
    const other = lines.find((line) => line.startsWith(applications[1]?.id as string))?.split(',') ?? [];
    expect(other[header.indexOf('Notes')]).toBe('0');
    expect(other[header.indexOf('Stage history')]).toBe('');
  });
});
