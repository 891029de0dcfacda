import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ONE_SHOT_UPLOAD_MAX_BYTES, ORGANIZATION_HEADER } from '@placely/contract';
import { expect } from 'vitest';
import { seedOpeningWithApplicants, seedOrganization, seedStudent } from '../../seed/helpers';
import type { TestServer } from '../../test/harness';
import { seedTeamTokens } from '../../test/organization-team';

const run = promisify(execFile);

/** A 3-second WebM recorded by Chromium's MediaRecorder (fake camera): no duration in its header. */
export const recordedWebm = () => readFile(path.join(__dirname, '../../test/fixtures/recorded-3s.webm'));

/** A generated MP4 of the given length (ffmpeg from Debian's package, like ffprobe). */
export async function generatedMp4(seconds: number): Promise<Buffer> {
  const directory = await mkdtemp(path.join(tmpdir(), 'placely-video-'));
  const file = path.join(directory, 'clip.mp4');
  await run('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=64x48:rate=5`,
    '-c:v',
    'mpeg4',
    '-y',
    file,
  ]);
  return readFile(file);
}

const metadata = (entries: Record<string, string>) =>
  Object.entries(entries)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/** Uploads bytes as the person: one request up to 256 KB, tus above. Answers the status and the file id. */
export async function uploadAs(
  server: TestServer,
  token: string,
  bytes: Buffer,
  purpose: 'video' | 'videoPoster' | 'videoPromptImage' | 'videoPrompt' | 'videoCaptions' = 'video',
  name = 'answer.webm',
): Promise<{ status: number; fileId?: string; body?: unknown }> {
  if (bytes.length <= ONE_SHOT_UPLOAD_MAX_BYTES) {
    const response = await fetch(`${server.baseUrl}/api/files?purpose=${purpose}&name=${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', authorization: token },
      body: bytes,
    });
    const body = (await response.json()) as { result?: { data?: { id: string } } };
    return { status: response.status, fileId: body.result?.data?.id, body };
  }
  const tus = { authorization: token, 'tus-resumable': '1.0.0' };
  const created = await fetch(`${server.baseUrl}/api/uploads`, {
    method: 'POST',
    headers: {
      ...tus,
      'upload-length': String(bytes.length),
      'upload-metadata': metadata({ filename: name, purpose }),
    },
  });
  if (created.status !== 201) return { status: created.status, body: await created.text() };
  const location = created.headers.get('location') ?? '';
  const patched = await fetch(`${server.baseUrl}${location}`, {
    method: 'PATCH',
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: bytes,
  });
  return {
    status: patched.status,
    fileId: patched.headers.get('upload-file-id') ?? undefined,
    body: patched.status === 204 ? undefined : await patched.text(),
  };
}

/** An organization with a coordinator, a reviewer of this opening and one of another, applicants, a stranger. */
export async function videoSetup(server: TestServer) {
  const org = await seedOrganization(server.db, { name: `Video Org ${Math.random()}` });
  const candidate = await seedStudent(server.db, { name: 'Candidate One' });
  const applicant = await seedStudent(server.db, { name: 'Applicant Two' });
  const outsider = await seedStudent(server.db, { name: 'Not Invited' });
  const { opening, applications } = await seedOpeningWithApplicants(server.db, {
    organizationId: org.id,
    opening: { title: `Opening ${Math.random()}` },
    applicants: [candidate, applicant].map((s) => ({ userId: s.id, answers: { name: 'A', email: 'a@example.com' } })),
  });
  const { opening: other } = await seedOpeningWithApplicants(server.db, {
    organizationId: org.id,
    opening: { title: `Other ${Math.random()}` },
  });
  const team = await seedTeamTokens(server, org.id, opening.id, other.id);
  const tokens = {
    ...team,
    candidate: await server.tokenFor(candidate.id),
    applicant: await server.tokenFor(applicant.id),
    outsider: await server.tokenFor(outsider.id),
  };
  type Who = keyof typeof tokens | 'anon';
  const as = (who: Who, path: string, options: { method?: string; body?: unknown } = {}) =>
    server.call(path, {
      ...options,
      ...(who === 'anon' ? {} : { token: tokens[who] }),
      headers: ['coordinator', 'reviewer', 'elsewhere'].includes(who) ? { [ORGANIZATION_HEADER]: String(org.id) } : {},
    });
  return { org, opening, other, applications, candidate, applicant, outsider, tokens, as };
}
export type VideoSetup = Awaited<ReturnType<typeof videoSetup>>;

/** The candidate records (the Chromium fixture), attaches it as a take and submits; answers the answer id. */
export async function answerTask(
  server: TestServer,
  s: VideoSetup,
  who: 'candidate' | 'applicant',
  taskId: string,
  bytes?: Buffer,
) {
  const upload = await uploadAs(server, s.tokens[who], bytes ?? (await recordedWebm()));
  expect(upload.status).toBe(200);
  const take = await s.as(who, '/api/videoTask/take', {
    body: { taskId, fileId: upload.fileId, source: bytes ? 'upload' : 'recording' },
  });
  expect(take.status).toBe(200);
  const submitted = await s.as(who, '/api/videoTask/submit', { body: { taskId } });
  expect(submitted.status).toBe(200);
  return submitted.body.result.data.id as string;
}
