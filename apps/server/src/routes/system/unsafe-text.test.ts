import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUnsafeText } from '../../http/unsafe-text';
import { seedOpeningInput, seedOrganization, seedStudent } from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';

/**
 * PostgreSQL refuses NUL in text and lone UTF-16 surrogates in jsonb. The contract's strings refuse both, so every
 * route answers 400 naming the field instead of failing in the database (issue #10, defect 1).
 */
let server: TestServer;
let orgToken: string;
let studentToken: string;
let openingId: string;
beforeAll(async () => {
  server = await startTestServer();
  const org = await seedOrganization(server.db, { name: 'Acme Technologies' });
  const student = await seedStudent(server.db, { name: 'Asha Verma' });
  orgToken = await server.tokenFor(org.id);
  studentToken = await server.tokenFor(student.id);
  const created = await server.call('/api/organization/openings', { token: orgToken, body: seedOpeningInput() });
  expect(created.status).toBe(200);
  openingId = created.body.result.data.id;
});
afterAll(() => server?.close());

function expectRefused(result: { status: number; body: any }, field: string) {
  expect(result.status, JSON.stringify(result.body)).toBe(400);
  expect(result.body.status).toBe('error');
  expect(result.body.exception.error.code).toBe('VALIDATION_FAILED');
  expect(result.body.exception.error.fields.map((f: { field: string }) => f.field)).toContain(field);
}

describe('NUL and lone surrogates are refused by the contract, naming the field', () => {
  it('in public query strings', async () => {
    expectRefused(await server.call('/api/placements/campus/all/openings?q=%00'), 'q');
    expectRefused(await server.call('/api/institutions?search=%00'), 'search');
    // Percent-encoded UTF-8 cannot carry a lone surrogate (an invalid sequence decodes to U+FFFD), so that is fine.
    expect((await server.call('/api/placements/campus/all/openings?q=a%ED%A0%80')).status).toBe(200);
  });

  it('in JSON bodies', async () => {
    expectRefused(await server.call('/api/user/skills', { token: studentToken, body: { name: 'a\u0000b' } }), 'name');
    expectRefused(await server.call('/api/user/skills', { token: studentToken, body: '{"name":"a\\uD800b"}' }), 'name');
  });

  it('in values stored as JSON: auto-fill data, openings, drafts and answers', async () => {
    expectRefused(
      await server.call('/api/user/update/autoFillData', {
        token: studentToken,
        body: '{"autoFillData":{"location":"\\uD800"}}',
      }),
      'autoFillData.location',
    );
    const opening = seedOpeningInput({ title: 'Intern \uD800' });
    expectRefused(
      await server.call('/api/organization/openings/id', {
        token: orgToken,
        method: 'PUT',
        body: JSON.stringify({ id: openingId, opening }).replace('Intern \\ud800', 'Intern \\uD800'),
      }),
      'opening.title',
    );
    expectRefused(
      await server.call('/api/placements/campus/apply/draft', {
        token: studentToken,
        method: 'PUT',
        body: `{"openingId":"${openingId}","answers":{"why":"\\uDC00 half"}}`,
      }),
      'answers.why',
    );
    expectRefused(
      await server.call('/api/placements/campus/apply/draft', {
        token: studentToken,
        method: 'PUT',
        body: `{"openingId":"${openingId}","answers":{"wh\\u0000y":"x"}}`,
      }),
      'answers.wh\u0000y',
    );
    expectRefused(
      await server.call('/api/placements/campus/apply', {
        token: studentToken,
        body: `{"openingId":"${openingId}","idempotencyKey":"key-nul-1","answers":{"name":"A\\u0000","email":"a@example.com"}}`,
      }),
      'answers.name',
    );
  });

  it('keeps well-formed text, emoji included', async () => {
    const added = await server.call('/api/user/skills', { token: studentToken, body: { name: 'Go 🐹' } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
  });
});

describe('the server-side backstop', () => {
  it('finds unsafe text anywhere in a parsed value, keys included, and names its path', () => {
    expect(findUnsafeText({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe('a.1.c');
    expect(findUnsafeText({ 'k\uDFFF': 1 })).toBe('k\uDFFF');
    expect(findUnsafeText({ a: ['😀', { b: 'fine' }] })).toBeUndefined();
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeText(deep)).toMatch(/^0(\.0)*$/);
  });
});
