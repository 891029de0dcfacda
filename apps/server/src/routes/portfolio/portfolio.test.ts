import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganization, seedStudent } from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function studentWithPortfolio(visibility: 'public' | 'private' = 'public') {
  const student = await seedStudent(server.db);
  const token = await server.tokenFor(student.id);
  await server.call('/api/individual/projects', { token, body: { title: 'Campus map', technologies: ['React'] } });
  await server.call('/api/individual/experience', {
    token,
    body: { organization: 'Acme', title: 'Intern', kind: 'internship', startMonth: '2025-05' },
  });
  await server.call('/api/user/skills', { token, body: { name: 'Go' } });
  const created = await server.call('/api/individual/portfolios', {
    token,
    body: { title: 'Software', visibility, sections: ['skills', 'projects'] },
  });
  expect(created.status).toBe(200);
  return { student, token, portfolio: created.body.result.data.portfolios[0] };
}

describe('portfolios', () => {
  it('401 signed out for the owner calls', async () => {
    expect((await server.call('/api/individual/portfolios')).status).toBe(401);
    expect(
      (
        await server.call('/api/individual/portfolios', {
          body: { title: 'x', visibility: 'public', sections: ['skills'] },
        })
      ).status,
    ).toBe(401);
    expect((await server.call('/api/user/viewers')).status).toBe(401);
  });

  it('a public portfolio opens without signing in and shows only the chosen sections', async () => {
    const { portfolio } = await studentWithPortfolio();
    expect(portfolio.portfolioId).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(portfolio.sections).toEqual(['projects', 'skills']);
    const { status, body } = await server.call(`/api/individual/portfolio/id?portfolioId=${portfolio.portfolioId}`);
    expect(status).toBe(200);
    const view = body.result.data;
    expect(view.isOwner).toBe(false);
    expect(view.projects).toEqual([expect.objectContaining({ title: 'Campus map' })]);
    expect(view.skills).toEqual([expect.objectContaining({ name: 'Go' })]);
    expect(view.experience).toEqual([]);
    expect(view.person).not.toHaveProperty('email');
  });

  it("shows every chosen section's entries as the person's own lists show them, in the same order", async () => {
    const student = await seedStudent(server.db);
    const token = await server.tokenFor(student.id);
    const add = async (path: string, body: Record<string, unknown>) =>
      expect((await server.call(path, { token, body })).status).toBe(200);
    for (const [title, endMonth] of [
      ['Old map', '2023-01'],
      ['Ongoing', undefined],
      ['New map', '2025-06'],
    ] as const) {
      await add('/api/individual/projects', { title, technologies: ['React', 'Go'], startMonth: '2022-01', endMonth });
    }
    for (const [organization, startMonth] of [
      ['Acme', '2024-05'],
      ['Initech', '2025-05'],
    ]) {
      await add('/api/individual/experience', { organization, title: 'Intern', kind: 'internship', startMonth });
    }
    for (const name of ['Go', 'SQL', 'React']) await add('/api/user/skills', { name });
    const created = await server.call('/api/individual/portfolios', {
      token,
      body: {
        title: 'Everything',
        visibility: 'public',
        sections: ['education', 'experience', 'projects', 'skills', 'others', 'placements'],
      },
    });
    const { portfolioId } = created.body.result.data.portfolios[0];
    const view = (await server.call(`/api/individual/portfolio/id?portfolioId=${portfolioId}`)).body.result.data;
    const own = async (path: string) => (await server.call(path, { token })).body.result.data.entries;
    expect(view.projects).toEqual(await own('/api/individual/projects'));
    expect(view.projects.map((entry: { title: string }) => entry.title)).toEqual(['Ongoing', 'New map', 'Old map']);
    expect(view.experience).toEqual(await own('/api/individual/experience'));
    expect(view.skills).toEqual(await own('/api/user/skills'));
    expect(view.education).toEqual([]);
  });

  it("the sign-in response carries the caller's portfolios, and nobody else's", async () => {
    const { token, portfolio } = await studentWithPortfolio('private');
    const signedIn = await server.call('/api/user/signIn', { token, body: {} });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.result.portfolios).toEqual([
      { portfolioId: portfolio.portfolioId, title: 'Software', visibility: 'private', updatedAt: portfolio.updatedAt },
    ]);
    const other = await server.tokenFor((await seedStudent(server.db)).id);
    expect((await server.call('/api/user/signIn', { token: other, body: {} })).body.result.portfolios).toEqual([]);
  });

  it('a private portfolio is a 404 for everyone but its owner', async () => {
    const { token, portfolio } = await studentWithPortfolio('private');
    const path = `/api/individual/portfolio/id?portfolioId=${portfolio.portfolioId}`;
    expect((await server.call(path)).status).toBe(404);
    const other = await server.tokenFor((await seedStudent(server.db)).id);
    expect((await server.call(path, { token: other })).status).toBe(404);
    const own = await server.call(path, { token });
    expect(own.status).toBe(200);
    expect(own.body.result.data.isOwner).toBe(true);
  });

  it('regenerating the id retires the old link', async () => {
    const { token, portfolio } = await studentWithPortfolio();
    const renewed = await server.call('/api/individual/portfolios/regenerate', { token, body: { id: portfolio.id } });
    const fresh = renewed.body.result.data.portfolios[0].portfolioId;
    expect(fresh).not.toBe(portfolio.portfolioId);
    expect((await server.call(`/api/individual/portfolio/id?portfolioId=${portfolio.portfolioId}`)).status).toBe(404);
    expect((await server.call(`/api/individual/portfolio/id?portfolioId=${fresh}`)).status).toBe(200);
  });

  it("another person cannot change or delete someone's portfolio", async () => {
    const { token, portfolio } = await studentWithPortfolio();
    const other = await server.tokenFor((await seedStudent(server.db)).id);
    const body = { id: portfolio.id, portfolio: { title: 'Mine now', visibility: 'public', sections: ['skills'] } };
    expect((await server.call('/api/individual/portfolios', { token: other, method: 'PUT', body })).status).toBe(404);
    expect(
      (await server.call(`/api/individual/portfolios?id=${portfolio.id}`, { token: other, method: 'DELETE' })).status,
    ).toBe(404);
    expect(
      (await server.call('/api/individual/portfolios/regenerate', { token: other, body: { id: portfolio.id } })).status,
    ).toBe(404);
    const mine = await server.call('/api/individual/portfolios', { token });
    expect(mine.body.result.data.portfolios[0]).toMatchObject({
      title: 'Software',
      portfolioId: portfolio.portfolioId,
    });
  });

  it('names bad fields, and organizations cannot create portfolios', async () => {
    const token = await server.tokenFor((await seedStudent(server.db)).id);
    const bad = await server.call('/api/individual/portfolios', {
      token,
      body: { title: '', visibility: 'secret', sections: [] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.exception.error.fields.map((f: any) => f.field).sort()).toEqual([
      'sections',
      'title',
      'visibility',
    ]);
    const org = await server.tokenFor((await seedOrganization(server.db)).id);
    const refused = await server.call('/api/individual/portfolios', {
      token: org,
      body: { title: 'x', visibility: 'public', sections: ['skills'] },
    });
    expect(refused.status).toBe(403);
    expect((await server.call('/api/individual/portfolio/id?portfolioId=../etc')).status).toBe(400);
  });

  it('who viewed me: organizations by name (repeat views folded), anonymous counted, own views not recorded', async () => {
    const { token, portfolio } = await studentWithPortfolio();
    const path = `/api/individual/portfolio/id?portfolioId=${portfolio.portfolioId}`;
    const org = await seedOrganization(server.db, { name: 'Initech' });
    const orgToken = await server.tokenFor(org.id);
    await server.call(path, { token: orgToken });
    await server.call(path, { token: orgToken });
    await server.call(path);
    await server.call(path, { token });

    const { body } = await server.call('/api/user/viewers', { token });
    expect(body.result.data.total).toBe(1);
    expect(body.result.data.anonymousViews).toBe(1);
    expect(body.result.data.views).toEqual([
      expect.objectContaining({ subject: 'portfolio', portfolioTitle: 'Software' }),
    ]);
    expect(body.result.data.views[0].organizationName).toBeTruthy();
    const list = await server.call('/api/individual/portfolios', { token });
    expect(list.body.result.data.portfolios[0].viewCount).toBe(2);
  });

  it("the server's own first-view render does not count a view; the page's request does", async () => {
    const { token, portfolio } = await studentWithPortfolio();
    const path = `/api/individual/portfolio/id?portfolioId=${portfolio.portfolioId}`;
    const rendered = await server.call(path, { headers: { 'x-placely-render': 'server' } });
    expect(rendered.status).toBe(200);
    let viewers = await server.call('/api/user/viewers', { token });
    expect(viewers.body.result.data.anonymousViews).toBe(0);
    await server.call(path);
    viewers = await server.call('/api/user/viewers', { token });
    expect(viewers.body.result.data.anonymousViews).toBe(1);
  });

  it('the profile card (preskilet) shows public portfolios only', async () => {
    const { portfolio } = await studentWithPortfolio();
    const card = await server.call(`/api/user/preskilet?portfolioId=${portfolio.portfolioId}`);
    expect(card.status).toBe(200);
    expect(card.body.result.data).toMatchObject({ skills: ['Go'], portfolioId: portfolio.portfolioId });
    const hidden = await studentWithPortfolio('private');
    expect((await server.call(`/api/user/preskilet?portfolioId=${hidden.portfolio.portfolioId}`)).status).toBe(404);
  });

  it('the profile card shows skills only when that portfolio publishes them', async () => {
    const { token } = await studentWithPortfolio();
    const created = await server.call('/api/individual/portfolios', {
      token,
      body: { title: 'Projects only', visibility: 'public', sections: ['projects'] },
    });
    const projectsOnly = created.body.result.data.portfolios.find(
      (p: { title: string }) => p.title === 'Projects only',
    );
    const card = await server.call(`/api/user/preskilet?portfolioId=${projectsOnly.portfolioId}`);
    expect(card.status).toBe(200);
    expect(card.body.result.data.skills).toEqual([]);
  });
});
