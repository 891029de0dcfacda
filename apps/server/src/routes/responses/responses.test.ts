import { type FormDefinition, OTHER_OPTION_ID } from '@placely/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileViews } from '../../db/schema';
import { seedOpeningInput, seedOrganization, seedStudent } from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** One question of every type, a repeatable group, and "Other" on the choices. */
const everyField: FormDefinition = {
  sections: [
    {
      id: 'one',
      title: 'About you',
      fields: [
        { id: 'name', type: 'shortText', label: 'Full name', required: true, autoFillKey: 'name' },
        { id: 'bio', type: 'paragraph', label: 'Bio', required: false },
        { id: 'cgpa', type: 'number', label: 'CGPA', required: true },
        { id: 'mail', type: 'email', label: 'Email', required: true },
        { id: 'tel', type: 'phone', label: 'Phone', required: false },
        { id: 'site', type: 'url', label: 'Website', required: false },
        { id: 'start', type: 'date', label: 'Start date', required: false },
      ],
    },
    {
      id: 'two',
      title: 'Choices',
      fields: [
        {
          id: 'track',
          type: 'singleChoice',
          label: 'Track',
          required: true,
          allowOther: true,
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
          allowOther: true,
          options: [
            { id: 'go', label: 'Go' },
            { id: 'ts', label: 'TypeScript' },
          ],
        },
        {
          id: 'city',
          type: 'dropdown',
          label: 'City',
          required: false,
          options: [
            { id: 'pune', label: 'Pune' },
            { id: 'blr', label: 'Bengaluru' },
          ],
        },
        { id: 'relocate', type: 'yesNo', label: 'Relocate?', required: false },
        { id: 'rate', type: 'linearScale', label: 'Confidence', required: false, scaleMin: 1, scaleMax: 5 },
        {
          id: 'cv',
          type: 'fileUpload',
          label: 'CV',
          required: false,
          acceptedTypes: ['application/pdf'],
          maxBytes: 1024 * 1024,
        },
        {
          id: 'jobs',
          type: 'repeatableGroup',
          label: 'Experience',
          required: false,
          fields: [
            { id: 'company', type: 'shortText', label: 'Company', required: true },
            { id: 'months', type: 'number', label: 'Months', required: false },
          ],
        },
      ],
    },
  ],
};

const pdf = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20)]);

async function uploadCv(token: string) {
  const response = await fetch(`${server.baseUrl}/api/files?purpose=application&name=My%20CV.pdf`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/octet-stream' },
    body: pdf(),
  });
  return ((await response.json()) as any).result.data.id as string;
}

async function setup() {
  const org = await seedOrganization(server.db, { name: 'Acme' });
  const token = await server.tokenFor(org.id);
  const created = await server.call('/api/organization/openings', {
    token,
    body: seedOpeningInput({ title: 'Platform intern', form: everyField }),
  });
  const openingId: string = created.body.result.data.id;
  const alice = await seedStudent(server.db, { name: 'Alice Rao' });
  const aliceToken = await server.tokenFor(alice.id);
  const cv = await uploadCv(aliceToken);
  const full = {
    name: 'Alice Rao',
    bio: 'Line one\nline "two", with comma',
    cgpa: 8.5,
    mail: 'alice@example.com',
    tel: '+91 98765 43210',
    site: 'https://alice.dev',
    start: '2026-07-01',
    track: { optionId: OTHER_OPTION_ID, otherText: 'Data' },
    langs: { optionIds: ['go', 'ts', OTHER_OPTION_ID], otherText: 'Rust' },
    city: { optionId: 'blr' },
    relocate: true,
    rate: 4,
    cv: { fileId: cv, name: 'x', size: 1, contentType: 'application/pdf' },
    jobs: [
      { company: 'Initech', months: 6 },
      { company: '=HYPERLINK("http://evil")', months: null },
    ],
  };
  const first = await server.call('/api/placements/campus/apply', {
    token: aliceToken,
    body: { openingId, idempotencyKey: `k-${crypto.randomUUID()}`, answers: full },
  });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const bob = await seedStudent(server.db, { name: 'Bob Das' });
  const bobToken = await server.tokenFor(bob.id);
  const minimal = { name: 'Bob Das', cgpa: 7, mail: 'bob@example.com', track: { optionId: 'be' } };
  const second = await server.call('/api/placements/campus/apply', {
    token: bobToken,
    body: { openingId, idempotencyKey: `k-${crypto.randomUUID()}`, answers: minimal },
  });
  expect(second.status).toBe(200);
  const edit = await server.call('/api/placements/campus/apply', {
    token: bobToken,
    method: 'PUT',
    body: { applicationId: second.body.result.data.id, answers: { ...minimal, cgpa: 7.2 } },
  });
  expect(edit.status).toBe(200);
  return {
    token,
    openingId,
    cv,
    alice: { user: alice, applicationId: first.body.result.data.id as string },
    bob: { user: bob, applicationId: second.body.result.data.id as string },
  };
}

/** Minimal RFC 4180 reader for the assertions. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\r' && text[i + 1] === '\n') {
      endField();
      rows.push(row);
      row = [];
      i++;
    } else field += c;
  }
  return rows;
}

describe('responses view', () => {
  it('401 signed out; another organization and a student get 404', async () => {
    const { openingId, alice } = await setup();
    const other = await server.tokenFor((await seedOrganization(server.db)).id);
    const studentToken = await server.tokenFor(alice.user.id);
    const paths = [
      `/api/organization/openings/id/applications?id=${openingId}`,
      `/api/organization/openings/id/applications/one?id=${openingId}&applicationId=${alice.applicationId}`,
      `/api/organization/openings/id/applications/export?id=${openingId}&format=csv`,
    ];
    for (const path of paths) {
      expect((await server.call(path)).status).toBe(401);
      expect((await server.call(path, { token: other })).status).toBe(404);
      expect((await server.call(path, { token: studentToken })).status).toBe(404);
    }
    const bad = await server.call(`/api/organization/openings/id/applications/export?id=${openingId}&format=pdf`, {
      token: other,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.exception.error.fields[0].field).toBe('format');
  });

  it('pages applications newest or oldest first, with the total and the forms they answered', async () => {
    const { token, openingId, alice, bob } = await setup();
    const newest = await server.call(`/api/organization/openings/id/applications?id=${openingId}&limit=1`, { token });
    expect(newest.status).toBe(200);
    const page = newest.body.result.data;
    expect(page.total).toBe(2);
    expect(page.items.map((a: { id: string }) => a.id)).toEqual([bob.applicationId]);
    expect(page.items[0]).toMatchObject({ applicant: { name: 'Bob Das' }, revision: 2, status: 'submitted' });
    expect(page.forms.map((f: { version: number }) => f.version)).toEqual([1]);
    const next = await server.call(
      `/api/organization/openings/id/applications?id=${openingId}&limit=1&cursor=${encodeURIComponent(page.nextCursor)}`,
      { token },
    );
    expect(next.body.result.data.items.map((a: { id: string }) => a.id)).toEqual([alice.applicationId]);
    expect(next.body.result.data.nextCursor).toBeNull();
    const oldest = await server.call(`/api/organization/openings/id/applications?id=${openingId}&order=oldest`, {
      token,
    });
    expect(oldest.body.result.data.items.map((a: { id: string }) => a.id)).toEqual([
      alice.applicationId,
      bob.applicationId,
    ]);
  });

  it('opens one application with every revision', async () => {
    const { token, openingId, bob } = await setup();
    const detail = await server.call(
      `/api/organization/openings/id/applications/one?id=${openingId}&applicationId=${bob.applicationId}`,
      { token },
    );
    expect(detail.status).toBe(200);
    expect(
      detail.body.result.data.revisions.map((r: { revision: number; answers: { cgpa: number } }) => [
        r.revision,
        r.answers.cgpa,
      ]),
    ).toEqual([
      [1, 7],
      [2, 7.2],
    ]);
    expect(detail.body.result.data.forms[0].definition.sections).toHaveLength(2);
  });

  it("lets the organization open an applicant's file, and nobody else", async () => {
    const { token, cv } = await setup();
    expect((await server.call(`/api/files/${cv}/link`, { token })).status).toBe(200);
    const other = await server.tokenFor((await seedOrganization(server.db)).id);
    expect((await server.call(`/api/files/${cv}/link`, { token: other })).status).toBe(403);
  });

  it("records an organization opening a candidate's resume as a resume view", async () => {
    const { token, openingId } = await setup();
    const student = await seedStudent(server.db, { name: 'Resume Person' });
    const studentToken = await server.tokenFor(student.id);
    const upload = await fetch(`${server.baseUrl}/api/files?purpose=resume&name=CV.pdf`, {
      method: 'POST',
      headers: { authorization: studentToken, 'content-type': 'application/octet-stream' },
      body: pdf(),
    });
    const fileId = ((await upload.json()) as any).result.data.id;
    const applied = await server.call('/api/placements/campus/apply', {
      token: studentToken,
      body: {
        openingId,
        idempotencyKey: `k-${crypto.randomUUID()}`,
        answers: {
          name: 'Resume Person',
          cgpa: 8,
          mail: 'r@example.com',
          track: { optionId: 'be' },
          cv: { fileId, name: 'CV.pdf', size: 2009, contentType: 'application/pdf' },
        },
      },
    });
    expect(applied.status).toBe(200);
    await server.call(`/api/files/${fileId}/link`, { token });
    await server.call(`/api/files/${fileId}/link`, { token });
    const views = await server.db.select().from(profileViews).where(eq(profileViews.ownerId, student.id));
    expect(views.map((v) => v.subject)).toEqual(['resume']);
  });

  it('exports every answer as CSV: labels, Other texts, multiple choices, repeatable rows, file links', async () => {
    const { token, openingId, alice, cv } = await setup();
    const response = await server.call(`/api/organization/openings/id/applications/export?id=${openingId}&format=csv`, {
      token,
    });
    expect(response.status).toBe(200);
    expect(response.response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.response.headers.get('x-total-rows')).toBe('2');
    expect(response.response.headers.get('content-disposition')).toMatch(/^attachment; filename\*=UTF-8''Platform/);
    // Decoding drops the byte-order mark, so look at the raw bytes for it.
    const raw = Buffer.from(
      await (
        await fetch(`${server.baseUrl}/api/organization/openings/id/applications/export?id=${openingId}&format=csv`, {
          headers: { authorization: token },
        })
      ).arrayBuffer(),
    );
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, aliceRow, bobRow] = parseCsv(response.body as string);
    const of = (row: string[] | undefined, column: string) => row?.[header?.indexOf(column) ?? -1];
    expect(header).toEqual(
      expect.arrayContaining([
        'Full name',
        'Track',
        'Track (Other)',
        'Languages',
        'Languages (Other)',
        'CV',
        'CV (link)',
        'Experience #1: Company',
        'Experience #2: Months',
      ]),
    );
    expect(of(aliceRow, 'Application ID')).toBe(alice.applicationId);
    expect(of(aliceRow, 'Bio')).toBe('Line one\nline "two", with comma');
    expect(of(aliceRow, 'CGPA')).toBe('8.5');
    expect(of(aliceRow, 'Start date')).toBe('2026-07-01');
    expect(of(aliceRow, 'Phone')).toBe("'+91 98765 43210");
    expect(of(aliceRow, 'Track')).toBe('Other');
    expect(of(aliceRow, 'Track (Other)')).toBe('Data');
    expect(of(aliceRow, 'Languages')).toBe('Go; TypeScript; Other');
    expect(of(aliceRow, 'Languages (Other)')).toBe('Rust');
    expect(of(aliceRow, 'City')).toBe('Bengaluru');
    expect(of(aliceRow, 'Relocate?')).toBe('Yes');
    expect(of(aliceRow, 'Confidence')).toBe('4');
    expect(of(aliceRow, 'CV')).toBe('My CV.pdf');
    expect(of(aliceRow, 'CV (link)')).toBe(
      `${server.baseUrl}/organization/openings?opening=${openingId}&application=${alice.applicationId}&file=${cv}`,
    );
    expect(of(aliceRow, 'Experience #1: Company')).toBe('Initech');
    expect(of(aliceRow, 'Experience #1: Months')).toBe('6');
    // Formula-looking text is defused.
    expect(of(aliceRow, 'Experience #2: Company')).toBe('\'=HYPERLINK("http://evil")');
    expect(of(bobRow, 'Edits')).toBe('1');
    expect(of(bobRow, 'CGPA')).toBe('7.2');
    expect(of(bobRow, 'Experience #1: Company')).toBe('');
  });

  it('exports the same as XLSX, with file links as hyperlinks', async () => {
    const { token, openingId } = await setup();
    const response = await fetch(
      `${server.baseUrl}/api/organization/openings/id/applications/export?id=${openingId}&format=xlsx`,
      { headers: { authorization: token } },
    );
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = (name: string) => header.indexOf(name) + 1;
    const alice = sheet.getRow(2);
    expect(alice.getCell(column('Languages')).value).toBe('Go; TypeScript; Other');
    expect(alice.getCell(column('CGPA')).value).toBe(8.5);
    expect(alice.getCell(column('Experience #2: Company')).value).toBe('=HYPERLINK("http://evil")');
    expect(alice.getCell(column('CV (link)')).hyperlink).toMatch(/\/organization\/openings\?opening=/);
    expect(sheet.rowCount).toBe(3);
  });
});
