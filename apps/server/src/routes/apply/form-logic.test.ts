import type { FormDefinition, OpeningInput } from '@placely/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationDrafts, applications } from '../../db/schema';
import { seedOpeningInput, seedOrganization, seedStudent } from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';

// Conditional logic on the server: the contract's rules decide what a submit, an edit and a draft keep.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const relocateForm: FormDefinition = {
  sections: [
    {
      id: 'you',
      title: 'You',
      fields: [
        { id: 'name', type: 'shortText', label: 'Full name', required: true },
        { id: 'relocate', type: 'yesNo', label: 'Willing to relocate', required: true },
        {
          id: 'city',
          type: 'shortText',
          label: 'Which city?',
          required: true,
          showWhen: { match: 'all', conditions: [{ questionId: 'relocate', operator: 'equals', value: true }] },
        },
      ],
    },
    {
      id: 'exp',
      title: 'Experience',
      showWhen: { match: 'any', conditions: [{ questionId: 'relocate', operator: 'equals', value: true }] },
      fields: [{ id: 'years', type: 'number', label: 'Years', required: true }],
    },
  ],
};

async function openingWith(form: FormDefinition, overrides: Partial<OpeningInput> = {}) {
  const org = await seedOrganization(server.db, { name: 'Logic Labs' });
  const token = await server.tokenFor(org.id);
  const created = await server.call('/api/organization/openings', {
    token,
    body: seedOpeningInput({ form, ...overrides }),
  });
  return { token, created };
}

async function student() {
  const user = await seedStudent(server.db, { name: 'Asha Verma' });
  return { user, token: await server.tokenFor(user.id) };
}

const apply = (token: string, openingId: string, answers: unknown) =>
  server.call('/api/placements/campus/apply', {
    token,
    body: { openingId, idempotencyKey: `key-${crypto.randomUUID()}`, answers },
  });

describe('forms with rules', () => {
  it('the builder refuses a rule pointing forward or at a deleted question, at the rule', async () => {
    const forward = structuredClone(relocateForm);
    (forward.sections[0]?.fields[0] as { showWhen?: unknown }).showWhen = {
      match: 'all',
      conditions: [{ questionId: 'city', operator: 'isAnswered' }],
    };
    const refused = await openingWith(forward);
    expect(refused.created.status).toBe(400);
    expect(refused.created.body.exception.error.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'form.sections.0.fields.0.showWhen.conditions.0.questionId',
          message: expect.stringMatching(/earlier questions/),
        }),
      ]),
    );
    const deleted = structuredClone(relocateForm);
    deleted.sections[0]?.fields.splice(1, 1);
    const gone = await openingWith(deleted);
    expect(gone.created.status).toBe(400);
    expect(gone.created.body.exception.error.fields[0].message).toMatch(/no longer in the form/);
  });

  it('a hidden required question does not block submit; a stale hidden answer is dropped and exports empty', async () => {
    const { token: orgToken, created } = await openingWith(relocateForm);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const openingId = created.body.result.data.id as string;
    const publicForm = await server.call(`/api/placements/campus/apply?openingId=${openingId}`);
    expect(publicForm.body.result.data.form).toEqual(relocateForm);

    const stays = await student();
    const submitted = await apply(stays.token, openingId, { name: 'Asha', relocate: false, city: 'Pune', years: null });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.result.data.answers).toEqual({ name: 'Asha', relocate: false });
    const [stored] = await server.db.select().from(applications).where(eq(applications.applicantId, stays.user.id));
    expect(stored?.answers).toEqual({ name: 'Asha', relocate: false });

    const moves = await student();
    const missing = await apply(moves.token, openingId, { name: 'Ravi', relocate: true, city: ' ' });
    expect(missing.status).toBe(400);
    expect(missing.body.exception.error.fields.map((f: { field: string }) => f.field)).toEqual([
      'answers.city',
      'answers.years',
    ]);
    const shown = await apply(moves.token, openingId, { name: 'Ravi', relocate: true, city: 'Delhi', years: 2 });
    expect(shown.status).toBe(200);
    expect(shown.body.result.data.answers).toEqual({ name: 'Ravi', relocate: true, city: 'Delhi', years: 2 });

    const csv = await server.call(`/api/organization/openings/id/applications/export?id=${openingId}&format=csv`, {
      token: orgToken,
    });
    expect(csv.status).toBe(200);
    const lines = (csv.body as string).split('\r\n');
    expect(lines[0]).toContain('Which city?');
    const ashaLine = lines.find((line) => line.includes('Asha')) ?? '';
    expect(ashaLine).not.toContain('Pune');
    expect(lines.find((line) => line.includes('Ravi'))).toContain('Delhi');

    // An edit that hides the question drops its answer too.
    const edited = await server.call('/api/placements/campus/apply', {
      token: moves.token,
      method: 'PUT',
      body: { applicationId: shown.body.result.data.id, answers: { name: 'Ravi', relocate: false, city: 'Delhi' } },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.result.data.answers).toEqual({ name: 'Ravi', relocate: false });
  });

  it('a draft keeps no answer of a question its answers hide', async () => {
    const { created } = await openingWith(relocateForm);
    const openingId = created.body.result.data.id as string;
    const { user, token } = await student();
    const saved = await server.call('/api/placements/campus/apply/draft', {
      token,
      method: 'PUT',
      body: { openingId, answers: { relocate: false, city: 'Pune', years: 3 } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [draft] = await server.db.select().from(applicationDrafts).where(eq(applicationDrafts.userId, user.id));
    expect(draft?.answers).toEqual({ relocate: false });
  });

  it('a form saved without rules opens and validates as before', async () => {
    const plain: FormDefinition = {
      sections: [{ id: 's1', title: '', fields: [{ id: 'q1', type: 'yesNo', label: 'Coming?', required: true }] }],
    };
    const { created } = await openingWith(plain);
    const openingId = created.body.result.data.id as string;
    expect((await server.call(`/api/placements/campus/apply?openingId=${openingId}`)).body.result.data.form).toEqual(
      plain,
    );
    const { token } = await student();
    const refused = await apply(token, openingId, { q1: null });
    expect(refused.body.exception.error.fields).toEqual([{ field: 'answers.q1', message: 'Choose yes or no' }]);
    expect((await apply(token, openingId, { q1: true })).body.result.data.answers).toEqual({ q1: true });
  });
});
