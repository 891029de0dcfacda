import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { seedInstitution, seedStudent } from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
let iitd: Awaited<ReturnType<typeof seedInstitution>>;
beforeAll(async () => {
  server = await startTestServer();
  iitd = await seedInstitution(server.db, {
    name: 'IIT Delhi',
    city: 'New Delhi',
    domain: 'iitd.ac.in',
    website: 'https://home.iitd.ac.in',
  });
  await seedInstitution(server.db, { name: 'BITS Pilani', city: 'Pilani', domain: 'bits-pilani.ac.in' });
  await seedInstitution(server.db, { name: '100%_Real College', city: 'Pune' });
});
afterAll(() => server?.close());

describe('GET /api/institutions', () => {
  it('lists institutions by name', async () => {
    const { status, body } = await server.call('/api/institutions');
    expect(status).toBe(200);
    expect(body.result.data.map((item: { name: string }) => item.name)).toEqual([
      '100%_Real College',
      'BITS Pilani',
      'IIT Delhi',
    ]);
    expect(body.result.data[2]).toEqual({
      institutionId: iitd.id,
      name: 'IIT Delhi',
      city: 'New Delhi',
      website: 'https://home.iitd.ac.in',
      domain: 'iitd.ac.in',
    });
  });

  it('searches name, city and domain; LIKE wildcards are literal', async () => {
    const byCity = await server.call('/api/institutions?search=pilani');
    expect(byCity.body.result.data.map((item: { name: string }) => item.name)).toEqual(['BITS Pilani']);
    const wildcard = await server.call(`/api/institutions?search=${encodeURIComponent('%_')}`);
    expect(wildcard.body.result.data.map((item: { name: string }) => item.name)).toEqual(['100%_Real College']);
  });

  it('names a bad limit', async () => {
    const { status, body } = await server.call('/api/institutions?limit=1000');
    expect(status).toBe(400);
    expect(body.exception.error.fields[0].field).toBe('limit');
  });
});

describe('GET /api/institutionDetailsById', () => {
  it('answers a one-item list', async () => {
    const { body } = await server.call(`/api/institutionDetailsById?institutionId=${iitd.id}`);
    expect(body.result.data).toHaveLength(1);
    expect(body.result.data[0].name).toBe('IIT Delhi');
  });

  it('404 for an unknown id, 400 naming institutionId for a bad one', async () => {
    expect((await server.call('/api/institutionDetailsById?institutionId=999999')).status).toBe(404);
    const bad = await server.call('/api/institutionDetailsById?institutionId=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.exception.error.fields[0].field).toBe('institutionId');
  });
});

describe('POST /api/updateInstitutionId', () => {
  it('401 signed out', async () => {
    expect((await server.call('/api/updateInstitutionId', { body: { institutionId: iitd.id } })).status).toBe(401);
  });

  it('links and unlinks only the caller', async () => {
    const student = await seedStudent(server.db);
    const bystander = await seedStudent(server.db);
    const token = await server.tokenFor(student.id);
    const linked = await server.call('/api/updateInstitutionId', { token, body: { institutionId: iitd.id } });
    expect(linked.status).toBe(200);
    expect(linked.body.result.data.institutionId).toBe(iitd.id);
    const [other] = await server.db.select().from(users).where(eq(users.id, bystander.id));
    expect(other?.institutionId).toBeNull();
    const unlinked = await server.call('/api/updateInstitutionId', { token, body: { institutionId: null } });
    expect(unlinked.body.result.data.institutionId).toBeNull();
  });

  it('400 naming institutionId when it does not exist', async () => {
    const student = await seedStudent(server.db);
    const { status, body } = await server.call('/api/updateInstitutionId', {
      token: await server.tokenFor(student.id),
      body: { institutionId: 424242 },
    });
    expect(status).toBe(400);
    expect(body.exception.error.fields).toEqual([{ field: 'institutionId', message: 'No institution has this id.' }]);
  });
});
