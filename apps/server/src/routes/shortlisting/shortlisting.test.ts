import { ORGANIZATION_HEADER, type Pipeline, type Stage } from '@placely/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stageMoves } from '../../db/schema';
import { seedOpeningWithApplicants, seedOrganization, seedStudent } from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';
import { auditEventsOf, seedTeamTokens } from '../../test/organization-team';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const base = '/api/organization/shortlisting';

/** An organization with a coordinator, a reviewer of this opening, a reviewer of another, applicants. */
async function setup(applicantCount = 4) {
  const org = await seedOrganization(server.db, { name: `Org ${Math.random()}` });
  const students = [];
  for (let i = 0; i < applicantCount; i++) students.push(await seedStudent(server.db, { name: `Student ${i}` }));
  const { opening, applications } = await seedOpeningWithApplicants(server.db, {
    organizationId: org.id,
    opening: { title: `Opening ${Math.random()}` },
    applicants: students.map((s) => ({ userId: s.id, answers: { name: 'A', email: 'a@example.com' } })),
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
  const as = (who: keyof typeof tokens, path: string, options: { method?: string; body?: unknown } = {}) =>
    server.call(path, {
      ...options,
      token: tokens[who],
      headers:
        who === 'coordinator' || who === 'reviewer' || who === 'elsewhere'
          ? { [ORGANIZATION_HEADER]: String(org.id) }
          : {},
    });
  const pipeline = async (): Promise<Pipeline> =>
    (await as('owner', `${base}/stages?openingId=${opening.id}`)).body.result.data;
  const stage = async (name: string): Promise<Stage> => {
    const found = (await pipeline()).stages.find((s) => s.name === name);
    if (!found) throw new Error(`no stage ${name}`);
    return found;
  };
  return { org, opening, other, applications, students, tokens, as, pipeline, stage };
}

describe('pipeline stages', () => {
  it('every opening starts with the fixed stages, all its candidates in Applied', async () => {
    const { as, opening } = await setup(3);
    const res = await as('owner', `${base}/stages?openingId=${opening.id}`);
    expect(res.status).toBe(200);
    const data: Pipeline = res.body.result.data;
    expect(data.stages.map((s) => [s.name, s.kind, s.candidateLabel, s.count])).toEqual([
      ['Applied', 'applied', 'Applied', 3],
      ['Shortlisted', 'shortlisted', 'Under review', 0],
      ['Offered', 'offered', 'Offered', 0],
      ['Hired', 'hired', 'Hired', 0],
      ['Rejected', 'rejected', 'Not selected', 0],
      ['Withdrawn', 'withdrawn', 'Withdrawn', 0],
    ]);
    expect(data.rejectionsReleased).toBe(false);
    expect(data.abilities).toEqual({ move: true, manageStages: true });
  });

  it('reading: signed out 401, applicant and another organization 404, reviewer elsewhere 403, reviewer reads', async () => {
    const { as, opening } = await setup(1);
    const path = `${base}/stages?openingId=${opening.id}`;
    expect((await server.call(path)).status).toBe(401);
    expect((await as('applicant', path)).status).toBe(404);
    expect((await as('stranger', path)).status).toBe(404);
    expect((await as('elsewhere', path)).status).toBe(403);
    const reviewer = await as('reviewer', path);
    expect(reviewer.status).toBe(200);
    expect(reviewer.body.result.data.abilities).toEqual({ move: false, manageStages: false });
    expect((await as('coordinator', path)).body.result.data.abilities).toEqual({ move: true, manageStages: true });
    expect((await as('owner', `${base}/stages?openingId=nope`)).status).toBe(400);
  });

  it('adds, renames, reorders and removes custom stages; only owners and coordinators', async () => {
    const { as, opening, stage } = await setup(0);
    const add = (who: 'owner' | 'coordinator' | 'reviewer' | 'stranger' | 'applicant', name: string) =>
      as(who, `${base}/stages`, { body: { openingId: opening.id, name } });
    expect((await server.call(`${base}/stages`, { body: { openingId: opening.id, name: 'X' } })).status).toBe(401);
    expect((await add('reviewer', 'Aptitude test')).status).toBe(403);
    expect((await add('stranger', 'Aptitude test')).status).toBe(404);
    expect((await add('applicant', 'Aptitude test')).status).toBe(404);
    expect((await add('owner', 'Aptitude test')).status).toBe(200);
    const added = await add('coordinator', 'Interview 1');
    expect(added.status).toBe(200);
    expect(added.body.result.message).toBe('Stage added');
    expect(added.body.result.data.stages.map((s: Stage) => s.name)).toEqual([
      'Applied',
      'Shortlisted',
      'Aptitude test',
      'Interview 1',
      'Offered',
      'Hired',
      'Rejected',
      'Withdrawn',
    ]);
    const dup = await add('owner', 'interview 1');
    expect(dup.status).toBe(400);
    expect(dup.body.exception.error.fields[0].field).toBe('name');
    expect((await add('owner', '')).status).toBe(400);

    const interview = await stage('Interview 1');
    const aptitude = await stage('Aptitude test');
    const renamed = await as('owner', `${base}/stages`, {
      method: 'PATCH',
      body: { openingId: opening.id, stageId: interview.id, name: 'Interview', candidateLabel: 'Interviewing' },
    });
    expect(renamed.status).toBe(200);
    expect((await stage('Interview')).candidateLabel).toBe('Interviewing');
    expect(
      (
        await as('reviewer', `${base}/stages`, {
          method: 'PATCH',
          body: { openingId: opening.id, stageId: interview.id, name: 'Nope' },
        })
      ).status,
    ).toBe(403);

    const order = (who: 'owner' | 'reviewer', stageIds: string[]) =>
      as(who, `${base}/stages/order`, { method: 'PUT', body: { openingId: opening.id, stageIds } });
    expect((await order('reviewer', [interview.id, aptitude.id])).status).toBe(403);
    const bad = await order('owner', [interview.id]);
    expect(bad.status).toBe(400);
    expect(bad.body.exception.error.fields[0].field).toBe('stageIds');
    const reordered = await order('owner', [interview.id, aptitude.id]);
    expect(reordered.status).toBe(200);
    expect(reordered.body.result.data.stages.map((s: Stage) => s.name).slice(2, 4)).toEqual([
      'Interview',
      'Aptitude test',
    ]);

    const applied = await stage('Applied');
    const fixed = await as('owner', `${base}/stages?openingId=${opening.id}&stageId=${applied.id}`, {
      method: 'DELETE',
    });
    expect(fixed.status).toBe(400);
    expect(
      (await as('reviewer', `${base}/stages?openingId=${opening.id}&stageId=${aptitude.id}`, { method: 'DELETE' }))
        .status,
    ).toBe(403);
    const removed = await as('owner', `${base}/stages?openingId=${opening.id}&stageId=${aptitude.id}`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);
    expect(removed.body.result.data.stages.map((s: Stage) => [s.name, s.position])).toEqual([
      ['Applied', 0],
      ['Shortlisted', 1],
      ['Interview', 2],
      ['Offered', 3],
      ['Hired', 4],
      ['Rejected', 5],
      ['Withdrawn', 6],
    ]);
  });

  it('removing a stage that holds candidates needs a target; they move there with history', async () => {
    const { as, opening, stage, applications } = await setup(2);
    await as('owner', `${base}/stages`, { body: { openingId: opening.id, name: 'HR' } });
    const hr = await stage('HR');
    const ids = applications.map((a) => a.id);
    await as('owner', `${base}/moves`, { body: { openingId: opening.id, toStageId: hr.id, applicationIds: ids } });
    const noTarget = await as('owner', `${base}/stages?openingId=${opening.id}&stageId=${hr.id}`, { method: 'DELETE' });
    expect(noTarget.status).toBe(400);
    expect(noTarget.body.exception.error.fields[0].field).toBe('targetStageId');
    const shortlisted = await stage('Shortlisted');
    const done = await as(
      'owner',
      `${base}/stages?openingId=${opening.id}&stageId=${hr.id}&targetStageId=${shortlisted.id}`,
      { method: 'DELETE' },
    );
    expect(done.status).toBe(200);
    expect(done.body.result.data.stages.find((s: Stage) => s.name === 'Shortlisted').count).toBe(2);
    const history = await as('owner', `${base}/history?openingId=${opening.id}&applicationId=${ids[0]}`);
    expect(
      history.body.result.data.items.map((m: { fromStageName: string; toStageName: string }) => [
        m.fromStageName,
        m.toStageName,
      ]),
    ).toEqual([
      ['Applied', 'HR'],
      ['HR', 'Shortlisted'],
    ]);
    expect(history.body.result.data.items[1].reason).toBe('Stage "HR" removed');
  });
});

describe('moving candidates', () => {
  it('moves by ids and by filter, records history and the audit trail; the responses list filters by stage', async () => {
    const { as, opening, stage, applications, org } = await setup(4);
    const shortlisted = await stage('Shortlisted');
    const applied = await stage('Applied');
    const [first, second] = applications;
    const one = await as('coordinator', `${base}/moves`, {
      body: { openingId: opening.id, toStageId: shortlisted.id, applicationIds: [first?.id], reason: 'Strong CGPA' },
    });
    expect(one.status).toBe(200);
    expect(one.body.result.data.moved).toBe(1);
    expect(one.body.result.message).toBe('1 candidate moved');

    const rest = await as('owner', `${base}/moves`, {
      body: { openingId: opening.id, toStageId: shortlisted.id, filter: { stageId: applied.id } },
    });
    expect(rest.body.result.data.moved).toBe(3);
    expect((await stage('Shortlisted')).count).toBe(4);
    const again = await as('owner', `${base}/moves`, {
      body: { openingId: opening.id, toStageId: shortlisted.id, filter: {} },
    });
    expect(again.body.result.data).toEqual({ moved: 0, bulkMoveId: null });

    const list = await as(
      'owner',
      `/api/organization/openings/id/applications?id=${opening.id}&stageId=${shortlisted.id}`,
    );
    expect(list.status).toBe(200);
    expect(list.body.result.data.total).toBe(4);
    expect(list.body.result.data.items[0].stageId).toBe(shortlisted.id);
    const none = await as('owner', `/api/organization/openings/id/applications?id=${opening.id}&stageId=${applied.id}`);
    expect(none.body.result.data.total).toBe(0);

    const history = await as('reviewer', `${base}/history?openingId=${opening.id}&applicationId=${first?.id}`);
    expect(history.status).toBe(200);
    const [move] = history.body.result.data.items;
    expect(move).toMatchObject({
      fromStageName: 'Applied',
      toStageName: 'Shortlisted',
      reason: 'Strong CGPA',
      undo: false,
    });
    expect(move.by.name).toBe('Coordinator');
    const audit = await auditEventsOf(server.db, org.id, 'candidate.moved');
    expect(audit).toHaveLength(4);
    expect(audit.find((a) => a.applicationId === second?.id)?.details).toMatchObject({
      from: 'Applied',
      to: 'Shortlisted',
    });
  });

  it('authorizes moves: 401, applicant/other organization 404, reviewer 403; bad input 400', async () => {
    const { as, opening, stage, applications, other } = await setup(1);
    const shortlisted = await stage('Shortlisted');
    const body = { openingId: opening.id, toStageId: shortlisted.id, applicationIds: [applications[0]?.id] };
    expect((await server.call(`${base}/moves`, { body })).status).toBe(401);
    expect((await as('applicant', `${base}/moves`, { body })).status).toBe(404);
    expect((await as('stranger', `${base}/moves`, { body })).status).toBe(404);
    expect((await as('reviewer', `${base}/moves`, { body })).status).toBe(403);
    const both = await as('owner', `${base}/moves`, { body: { ...body, filter: {} } });
    expect(both.status).toBe(400);
    const foreignStage = await as('owner', `${base}/moves`, { body: { ...body, openingId: other.id } });
    expect(foreignStage.status).toBe(400);
    expect(foreignStage.body.exception.error.fields[0].field).toBe('toStageId');
    const unknown = await as('owner', `${base}/moves`, {
      body: { ...body, applicationIds: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(unknown.status).toBe(404);
    const history = `${base}/history?openingId=${opening.id}&applicationId=${applications[0]?.id}`;
    expect((await server.call(history)).status).toBe(401);
    expect((await as('stranger', history)).status).toBe(404);
    expect((await as('elsewhere', history)).status).toBe(403);
    expect(
      (await as('owner', `${base}/history?openingId=${other.id}&applicationId=${applications[0]?.id}`)).status,
    ).toBe(404);
  });

  it('concurrent bulk moves of the same candidates keep the history a single chain', async () => {
    const { as, opening, stage, applications } = await setup(12);
    await as('owner', `${base}/stages`, { body: { openingId: opening.id, name: 'Interview' } });
    const targets = [
      await stage('Shortlisted'),
      await stage('Interview'),
      await stage('Offered'),
      await stage('Rejected'),
    ];
    const ids = applications.map((a) => a.id);
    const results = await Promise.all(
      targets.flatMap((target) => [
        as('owner', `${base}/moves`, { body: { openingId: opening.id, toStageId: target.id, applicationIds: ids } }),
        as('coordinator', `${base}/moves`, { body: { openingId: opening.id, toStageId: target.id, filter: {} } }),
      ]),
    );
    for (const result of results) expect(result.status).toBe(200);
    const final = await as('owner', `/api/organization/openings/id/applications?id=${opening.id}&limit=100`);
    const finalStage = new Map<string, string>(
      final.body.result.data.items.map((a: { id: string; stageId: string }) => [a.id, a.stageId]),
    );
    for (const id of ids) {
      const moves = await server.db.select().from(stageMoves).where(eq(stageMoves.applicationId, id));
      moves.sort((a, b) => a.at.getTime() - b.at.getTime() || 0);
      // Each move starts where the previous one ended, none is a no-op, and the last one is where it stands.
      const applied = (await stage('Applied')).id;
      let at = applied;
      for (const move of moves) {
        expect(move.fromStageId).toBe(at);
        expect(move.toStageId).not.toBe(move.fromStageId);
        at = move.toStageId ?? '';
      }
      expect(finalStage.get(id)).toBe(at);
    }
    const pipeline = await as('owner', `${base}/stages?openingId=${opening.id}`);
    expect(pipeline.body.result.data.stages.reduce((n: number, s: Stage) => n + s.count, 0)).toBe(12);
  });

  it('a stage removed while candidates move into it loses nobody', async () => {
    const { as, opening, stage } = await setup(6);
    await as('owner', `${base}/stages`, { body: { openingId: opening.id, name: 'Panel' } });
    const panel = await stage('Panel');
    const shortlisted = await stage('Shortlisted');
    const [moved, removed] = await Promise.all([
      as('coordinator', `${base}/moves`, { body: { openingId: opening.id, toStageId: panel.id, filter: {} } }),
      as('owner', `${base}/stages?openingId=${opening.id}&stageId=${panel.id}&targetStageId=${shortlisted.id}`, {
        method: 'DELETE',
      }),
    ]);
    expect(removed.status).toBe(200);
    expect([200, 400]).toContain(moved.status);
    const stages: Stage[] = (await as('owner', `${base}/stages?openingId=${opening.id}`)).body.result.data.stages;
    expect(stages.some((s) => s.name === 'Panel')).toBe(false);
    expect(stages.reduce((n, s) => n + s.count, 0)).toBe(6);
    expect(stages.find((s) => s.name === 'Shortlisted')?.count).toBe(moved.status === 200 ? 6 : 0);
  });

  it('undoes only the latest move, once, and records the undo in the history', async () => {
    const { as, opening, stage, applications } = await setup(3);
    const shortlisted = await stage('Shortlisted');
    const rejected = await stage('Rejected');
    const ids = applications.map((a) => a.id);
    const first = await as('owner', `${base}/moves`, {
      body: { openingId: opening.id, toStageId: shortlisted.id, applicationIds: ids },
    });
    const second = await as('owner', `${base}/moves`, {
      body: { openingId: opening.id, toStageId: rejected.id, applicationIds: ids.slice(0, 2) },
    });
    const undoFirst = await as('owner', `${base}/moves/undo`, {
      body: { openingId: opening.id, bulkMoveId: first.body.result.data.bulkMoveId },
    });
    expect(undoFirst.status).toBe(409);
    const body = { openingId: opening.id, bulkMoveId: second.body.result.data.bulkMoveId };
    expect((await server.call(`${base}/moves/undo`, { body })).status).toBe(401);
    expect((await as('reviewer', `${base}/moves/undo`, { body })).status).toBe(403);
    expect((await as('stranger', `${base}/moves/undo`, { body })).status).toBe(404);
    const undone = await as('coordinator', `${base}/moves/undo`, { body });
    expect(undone.status).toBe(200);
    expect(undone.body.result.data.restored).toBe(2);
    expect((await stage('Shortlisted')).count).toBe(3);
    expect((await as('owner', `${base}/moves/undo`, { body })).status).toBe(409);
    const history = await as('owner', `${base}/history?openingId=${opening.id}&applicationId=${ids[0]}`);
    expect(
      history.body.result.data.items.map((m: { toStageName: string; undo: boolean }) => [m.toStageName, m.undo]),
    ).toEqual([
      ['Shortlisted', false],
      ['Rejected', false],
      ['Shortlisted', true],
    ]);

    // An older move cannot be undone once another followed it.
    const offered = await stage('Offered');
    const third = await as('owner', `${base}/moves`, {
      body: { openingId: opening.id, toStageId: offered.id, applicationIds: ids },
    });
    await as('owner', `${base}/moves`, {
      body: { openingId: opening.id, toStageId: rejected.id, applicationIds: [ids[0]] },
    });
    const stale = await as('owner', `${base}/moves/undo`, {
      body: { openingId: opening.id, bulkMoveId: third.body.result.data.bulkMoveId },
    });
    expect(stale.status).toBe(409);
  });
});

describe('documentation', () => {
  it('lists every pipeline route in OpenAPI', async () => {
    const { body } = await server.call('/api/docs/json');
    for (const path of ['stages', 'stages/order', 'settings', 'moves', 'moves/undo', 'history']) {
      expect(Object.keys(body.paths)).toContain(`${base}/${path}`);
    }
  });
});

describe('what the applicant sees', () => {
  it('shows the candidate-facing label on /forms and the form; rejections only once released', async () => {
    const { as, opening, stage, applications, tokens } = await setup(1);
    const mine = async () =>
      (await server.call('/api/placements/campus/applications', { token: tokens.applicant })).body.result.data.items[0];
    const form = async () =>
      (await server.call(`/api/placements/campus/apply?openingId=${opening.id}`, { token: tokens.applicant })).body
        .result.data.viewer;
    expect((await mine()).stageLabel).toBe('Applied');
    const custom = await as('owner', `${base}/stages`, { body: { openingId: opening.id, name: 'Aptitude test' } });
    expect(custom.status).toBe(200);
    const aptitude = await stage('Aptitude test');
    await as('owner', `${base}/moves`, {
      body: { openingId: opening.id, toStageId: aptitude.id, applicationIds: [applications[0]?.id] },
    });
    expect((await mine()).stageLabel).toBe('Under review');
    expect((await form()).stageLabel).toBe('Under review');
    await as('owner', `${base}/moves`, {
      body: { openingId: opening.id, toStageId: (await stage('Rejected')).id, applicationIds: [applications[0]?.id] },
    });
    expect((await mine()).stageLabel).toBe('Under review');
    expect(
      (
        await as('reviewer', `${base}/settings`, {
          method: 'PATCH',
          body: { openingId: opening.id, rejectionsReleased: true },
        })
      ).status,
    ).toBe(403);
    const released = await as('owner', `${base}/settings`, {
      method: 'PATCH',
      body: { openingId: opening.id, rejectionsReleased: true },
    });
    expect(released.status).toBe(200);
    expect(released.body.result.data.rejectionsReleased).toBe(true);
    expect((await mine()).stageLabel).toBe('Not selected');
    expect((await form()).stageLabel).toBe('Not selected');
  });
});
