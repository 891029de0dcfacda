import { FILE_RULES } from '@placely/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema';
import { seedOrganization, seedStudent } from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { captureLogs: true });
});
afterAll(() => server?.close());

export function pdfBytes(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj << /Type /Catalog >> endobj\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20), tail]);
}
const pngBytes = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

async function student() {
  const user = await seedStudent(server.db);
  return { user, token: await server.tokenFor(user.id) };
}

function upload(token: string | undefined, body: Buffer, query = 'purpose=resume&name=cv.pdf') {
  return fetch(`${server.baseUrl}/api/files?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', ...(token ? { authorization: token } : {}) },
    body,
  });
}

const tusHeaders = (token: string) => ({ authorization: token, 'tus-resumable': '1.0.0' });
const metadata = (entries: Record<string, string>) =>
  Object.entries(entries)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

async function tusCreate(token: string, size: number, meta: Record<string, string>) {
  return fetch(`${server.baseUrl}/api/uploads`, {
    method: 'POST',
    headers: { ...tusHeaders(token), 'upload-length': String(size), 'upload-metadata': metadata(meta) },
  });
}

async function tusPatch(token: string, location: string, offset: number, chunk: Buffer) {
  return fetch(`${server.baseUrl}${location}`, {
    method: 'PATCH',
    headers: {
      ...tusHeaders(token),
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    body: chunk,
  });
}

describe('one-request uploads (POST /api/files)', () => {
  it('401 signed out', async () => {
    const response = await upload(undefined, pdfBytes(1000));
    expect(response.status).toBe(401);
  });

  it('stores a PDF resume, recognised by its bytes, with a sanitized name', async () => {
    const { token } = await student();
    const response = await upload(
      token,
      pdfBytes(2000),
      `purpose=resume&name=${encodeURIComponent('../../etc/My CV.pdf')}`,
    );
    expect(response.status).toBe(200);
    const body: any = await response.json();
    expect(body.result.data).toMatchObject({
      name: 'My CV.pdf',
      contentType: 'application/pdf',
      size: 2000,
      purpose: 'resume',
    });
  });

  it('strips bidirectional control characters from names, in one request and through tus (issue #10, defect 8)', async () => {
    const { token } = await student();
    // "cv\u202Efdp.exe" shows as "cvexe.pdf": a right-to-left override disguising the real extension.
    const tricky = 'cv\u202Efdp.exe \u2066x\u2069\u200E\u200F\u061C.pdf';
    const response = await upload(token, pdfBytes(1000), `purpose=resume&name=${encodeURIComponent(tricky)}`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as any).result.data.name).toBe('cvfdp.exe x.pdf');
    const created = await tusCreate(token, 1000, { filename: tricky, purpose: 'resume' });
    const id = (created.headers.get('location') as string).split('/').pop() as string;
    const [row] = await server.db.select().from(files).where(eq(files.id, id));
    expect(row?.name).toBe('cvfdp.exe x.pdf');
  });

  it('415 when the content is not what the purpose accepts, whatever the name says', async () => {
    const { token } = await student();
    const response = await upload(token, pngBytes, 'purpose=resume&name=cv.pdf');
    expect(response.status).toBe(415);
    const body: any = await response.json();
    expect(body.exception.error.message).toBe('This file is not a PDF file.');
    const text = await upload(token, Buffer.from('just text, not a pdf'), 'purpose=application&name=a.pdf');
    expect(text.status).toBe(415);
  });

  it('names the bad query fields', async () => {
    const { token } = await student();
    const response = await upload(token, pdfBytes(100), 'purpose=selfie');
    expect(response.status).toBe(400);
    const body: any = await response.json();
    expect(body.exception.error.fields.map((field: { field: string }) => field.field).sort()).toEqual([
      'name',
      'purpose',
    ]);
  });

  it('413 for one-request uploads over 256 KB', async () => {
    const { token } = await student();
    const response = await upload(token, pdfBytes(300 * 1024));
    expect(response.status).toBe(413);
  });

  it('signed links download the bytes; other users get 404 and no link', async () => {
    const owner = await student();
    const stranger = await student();
    const bytes = pdfBytes(5000);
    const { result } = (await (await upload(owner.token, bytes)).json()) as any;
    const id = result.data.id;

    expect((await server.call(`/api/files/${id}`, { token: stranger.token })).status).toBe(404);
    expect((await server.call(`/api/files/${id}/link`, { token: stranger.token })).status).toBe(403);
    expect((await server.call(`/api/files/${id}/link`)).status).toBe(401);

    const link = await server.call(`/api/files/${id}/link`, { token: owner.token });
    expect(link.status).toBe(200);
    const download = await fetch(`${server.baseUrl}${link.body.result.data.url}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''cv.pdf");
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);

    const forged = await fetch(`${server.baseUrl}/api/files/download?token=not-a-token`);
    expect(forged.status).toBe(403);
  });
});

describe('public logos (GET /api/files/:id/public)', () => {
  async function organization() {
    const user = await seedOrganization(server.db, { name: 'Acme Technologies' });
    return { user, token: await server.tokenFor(user.id) };
  }
  const saveLogo = (token: string, logo: string | null) =>
    server.call('/api/organization/profile', { token, body: { profile: { name: 'Acme Technologies', logo } } });

  it('only organizations upload logos, in one request or through tus', async () => {
    const person = await student();
    const refused = await upload(person.token, pngBytes, 'purpose=logo&name=acme.png');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as any).exception.error.message).toBe('Only organizations can upload a logo.');
    const resumable = await tusCreate(person.token, 300 * 1024, { filename: 'logo.png', purpose: 'logo' });
    expect(resumable.status).toBe(403);
    const org = await organization();
    expect((await upload(org.token, pngBytes, 'purpose=logo&name=acme.png')).status).toBe(200);
  });

  it('serves a logo to anyone, cacheably, only while a profile uses it, and no other purpose', async () => {
    const org = await organization();
    const logo = (await (await upload(org.token, pngBytes, 'purpose=logo&name=acme.png')).json()) as any;
    const publicUrl = `${server.baseUrl}/api/files/${logo.result.data.id}/public`;
    expect((await fetch(publicUrl)).status).toBe(404);

    expect((await saveLogo(org.token, publicUrl)).status).toBe(200);
    const response = await fetch(publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await response.arrayBuffer()).equals(pngBytes)).toBe(true);

    // Another organization cannot point its profile at this file (and it does not become public for its sake).
    const other = await organization();
    const second = (await (await upload(org.token, pngBytes, 'purpose=logo&name=new.png')).json()) as any;
    const secondUrl = `${server.baseUrl}/api/files/${second.result.data.id}/public`;
    const attached = await saveLogo(other.token, secondUrl);
    expect(attached.status).toBe(400);
    expect(attached.body.exception.error.fields[0].field).toBe('profile.logo');
    expect((await fetch(secondUrl)).status).toBe(404);

    expect((await saveLogo(org.token, null)).status).toBe(200);
    expect((await fetch(publicUrl)).status).toBe(404);

    const resume = (await (await upload(org.token, pdfBytes(3000), 'purpose=application&name=a.pdf')).json()) as any;
    expect((await fetch(`${server.baseUrl}/api/files/${resume.result.data.id}/public`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/api/files/${crypto.randomUUID()}/public`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/api/files/not-an-id/public`)).status).toBe(400);
  });
});

describe('resumable uploads (tus at /api/uploads)', () => {
  it('401 without a token', async () => {
    const response = await fetch(`${server.baseUrl}/api/uploads`, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': '1000',
        'upload-metadata': metadata({ purpose: 'resume' }),
      },
    });
    expect(response.status).toBe(401);
  });

  it('uploads in chunks, resumes from the server offset, and checks the type at the end', async () => {
    const { token, user } = await student();
    const bytes = pdfBytes(2 * 1024 * 1024);
    const created = await tusCreate(token, bytes.length, { filename: 'big.pdf', purpose: 'resume' });
    expect(created.status).toBe(201);
    const location = created.headers.get('location') as string;
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
    const id = location.split('/').pop() as string;

    const first = await tusPatch(token, location, 0, bytes.subarray(0, 1024 * 1024));
    expect(first.status).toBe(204);
    // A dropped connection: ask the server where to go on.
    const head = await fetch(`${server.baseUrl}${location}`, { method: 'HEAD', headers: tusHeaders(token) });
    expect(head.headers.get('upload-offset')).toBe(String(1024 * 1024));
    const [uploading] = await server.db.select().from(files).where(eq(files.id, id));
    expect(uploading).toMatchObject({ status: 'uploading', ownerId: user.id });

    const second = await tusPatch(token, location, 1024 * 1024, bytes.subarray(1024 * 1024));
    expect(second.status).toBe(204);
    const stored = await server.call(`/api/files/${id}`, { token });
    expect(stored.body.result.data).toMatchObject({
      name: 'big.pdf',
      contentType: 'application/pdf',
      size: bytes.length,
    });
  });

  it("another user cannot continue or inspect someone's upload", async () => {
    const owner = await student();
    const stranger = await student();
    const created = await tusCreate(owner.token, 1000, { filename: 'x.pdf', purpose: 'resume' });
    const location = created.headers.get('location') as string;
    const patch = await tusPatch(stranger.token, location, 0, pdfBytes(1000));
    expect(patch.status).toBe(404);
    const head = await fetch(`${server.baseUrl}${location}`, { method: 'HEAD', headers: tusHeaders(stranger.token) });
    expect(head.status).toBe(404);
  });

  it('refuses an unknown purpose, an oversized file, and content of the wrong type', async () => {
    const { token } = await student();
    const unknown = await tusCreate(token, 1000, { filename: 'x', purpose: 'selfie' });
    expect(unknown.status).toBe(400);
    const tooBig = await tusCreate(token, FILE_RULES.resume.maxBytes + 1, { filename: 'x.pdf', purpose: 'resume' });
    expect(tooBig.status).toBe(413);

    const fake = Buffer.alloc(300 * 1024, 0x41);
    const created = await tusCreate(token, fake.length, { filename: 'fake.pdf', purpose: 'resume' });
    const location = created.headers.get('location') as string;
    const id = location.split('/').pop() as string;
    const done = await tusPatch(token, location, 0, fake);
    expect(done.status).toBe(415);
    expect(((await done.json()) as any).exception.error.message).toBe('This file is not a PDF file.');
    expect(await server.db.select().from(files).where(eq(files.id, id))).toEqual([]);
  });
});

describe('termination keeps finished files; a missing object is a 410 (issue #10, defect 2)', () => {
  async function finishedUpload(token: string) {
    const bytes = pdfBytes(300 * 1024);
    const created = await tusCreate(token, bytes.length, { filename: 'done.pdf', purpose: 'application' });
    const location = created.headers.get('location') as string;
    expect((await tusPatch(token, location, 0, bytes)).status).toBe(204);
    return { location, id: location.split('/').pop() as string, bytes };
  }

  it('DELETE /api/uploads/{id} on a finished file is refused and its bytes stay downloadable', async () => {
    const { token } = await student();
    const { location, id, bytes } = await finishedUpload(token);
    const terminated = await fetch(`${server.baseUrl}${location}`, { method: 'DELETE', headers: tusHeaders(token) });
    expect(terminated.status).toBe(409);
    expect(((await terminated.json()) as any).exception.error.code).toBe('CONFLICT');
    const [row] = await server.db.select().from(files).where(eq(files.id, id));
    expect(row?.status).toBe('ready');
    const link = await server.call(`/api/files/${id}/link`, { token });
    const download = await fetch(`${server.baseUrl}${link.body.result.data.url}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('DELETE /api/uploads/{id} on an unfinished upload removes its bytes and its row; not for someone else', async () => {
    const owner = await student();
    const stranger = await student();
    const created = await tusCreate(owner.token, 400 * 1024, { filename: 'half.pdf', purpose: 'application' });
    const location = created.headers.get('location') as string;
    const id = location.split('/').pop() as string;
    expect((await tusPatch(owner.token, location, 0, pdfBytes(400 * 1024).subarray(0, 100 * 1024))).status).toBe(204);
    const byStranger = await fetch(`${server.baseUrl}${location}`, {
      method: 'DELETE',
      headers: tusHeaders(stranger.token),
    });
    expect(byStranger.status).toBe(404);
    const terminated = await fetch(`${server.baseUrl}${location}`, {
      method: 'DELETE',
      headers: tusHeaders(owner.token),
    });
    expect(terminated.status).toBe(204);
    expect(await server.db.select().from(files).where(eq(files.id, id))).toEqual([]);
  });

  it('a file whose bytes vanished answers 410 with a message and logs an integrity error', async () => {
    const { token } = await student();
    const { id } = await finishedUpload(token);
    await server.ctx.storage.remove(id);
    const link = await server.call(`/api/files/${id}/link`, { token });
    const download = await fetch(`${server.baseUrl}${link.body.result.data.url}`);
    expect(download.status).toBe(410);
    const body = (await download.json()) as any;
    expect(body.exception.error).toMatchObject({ code: 'GONE' });
    expect(body.exception.error.message).toMatch(/no longer available/);
    const integrity = server.logs.map((line) => JSON.parse(line)).filter((entry) => entry.integrity === true);
    expect(integrity.length).toBeGreaterThan(0);
    expect(integrity.at(-1)).toMatchObject({ fileId: id, level: 50 });
    expect(JSON.stringify(integrity)).not.toContain('done.pdf');
  });
});
