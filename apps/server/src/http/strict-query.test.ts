import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganization } from '../seed/helpers';
import { startTestServer, type TestServer } from '../test/harness';
import { LOOSE_QUERY_ROUTES, refusesUnknownFields } from './strict-query';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const nameOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

describe('query strings (issue 39: unknown query parameters)', () => {
  it('every API route in the route table refuses query fields it does not name', () => {
    expect(server.routeTable.length).toBeGreaterThan(150);
    expect(server.routeTable.map(nameOf)).toContain('GET /api/organization/people');
    const loose = server.routeTable
      .filter((route) => !LOOSE_QUERY_ROUTES.has(nameOf(route)))
      .filter((route) => !refusesUnknownFields(route.querystring))
      .map(nameOf);
    expect(loose).toEqual([]);
    // The exceptions are real routes, each with its reason.
    for (const name of LOOSE_QUERY_ROUTES.keys()) expect(server.routeTable.map(nameOf)).toContain(name);
  });

  it('answers an unknown query field with 400 naming it, on every GET and DELETE route without path parameters', async () => {
    const organization = await seedOrganization(server.db);
    const token = await server.tokenFor(organization.id);
    const routes = server.routeTable.filter(
      (route) =>
        (route.method === 'GET' || route.method === 'DELETE') &&
        !route.url.includes(':') &&
        !route.url.includes('*') &&
        !LOOSE_QUERY_ROUTES.has(nameOf(route)),
    );
    expect(routes.length).toBeGreaterThan(60);
    const answered: string[] = [];
    for (const route of routes) {
      const { status, body } = await server.call(`${route.url}?placelyUnknown=1`, { method: route.method, token });
      const named = body?.exception?.error?.fields?.some(
        (field: { field: string; message: string }) =>
          field.field === 'placelyUnknown' && field.message === 'Unknown field',
      );
      if (status !== 400 || !named) answered.push(`${nameOf(route)} → ${status}`);
    }
    expect(answered).toEqual([]);
  });

  it('the team list takes its paging fields and nothing else', async () => {
    const organization = await seedOrganization(server.db);
    const token = await server.tokenFor(organization.id);
    const paged = await server.call('/api/organization/people?limit=1', { token });
    expect(paged.status).toBe(200);
    expect(paged.body.result.data.people).toHaveLength(1);
    const unknown = await server.call('/api/organization/people?size=1', { token });
    expect(unknown.status).toBe(400);
    expect(unknown.body.exception.error.fields).toEqual([{ field: 'size', message: 'Unknown field' }]);
  });
});
