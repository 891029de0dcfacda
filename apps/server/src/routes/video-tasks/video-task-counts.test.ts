import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVideoInvitation, seedVideoTask } from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';
import { answerTask, videoSetup } from './video-test-support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('the task list counts (issue #40, defect 2)', () => {
  it('counts the invitations and the submitted answers of each task, not rows whose own id matches', async () => {
    const s = await videoSetup(server);
    const invitedTask = await seedVideoTask(server.db, { openingId: s.opening.id });
    const askedTask = await seedVideoTask(server.db, { openingId: s.opening.id, askAtApply: true });
    await seedVideoInvitation(server.db, invitedTask.id, s.candidate.id);
    await seedVideoInvitation(server.db, invitedTask.id, s.applicant.id);
    await answerTask(server, s, 'candidate', invitedTask.id);
    await answerTask(server, s, 'candidate', askedTask.id);
    await answerTask(server, s, 'applicant', askedTask.id);

    const list = await s.as('reviewer', `/api/organization/videoTasks?openingId=${s.opening.id}`);
    expect(list.status).toBe(200);
    const counts = Object.fromEntries(
      list.body.result.data.items.map((task: { id: string; invited: number; submitted: number }) => [
        task.id,
        [task.invited, task.submitted],
      ]),
    );
    expect(counts).toEqual({ [invitedTask.id]: [2, 1], [askedTask.id]: [0, 2] });
  });
});
