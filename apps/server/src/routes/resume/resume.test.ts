import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, resumes } from '../../db/schema';
import { seedOrganization, seedStudent } from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const pdf = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');

async function uploadPdf(token: string, purpose = 'resume') {
  const response = await fetch(`${server.baseUrl}/api/files?purpose=${purpose}&name=cv.pdf`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/octet-stream' },
    body: pdf,
  });
  return ((await response.json()) as any).result.data.id as string;
}

describe('/api/resume', () => {
  it('401 signed out on every method', async () => {
    expect((await server.call('/api/resume')).status).toBe(401);
    expect((await server.call('/api/resume', { body: { fileId: crypto.randomUUID(), title: 'x' } })).status).toBe(401);
    expect((await server.call('/api/resume', { method: 'PATCH', body: { id: crypto.randomUUID() } })).status).toBe(401);
    expect((await server.call(`/api/resume?id=${crypto.randomUUID()}`, { method: 'DELETE' })).status).toBe(401);
  });

  it('adds resumes; the first is the default; one default at a time; delete promotes the newest', async () => {
    const student = await seedStudent(server.db);
    const token = await server.tokenFor(student.id);
    const first = await server.call('/api/resume', {
      token,
      body: { fileId: await uploadPdf(token), title: 'General' },
    });
    expect(first.status).toBe(200);
    expect(first.body.result.data.resumes).toEqual([expect.objectContaining({ title: 'General', isDefault: true })]);

    const second = await server.call('/api/resume', {
      token,
      body: { fileId: await uploadPdf(token), title: 'Data roles' },
    });
    const [general, data] = [
      second.body.result.data.resumes.find((r: any) => r.title === 'General'),
      second.body.result.data.resumes.find((r: any) => r.title === 'Data roles'),
    ];
    expect(general.isDefault).toBe(true);
    expect(data.isDefault).toBe(false);

    const switched = await server.call('/api/resume', {
      token,
      method: 'PATCH',
      body: { id: data.id, isDefault: true },
    });
    expect(switched.body.result.data.resumes[0]).toMatchObject({ id: data.id, isDefault: true });
    expect(switched.body.result.data.resumes.filter((r: any) => r.isDefault)).toHaveLength(1);

    const removed = await server.call(`/api/resume?id=${data.id}`, { token, method: 'DELETE' });
    expect(removed.body.result.data.resumes).toEqual([expect.objectContaining({ id: general.id, isDefault: true })]);
    expect(await server.db.select().from(files).where(eq(files.id, data.file.id))).toEqual([]);
  });

  it('names bad fields', async () => {
    const token = await server.tokenFor((await seedStudent(server.db)).id);
    const { status, body } = await server.call('/api/resume', { token, body: { fileId: 'nope', title: '' } });
    expect(status).toBe(400);
    expect(body.exception.error.fields.map((f: any) => f.field).sort()).toEqual(['fileId', 'title']);
  });

  it("another user's file or resume is unreachable, and stays unchanged", async () => {
    const owner = await seedStudent(server.db);
    const ownerToken = await server.tokenFor(owner.id);
    const fileId = await uploadPdf(ownerToken);
    const added = await server.call('/api/resume', { token: ownerToken, body: { fileId, title: 'Mine' } });
    const resumeId = added.body.result.data.resumes[0].id;

    const otherToken = await server.tokenFor((await seedStudent(server.db)).id);
    expect((await server.call('/api/resume', { token: otherToken, body: { fileId, title: 'Stolen' } })).status).toBe(
      404,
    );
    expect(
      (await server.call('/api/resume', { token: otherToken, method: 'PATCH', body: { id: resumeId, title: 'x' } }))
        .status,
    ).toBe(404);
    expect((await server.call(`/api/resume?id=${resumeId}`, { token: otherToken, method: 'DELETE' })).status).toBe(404);
    expect((await server.call('/api/resume', { token: otherToken })).body.result.data.resumes).toEqual([]);
    const [row] = await server.db.select().from(resumes).where(eq(resumes.id, resumeId));
    expect(row?.title).toBe('Mine');
  });

  it('an organization cannot keep resumes (403); a non-resume upload cannot become one (403)', async () => {
    const org = await seedOrganization(server.db);
    const orgToken = await server.tokenFor(org.id);
    const orgFile = await uploadPdf(orgToken);
    expect((await server.call('/api/resume', { token: orgToken, body: { fileId: orgFile, title: 'x' } })).status).toBe(
      403,
    );
    const token = await server.tokenFor((await seedStudent(server.db)).id);
    const other = await uploadPdf(token, 'application');
    expect((await server.call('/api/resume', { token, body: { fileId: other, title: 'x' } })).status).toBe(403);
  });

  it('generates a PDF from the profile that runs onto as many pages as it needs', async () => {
    expect((await server.call('/api/resume/generate', { body: {} })).status).toBe(401);
    const org = await server.tokenFor((await seedOrganization(server.db)).id);
    expect((await server.call('/api/resume/generate', { token: org, body: {} })).status).toBe(403);

    const token = await server.tokenFor((await seedStudent(server.db, { name: 'Long Profile' })).id);
    for (let n = 0; n < 25; n += 1) {
      await server.call('/api/individual/experience', {
        token,
        body: {
          organization: `Company ${n}`,
          title: 'Engineer',
          kind: 'full-time',
          startMonth: '2020-01',
          description: 'Designed, built and ran services. '.repeat(8),
        },
      });
    }
    const generated = await server.call('/api/resume/generate', { token, body: {} });
    expect(generated.status).toBe(200);
    const [resume] = generated.body.result.data.resumes;
    expect(resume).toMatchObject({
      isDefault: true,
      file: expect.objectContaining({ contentType: 'application/pdf' }),
    });
    expect(resume.title).toMatch(/^Generated from profile \(\d{4}-\d{2}-\d{2}\)$/);

    const link = await server.call(`/api/files/${resume.file.id}/link`, { token });
    const pdf = Buffer.from(await (await fetch(`${server.baseUrl}${link.body.result.data.url}`)).arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThan(1);
  });
});
