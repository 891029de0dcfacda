import { EMPTY_ELIGIBILITY, type OpeningInput } from '@placely/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOpeningWithApplicants, seedOrganization, seedStudent } from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

function openingInput(overrides: Partial<OpeningInput> = {}): OpeningInput {
  return {
    title: 'Backend intern',
    kind: 'internship',
    description: 'Build APIs.',
    locations: ['Pune'],
    remote: false,
    compensation: { min: 20000, max: 30000, currency: 'INR', period: 'month' },
    openingsCount: 2,
    deadline: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    startDate: null,
    status: 'open',
    responseCap: null,
    eligibility: {
      ...EMPTY_ELIGIBILITY,
      minGrade: 7,
      allowedDegrees: [],
      allowedBranches: [],
      graduationYears: [2026],
      maxBacklogs: 0,
    },
    applyMode: 'form',
    externalLink: null,
    form: {
      sections: [
        {
          id: 's1',
          title: 'About you',
          fields: [{ id: 'name', type: 'shortText', label: 'Name', required: true, autoFillKey: 'name' }],
        },
      ],
    },
    ...overrides,
  };
}

async function organizationWithOpening() {
  const org = await seedOrganization(server.db);
  const token = await server.tokenFor(org.id);
  const created = await server.call('/api/organization/openings', { token, body: openingInput() });
  expect(created.status).toBe(200);
  return { org, token, opening: created.body.result.data };
}

describe('organization openings', () => {
  it('401 signed out', async () => {
    expect((await server.call('/api/organization/openings')).status).toBe(401);
    expect((await server.call('/api/organization/openings', { body: openingInput() })).status).toBe(401);
    expect((await server.call(`/api/organization/openings/id?id=${crypto.randomUUID()}`)).status).toBe(401);
    expect(
      (await server.call(`/api/organization/openings?id=${crypto.randomUUID()}`, { method: 'DELETE' })).status,
    ).toBe(401);
  });

  it('creates, lists, reads, updates with a new form version, and deletes', async () => {
    const { token, opening } = await organizationWithOpening();
    expect(opening).toMatchObject({
      title: 'Backend intern',
      formVersion: 1,
      applicationCount: 0,
      status: 'open',
      acceptingApplications: true,
    });
    expect(opening.abilities).toEqual({ update: true, delete: true, viewApplications: true, export: true });

    const list = await server.call('/api/organization/openings', { token });
    expect(list.body.result.data.items.map((o: { id: string }) => o.id)).toEqual([opening.id]);

    const one = await server.call(`/api/organization/openings/id?id=${opening.id}`, { token });
    expect(one.status).toBe(200);
    expect(one.body.result.data.form.sections[0].fields[0].id).toBe('name');

    const sameForm = await server.call('/api/organization/openings/id', {
      token,
      method: 'PUT',
      body: { id: opening.id, opening: openingInput({ title: 'Backend intern (2026)' }) },
    });
    expect(sameForm.body.result.data).toMatchObject({ title: 'Backend intern (2026)', formVersion: 1 });

    const changedForm = openingInput();
    changedForm.form?.sections[0]?.fields.push({ id: 'why', type: 'paragraph', label: 'Why us?', required: false });
    const updated = await server.call('/api/organization/openings/id', {
      token,
      method: 'PUT',
      body: { id: opening.id, opening: changedForm },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.result.data.formVersion).toBe(2);

    const deleted = await server.call(`/api/organization/openings?id=${opening.id}`, { token, method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect((await server.call('/api/organization/openings', { token })).body.result.data.items).toEqual([]);
    expect((await server.call(`/api/organization/openings/id?id=${opening.id}`, { token })).status).toBe(404);
  });

  it('a new opening without a status starts as a draft, and a change without one keeps the status (issue 40)', async () => {
    const org = await seedOrganization(server.db);
    const token = await server.tokenFor(org.id);
    const { status: _sent, ...withoutStatus } = openingInput();
    const created = await server.call('/api/organization/openings', { token, body: withoutStatus });
    expect(created.status).toBe(200);
    expect(created.body.result.data).toMatchObject({ status: 'draft', acceptingApplications: false });
    const id = created.body.result.data.id;
    // Not in the feed, and nobody can apply while it is a draft.
    const student = await seedStudent(server.db);
    const apply = await server.call('/api/placements/campus/apply', {
      token: await server.tokenFor(student.id),
      body: { openingId: id, idempotencyKey: `draft-${id}`, answers: { name: 'Asha' } },
    });
    expect(apply.status).not.toBe(200);

    // Publishing is explicit: the status sent (as clients that always send one do) is kept.
    const published = await server.call('/api/organization/openings/id', {
      token,
      method: 'PUT',
      body: { id, opening: { ...withoutStatus, status: 'open' } },
    });
    expect(published.body.result.data.status).toBe('open');
    const edited = await server.call('/api/organization/openings/id', {
      token,
      method: 'PUT',
      body: { id, opening: { ...withoutStatus, title: 'Backend intern 2' } },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.result.data).toMatchObject({ title: 'Backend intern 2', status: 'open' });
    // An explicit status still wins on create.
    expect(
      (await server.call('/api/organization/openings', { token, body: openingInput() })).body.result.data.status,
    ).toBe('open');
  });

  it('changes status and duplicates as a draft with the current form', async () => {
    const { token, opening } = await organizationWithOpening();
    const closed = await server.call('/api/organization/openings/id/status', {
      token,
      body: { id: opening.id, status: 'closed' },
    });
    expect(closed.body.result.data).toMatchObject({ status: 'closed', acceptingApplications: false });
    const copy = await server.call('/api/organization/openings/id/duplicate', { token, body: { id: opening.id } });
    expect(copy.status).toBe(200);
    expect(copy.body.result.data).toMatchObject({ title: 'Backend intern (copy)', status: 'draft', formVersion: 1 });
    expect(copy.body.result.data.id).not.toBe(opening.id);
    expect(copy.body.result.data.form).toEqual(opening.form);
    const other = await server.tokenFor((await seedOrganization(server.db)).id);
    expect(
      (
        await server.call('/api/organization/openings/id/status', {
          token: other,
          body: { id: opening.id, status: 'open' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await server.call('/api/organization/openings/id/duplicate', { token: other, body: { id: opening.id } })).status,
    ).toBe(404);
    expect(
      (await server.call(`/api/organization/openings/id?id=${opening.id}`, { token })).body.result.data.status,
    ).toBe('closed');
  });

  it('counts applications per opening (seedOpeningWithApplicants)', async () => {
    const org = await seedOrganization(server.db);
    const token = await server.tokenFor(org.id);
    const [a, b] = [await seedStudent(server.db), await seedStudent(server.db)];
    const applicants = [a, b].map((s) => ({ userId: s.id, answers: { name: s.name, email: s.email } }));
    const { opening } = await seedOpeningWithApplicants(server.db, { organizationId: org.id, applicants });
    const again = await seedOpeningWithApplicants(server.db, { organizationId: org.id, applicants });
    expect(again.opening.id).toBe(opening.id);
    expect(again.applications).toEqual([]);
    const list = await server.call('/api/organization/openings', { token });
    expect(list.body.result.data.items).toMatchObject([{ id: opening.id, applicationCount: 2 }]);
  });

  it('paginates the list with a cursor', async () => {
    const org = await seedOrganization(server.db);
    const token = await server.tokenFor(org.id);
    for (const title of ['A', 'B', 'C']) {
      await server.call('/api/organization/openings', { token, body: openingInput({ title }) });
    }
    const first = await server.call('/api/organization/openings?limit=2', { token });
    expect(first.body.result.data.items.map((o: { title: string }) => o.title)).toEqual(['C', 'B']);
    const cursor = encodeURIComponent(first.body.result.data.nextCursor);
    const second = await server.call(`/api/organization/openings?limit=2&cursor=${cursor}`, { token });
    expect(second.body.result.data.items.map((o: { title: string }) => o.title)).toEqual(['A']);
    expect(second.body.result.data.nextCursor).toBeNull();
  });

  it('another organization can neither read nor change an opening (404), and it stays unchanged', async () => {
    const { token, opening } = await organizationWithOpening();
    const other = await seedOrganization(server.db);
    const otherToken = await server.tokenFor(other.id);
    expect((await server.call(`/api/organization/openings/id?id=${opening.id}`, { token: otherToken })).status).toBe(
      404,
    );
    expect(
      (
        await server.call('/api/organization/openings/id', {
          token: otherToken,
          method: 'PUT',
          body: { id: opening.id, opening: openingInput({ title: 'Hijacked' }) },
        })
      ).status,
    ).toBe(404);
    expect(
      (await server.call(`/api/organization/openings?id=${opening.id}`, { token: otherToken, method: 'DELETE' }))
        .status,
    ).toBe(404);
    expect((await server.call('/api/organization/openings', { token: otherToken })).body.result.data.items).toEqual([]);
    const mine = await server.call(`/api/organization/openings/id?id=${opening.id}`, { token });
    expect(mine.body.result.data.title).toBe('Backend intern');
  });

  it('403 for an individual creating an opening', async () => {
    const student = await seedStudent(server.db);
    const token = await server.tokenFor(student.id);
    const created = await server.call('/api/organization/openings', { token, body: openingInput() });
    expect(created.status).toBe(403);
  });

  it('400 names the bad fields', async () => {
    const org = await seedOrganization(server.db);
    const token = await server.tokenFor(org.id);
    const bad = await server.call('/api/organization/openings', {
      token,
      body: openingInput({ title: '', applyMode: 'external', externalLink: null, deadline: 'tomorrow' }),
    });
    expect(bad.status).toBe(400);
    const fields = bad.body.exception.error.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['title', 'deadline']));
    const badForm = await server.call('/api/organization/openings', {
      token,
      body: openingInput({
        form: {
          sections: [
            {
              id: 's1',
              title: '',
              fields: [{ id: 'c', type: 'singleChoice', label: 'Pick', required: true, options: [] }],
            },
          ],
        },
      }),
    });
    expect(badForm.status).toBe(400);
    expect(badForm.body.exception.error.fields.map((f: { field: string }) => f.field)).toContain(
      'form.sections.0.fields.0.options',
    );
  });

  it('records external apply link clicks, signed in or not, only for open external openings', async () => {
    const org = await seedOrganization(server.db);
    const token = await server.tokenFor(org.id);
    const created = await server.call('/api/organization/openings', {
      token,
      body: openingInput({ applyMode: 'external', externalLink: 'https://jobs.example/apply/1', form: null }),
    });
    expect(created.status).toBe(200);
    const id = created.body.result.data.id;
    const anonymous = await server.call('/api/placements/campus/externalApplyLink', { body: { openingId: id } });
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.result.data.url).toBe('https://jobs.example/apply/1');
    const student = await server.tokenFor((await seedStudent(server.db)).id);
    const signedIn = await server.call('/api/placements/campus/externalApplyLink', {
      token: student,
      body: { openingId: id },
    });
    expect(signedIn.status).toBe(200);
    await server.call('/api/organization/openings/id/status', { token, body: { id, status: 'closed' } });
    expect((await server.call('/api/placements/campus/externalApplyLink', { body: { openingId: id } })).status).toBe(
      409,
    );
    const formOpening = await server.call('/api/organization/openings', { token, body: openingInput() });
    expect(
      (
        await server.call('/api/placements/campus/externalApplyLink', {
          body: { openingId: formOpening.body.result.data.id },
        })
      ).status,
    ).toBe(404);
    expect(
      (await server.call('/api/placements/campus/externalApplyLink', { body: { openingId: 'nope' } })).status,
    ).toBe(400);
  });
});
