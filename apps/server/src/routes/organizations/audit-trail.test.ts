import { type AuditEvent, ORGANIZATION_HEADER, type Pipeline, type RatingCriteria } from '@placely/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOpeningWithApplicants, seedOrganization, seedStudent } from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';
import { seedTeamTokens } from '../../test/organization-team';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const base = '/api/organization/shortlisting';

/** Issue 40: the owner reads "who moved whom" — every entry names its subject and its before → after in words. */
describe('the audit trail in words', () => {
  it('names the candidate, the stages, the criteria and the rubric items of every pipeline and review event', async () => {
    const org = await seedOrganization(server.db, { name: `Audit Org ${Math.random()}` });
    const asha = await seedStudent(server.db, { name: 'Asha Rao' });
    const ben = await seedStudent(server.db, { name: 'Ben Okafor' });
    const { opening, applications } = await seedOpeningWithApplicants(server.db, {
      organizationId: org.id,
      opening: { title: 'Data analyst 2026' },
      applicants: [asha, ben].map((s) => ({ userId: s.id, answers: { name: 'A', email: 'a@example.com' } })),
    });
    const { opening: other } = await seedOpeningWithApplicants(server.db, { organizationId: org.id });
    const tokens = await seedTeamTokens(server, org.id, opening.id, other.id);
    const [ashaApplication, benApplication] = applications;
    if (!ashaApplication || !benApplication) throw new Error('applications not seeded');
    const as = (who: 'owner' | 'coordinator', path: string, options: { method?: string; body?: unknown } = {}) =>
      server.call(path, {
        ...options,
        token: tokens[who],
        headers: who === 'coordinator' ? { [ORGANIZATION_HEADER]: String(org.id) } : {},
      });
    const ok = async (response: Promise<{ status: number; body: { result?: { data: unknown } } }>) => {
      const res = await response;
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.result?.data;
    };
    const pipeline = async () => (await ok(as('owner', `${base}/stages?openingId=${opening.id}`))) as Pipeline;
    const stageId = async (name: string) => (await pipeline()).stages.find((s) => s.name === name)?.id;

    // Stages: added, renamed with a new candidate label, reordered, candidates moved, one removed with a candidate.
    await ok(as('coordinator', `${base}/stages`, { body: { openingId: opening.id, name: 'Aptitude test' } }));
    await ok(as('coordinator', `${base}/stages`, { body: { openingId: opening.id, name: 'Interview' } }));
    const interview = await stageId('Interview');
    const aptitude = await stageId('Aptitude test');
    await ok(
      as('coordinator', `${base}/stages`, {
        method: 'PATCH',
        body: { openingId: opening.id, stageId: interview, name: 'Panel interview', candidateLabel: 'Interviewing' },
      }),
    );
    await ok(
      as('coordinator', `${base}/stages/order`, {
        method: 'PUT',
        body: { openingId: opening.id, stageIds: [interview, aptitude] },
      }),
    );
    await ok(
      as('coordinator', `${base}/moves`, {
        body: { openingId: opening.id, toStageId: interview, applicationIds: [ashaApplication.id] },
      }),
    );
    await ok(
      as('coordinator', `${base}/moves`, {
        body: { openingId: opening.id, toStageId: await stageId('Rejected'), applicationIds: [benApplication.id] },
      }),
    );
    await ok(
      as('coordinator', `${base}/stages?openingId=${opening.id}&stageId=${interview}&targetStageId=${aptitude}`, {
        method: 'DELETE',
      }),
    );
    await ok(
      as('coordinator', `${base}/settings`, {
        method: 'PATCH',
        body: { openingId: opening.id, rejectionsReleased: true },
      }),
    );

    // Criteria and ratings: the score itself is not in the trail (ratings are blind to those who have not rated).
    const added = (await ok(
      as('coordinator', `${base}/criteria`, { body: { openingId: opening.id, name: 'Communication' } }),
    )) as RatingCriteria;
    const communication = added.criteria.find((c) => c.name === 'Communication')?.id;
    await ok(
      as('coordinator', `${base}/criteria`, {
        method: 'PATCH',
        body: { openingId: opening.id, criterionId: communication, name: 'Clarity' },
      }),
    );
    const rating = { openingId: opening.id, applicationId: ashaApplication.id, criterionId: communication };
    await ok(as('coordinator', `${base}/ratings`, { method: 'PUT', body: { ...rating, score: 3 } }));
    await ok(as('coordinator', `${base}/ratings`, { method: 'PUT', body: { ...rating, score: 5 } }));
    await ok(
      as('coordinator', `${base}/criteria?openingId=${opening.id}&criterionId=${communication}`, { method: 'DELETE' }),
    );

    // Notes: added, edited, deleted.
    const note = (await ok(
      as('coordinator', `${base}/notes`, {
        body: { openingId: opening.id, applicationId: ashaApplication.id, body: 'Strong SQL' },
      }),
    )) as { id: string };
    await ok(
      as('coordinator', `${base}/notes`, {
        method: 'PATCH',
        body: { openingId: opening.id, noteId: note.id, body: 'Strong SQL and Python' },
      }),
    );
    await ok(as('coordinator', `${base}/notes?openingId=${opening.id}&noteId=${note.id}`, { method: 'DELETE' }));

    const trail = (await ok(as('owner', `/api/organization/activity?openingId=${opening.id}&limit=100`))) as {
      items: AuditEvent[];
    };
    // Entries of one transaction (a stage removed and the move of its candidates) share a time: compared unordered.
    const lines = trail.items.map((event) => event.summary).sort();
    const expected = [
      'Stage added: “Aptitude test”',
      'Stage added: “Interview”',
      'Stage changed: “Interview” → “Panel interview”, candidates see “Under review” → “Interviewing”',
      'Stages reordered: Applied, Shortlisted, Aptitude test, Panel interview, Offered, Hired, Rejected, Withdrawn → Applied, Shortlisted, Panel interview, Aptitude test, Offered, Hired, Rejected, Withdrawn',
      'Candidate moved: Asha Rao from “Applied” → “Panel interview”',
      'Candidate moved: Ben Okafor from “Applied” → “Rejected”',
      'Candidate moved: Asha Rao from “Panel interview” → “Aptitude test”',
      'Stage removed: “Panel interview”, its 1 candidate moved to “Aptitude test”',
      'Rejections released: 1 rejected candidate told',
      'Rating criterion added: “Communication”',
      'Rating criterion renamed: “Communication” → “Clarity”',
      'Candidate rated: Asha Rao on “Clarity”, first rating',
      'Candidate rated: Asha Rao on “Clarity”, rating changed',
      'Rating criterion removed: “Clarity”',
      'Note added: Asha Rao',
      'Note edited: Asha Rao',
      'Note deleted: Asha Rao',
    ];
    expect(lines).toEqual(expected.sort());
    const moved = trail.items.find((event) => event.kind === 'candidate.moved');
    expect(moved?.subject).toBe('Asha Rao');
    expect(moved?.actor?.name).toBe('Coordinator');
    // Holding rejections back again is recorded too; saving the same setting twice is not a change.
    await ok(
      as('owner', `${base}/settings`, { method: 'PATCH', body: { openingId: opening.id, rejectionsReleased: false } }),
    );
    await ok(
      as('owner', `${base}/settings`, { method: 'PATCH', body: { openingId: opening.id, rejectionsReleased: false } }),
    );
    const released = (await ok(as('owner', '/api/organization/activity?kind=rejections.released'))) as {
      items: AuditEvent[];
    };
    expect(released.items.map((event) => event.summary)).toEqual([
      'Rejections held back: candidates moved to Rejected are no longer told',
      'Rejections released: 1 rejected candidate told',
    ]);
  });
});
