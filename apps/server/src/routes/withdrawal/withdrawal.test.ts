import { ORGANIZATION_HEADER, type Pipeline } from '@placely/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, stageMoves } from '../../db/schema';
import { seedOpeningWithApplicants, seedOrganization, seedStudent } from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';
import { auditEventsOf, seedTeamTokens } from '../../test/organization-team';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('a candidate withdraws their application', () => {
  it('moves it to Withdrawn with the reason, tells the organization and its coordinator, and is final', async () => {
    const org = await seedOrganization(server.db, { name: 'Withdraw Co' });
    const asha = await seedStudent(server.db, { name: 'Asha Verma' });
    const ravi = await seedStudent(server.db, { name: 'Ravi Kumar' });
    const { opening, applications } = await seedOpeningWithApplicants(server.db, {
      organizationId: org.id,
      opening: { title: 'Analyst' },
      applicants: [asha, ravi].map((s, i) => ({ userId: s.id, answers: { name: s.name, email: `w${i}@example.com` } })),
    });
    const { opening: other } = await seedOpeningWithApplicants(server.db, { organizationId: org.id, opening: {} });
    const team = await seedTeamTokens(server, org.id, opening.id, other.id);
    const ashaToken = await server.tokenFor(asha.id);
    const raviToken = await server.tokenFor(ravi.id);
    const applicationId = applications[0]?.id as string;
    const path = '/api/placements/campus/withdraw';

    expect((await server.call(path, { body: { applicationId } })).status).toBe(401);
    // Someone else's application is not found for them, and neither is the organization's own view of it.
    expect((await server.call(path, { token: raviToken, body: { applicationId } })).status).toBe(404);
    expect((await server.call(path, { token: team.owner, body: { applicationId } })).status).toBe(404);
    const tooLong = await server.call(path, { token: ashaToken, body: { applicationId, reason: 'x'.repeat(501) } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.exception.error.message).toContain('reason');

    const withdrawn = await server.call(path, {
      token: ashaToken,
      body: { applicationId, reason: 'Took another offer' },
    });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.result.data).toEqual({ id: applicationId, status: 'withdrawn' });

    const pipeline: Pipeline = (
      await server.call(`/api/organization/shortlisting/stages?openingId=${opening.id}`, { token: team.owner })
    ).body.result.data;
    expect(pipeline.stages.find((stage) => stage.kind === 'withdrawn')?.count).toBe(1);
    const [move] = await server.db.select().from(stageMoves).where(eq(stageMoves.applicationId, applicationId));
    expect(move).toMatchObject({ toStageName: 'Withdrawn', reason: 'Took another offer', actorId: asha.id });
    const [audit] = await auditEventsOf(server.db, org.id, 'candidate.withdrew');
    expect(audit?.details).toMatchObject({ reason: 'Took another offer', from: 'Applied' });

    const told = await server.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'application.withdrawn')));
    const recipients = told.filter((row) => row.link.includes(applicationId)).map((row) => row.recipientId);
    expect(recipients).toContain(org.id);
    const inbox = await server.call('/api/notifications', {
      token: team.coordinator,
      headers: { [ORGANIZATION_HEADER]: String(org.id) },
    });
    expect(inbox.body.result.data.items[0]).toMatchObject({
      kind: 'application.withdrawn',
      body: 'Asha Verma withdrew their application to "Analyst". Reason: Took another offer',
    });

    const mine = await server.call('/api/placements/campus/applications', { token: ashaToken });
    expect(mine.body.result.data.items[0]).toMatchObject({ status: 'withdrawn', stageLabel: 'Withdrawn' });
    const again = await server.call(path, { token: ashaToken, body: { applicationId } });
    expect(again.status).toBe(409);
  });
});
