import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOpeningWithApplicants, seedOrganization } from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  const acme = await seedOrganization(server.db, { name: 'Acme Technologies', profile: { name: 'Acme Technologies' } });
  const globex = await seedOrganization(server.db, { name: 'Globex', profile: { name: 'Globex' } });
  await seedOpeningWithApplicants(server.db, { organizationId: acme.id, opening: { title: 'Backend Intern' } });
  await seedOpeningWithApplicants(server.db, {
    organizationId: globex.id,
    opening: { title: 'Data Analyst', kind: 'fullTime' },
  });
  await seedOpeningWithApplicants(server.db, {
    organizationId: acme.id,
    opening: { title: 'Draft role', status: 'draft' },
  });
  await seedOpeningWithApplicants(server.db, {
    organizationId: globex.id,
    opening: { title: 'Closed role', status: 'closed' },
  });
});
afterAll(() => server?.close());

const feed = async (query = '') => (await server.call(`/api/placements/campus/all/openings${query}`)).body.result.data;
const titles = (page: { items: Array<{ title: string }> }) => page.items.map((item) => item.title);

describe('GET /api/placements/campus/all/openings', () => {
  it('lists open openings to anyone, newest first, never drafts or closed ones', async () => {
    const page = await feed();
    expect(titles(page)).toEqual(['Data Analyst', 'Backend Intern']);
    expect(page.items[0]).toMatchObject({ organization: { name: 'Globex' }, kind: 'fullTime', applyMode: 'form' });
  });

  it('searches title and organization name, and filters by kind', async () => {
    expect(titles(await feed('?q=backend'))).toEqual(['Backend Intern']);
    expect(titles(await feed('?q=globex'))).toEqual(['Data Analyst']);
    expect(titles(await feed('?q=100%25'))).toEqual([]);
    expect(titles(await feed('?kind=internship'))).toEqual(['Backend Intern']);
  });

  it('pages with a cursor', async () => {
    const first = await feed('?limit=1');
    expect(titles(first)).toEqual(['Data Analyst']);
    const second = await feed(`?limit=1&cursor=${encodeURIComponent(first.nextCursor)}`);
    expect(titles(second)).toEqual(['Backend Intern']);
    expect(second.nextCursor).toBeNull();
  });

  it('names bad query fields', async () => {
    const { status, body } = await server.call('/api/placements/campus/all/openings?kind=gig&cursor=nope');
    expect(status).toBe(400);
    expect(body.exception.error.fields.map((field: { field: string }) => field.field)).toContain('kind');
    const cursor = await server.call('/api/placements/campus/all/openings?cursor=nope');
    expect(cursor.status).toBe(400);
    expect(cursor.body.exception.error.fields).toEqual([{ field: 'cursor', message: 'Not a valid cursor' }]);
  });
});
