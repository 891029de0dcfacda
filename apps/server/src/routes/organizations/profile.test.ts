import { ORGANIZATION_DELETED_MESSAGE, ORGANIZATION_HEADER, type OrganizationRole } from '@placely/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, openings, organizationMembers, organizations } from '../../db/schema';
import {
  seedEmail,
  seedNewUser,
  seedOpeningWithApplicants,
  seedOrganization,
  seedOrganizationMember,
  seedStudent,
} from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';
import { auditEventsOf } from '../../test/organization-team';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const unique = (label: string) => seedEmail(`${label}-${Math.random().toString(36).slice(2, 10)}`);

function actingFor(organizationId: number | null, token: string | undefined) {
  const headers: Record<string, string> =
    organizationId === null ? {} : { [ORGANIZATION_HEADER]: String(organizationId) };
  return (path: string, options: { method?: string; body?: unknown } = {}) =>
    server.call(path, { ...options, token, headers });
}

/** An organization with an owner who is a person (not the organization account), a coordinator and a reviewer. */
async function team(name = `Team ${Math.random().toString(36).slice(2, 8)}`) {
  const org = await seedOrganization(server.db, { name });
  const person = async (role: OrganizationRole, openingIds?: string[]) => {
    const user = await seedNewUser(server.db, { email: unique(role) });
    await seedOrganizationMember(server.db, { organizationId: org.id, userId: user.id, role, openingIds });
    return { user, token: await server.tokenFor(user.id) };
  };
  const alpha = await seedOpeningWithApplicants(server.db, {
    organizationId: org.id,
    opening: { title: 'Alpha Analyst' },
  });
  const beta = await seedOpeningWithApplicants(server.db, {
    organizationId: org.id,
    opening: { title: 'Beta 100%_x' },
  });
  return {
    org,
    name,
    alpha: alpha.opening,
    beta: beta.opening,
    accountToken: await server.tokenFor(org.id),
    owner: await person('owner'),
    coordinator: await person('coordinator'),
    reviewer: await person('reviewer', [alpha.opening.id]),
  };
}

const profileBody = (name: string) => ({ profile: { name, about: 'We hire.', locations: ['Pune'] } });

describe('the organization profile, acting for a team', () => {
  it('an owner acting for the organization reads and edits its profile; the edit is in the audit trail', async () => {
    const t = await team();
    const call = actingFor(t.org.id, t.owner.token);
    const read = await call('/api/organization/profile');
    expect(read.status).toBe(200);
    expect(read.body.result.data).toMatchObject({
      organizationId: t.org.id,
      name: t.name,
      abilities: { edit: true, delete: true },
    });
    const saved = await call('/api/organization/profile', { body: profileBody('Renamed Co') });
    expect(saved.status).toBe(200);
    expect(saved.body.result.data.organization.profile).toMatchObject({ name: 'Renamed Co', about: 'We hire.' });
    // The caller's own profile is not touched.
    expect(saved.body.result.data.profileDetails.organization).toBeNull();
    const again = await actingFor(t.org.id, t.coordinator.token)('/api/organization/profile');
    expect(again.body.result.data.name).toBe('Renamed Co');
    const events = await auditEventsOf(server.db, t.org.id, 'organization.profileEdited');
    expect(events).toHaveLength(1);
    expect(events[0]?.actorUserId).toBe(t.owner.user.id);
    expect(String(events[0]?.details.fields)).toContain('name');
  });

  it('coordinators and reviewers read it (no abilities) and are refused edits (403)', async () => {
    const t = await team();
    for (const member of [t.coordinator, t.reviewer]) {
      const call = actingFor(t.org.id, member.token);
      const read = await call('/api/organization/profile');
      expect(read.status).toBe(200);
      expect(read.body.result.data.abilities).toEqual({ edit: false, delete: false });
      const edit = await call('/api/organization/profile', { body: profileBody('Hijacked') });
      expect(edit.status).toBe(403);
      expect(edit.body.exception.error.message).toBe("Only owners can change the organization's profile.");
      const remove = await server.call(`/api/organization?name=${encodeURIComponent(t.name)}`, {
        method: 'DELETE',
        token: member.token,
        headers: { [ORGANIZATION_HEADER]: String(t.org.id) },
      });
      expect(remove.status).toBe(403);
    }
  });

  it("another organization's owner is refused (403), signed out is 401, an individual without a team 403", async () => {
    const t = await team();
    const other = await seedOrganization(server.db, { name: 'Other Co' });
    const otherToken = await server.tokenFor(other.id);
    expect((await actingFor(t.org.id, otherToken)('/api/organization/profile')).status).toBe(403);
    expect(
      (await actingFor(t.org.id, otherToken)('/api/organization/profile', { body: profileBody('Mine now') })).status,
    ).toBe(403);
    expect((await actingFor(t.org.id, undefined)('/api/organization/profile')).status).toBe(401);
    expect((await actingFor(t.org.id, undefined)('/api/organization/profile', { body: profileBody('X') })).status).toBe(
      401,
    );
    const student = await seedStudent(server.db);
    const refused = await actingFor(null, await server.tokenFor(student.id))('/api/organization/profile', {
      body: profileBody('X'),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.exception.error.message).toBe('Only organization accounts have an organization profile.');
    // Their own profile was never changed by the other owner's attempt.
    const own = await actingFor(null, t.accountToken)('/api/organization/profile');
    expect(own.body.result.data.name).toBe(t.name);
  });

  it('bad input is a 400 naming the field', async () => {
    const t = await team();
    const call = actingFor(t.org.id, t.owner.token);
    const bad = await call('/api/organization/profile', {
      body: { profile: { name: '', website: 'ftp://nope', size: 'huge', about: 'a\u0000b' } },
    });
    expect(bad.status).toBe(400);
    const fields = bad.body.exception.error.fields.map((field: { field: string }) => field.field);
    expect(fields).toEqual(
      expect.arrayContaining(['profile.name', 'profile.website', 'profile.size', 'profile.about']),
    );
    const header = await server.call('/api/organization/profile', {
      token: t.owner.token,
      headers: { [ORGANIZATION_HEADER]: 'abc' },
    });
    expect(header.status).toBe(400);
    expect(header.body.exception.error.fields[0].field).toBe(ORGANIZATION_HEADER);
  });
});

/** A real 1×1 PNG (logos are recognised by content). */
const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads in one request, acting for `organizationId` (null: the caller's own account). */
async function uploadLogo(organizationId: number | null, token: string, bytes = pngBytes) {
  const response = await fetch(`${server.baseUrl}/api/files?purpose=logo&name=logo.png`, {
    method: 'POST',
    headers: {
      'content-type': 'application/octet-stream',
      authorization: token,
      ...(organizationId === null ? {} : { [ORGANIZATION_HEADER]: String(organizationId) }),
    },
    body: bytes,
  });
  return { status: response.status, body: (await response.json()) as any };
}

describe("the organization's logo, uploaded by a team owner", () => {
  it("an owner acting for the organization uploads it; it is the organization's file and is served publicly once saved", async () => {
    const t = await team();
    const uploaded = await uploadLogo(t.org.id, t.owner.token);
    expect(uploaded.status).toBe(200);
    const fileId: string = uploaded.body.result.data.id;
    // The server made it the organization's file, from the owner's membership.
    const [row] = await server.db.select().from(files).where(eq(files.id, fileId));
    expect(row?.ownerId).toBe(t.org.id);
    // Its owners read it back acting for the organization (as the web does after a resumable upload); others do not.
    expect((await actingFor(t.org.id, t.owner.token)(`/api/files/${fileId}`)).status).toBe(200);
    expect((await actingFor(t.org.id, t.accountToken)(`/api/files/${fileId}`)).status).toBe(200);
    expect((await actingFor(null, t.owner.token)(`/api/files/${fileId}`)).status).toBe(404);
    expect((await actingFor(t.org.id, t.coordinator.token)(`/api/files/${fileId}`)).status).toBe(404);

    const publicUrl = `${server.baseUrl}/api/files/${fileId}/public`;
    expect((await fetch(publicUrl)).status).toBe(404);
    const saved = await actingFor(t.org.id, t.owner.token)('/api/organization/profile', {
      body: { profile: { name: t.name, logo: publicUrl } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.result.data.organization.profile.logo).toBe(publicUrl);
    const served = await fetch(publicUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(pngBytes)).toBe(true);
  });

  it('a large logo goes through tus acting for the organization, and only its owners continue it', async () => {
    const t = await team();
    const bytes = Buffer.concat([pngBytes, Buffer.alloc(300 * 1024)]);
    const tus = (token: string, organizationId: number | null, extra: Record<string, string>) => ({
      authorization: token,
      'tus-resumable': '1.0.0',
      ...(organizationId === null ? {} : { [ORGANIZATION_HEADER]: String(organizationId) }),
      ...extra,
    });
    const meta = `filename ${Buffer.from('big.png').toString('base64')},purpose ${Buffer.from('logo').toString('base64')}`;
    const refused = await fetch(`${server.baseUrl}/api/uploads`, {
      method: 'POST',
      headers: tus(t.coordinator.token, t.org.id, { 'upload-length': String(bytes.length), 'upload-metadata': meta }),
    });
    expect(refused.status).toBe(403);
    const created = await fetch(`${server.baseUrl}/api/uploads`, {
      method: 'POST',
      headers: tus(t.owner.token, t.org.id, { 'upload-length': String(bytes.length), 'upload-metadata': meta }),
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location') as string;
    const patch = (token: string, organizationId: number | null) =>
      fetch(`${server.baseUrl}${location}`, {
        method: 'PATCH',
        headers: tus(token, organizationId, {
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        }),
        body: bytes,
      });
    expect((await patch(t.coordinator.token, t.org.id)).status).toBe(404);
    const finished = await patch(t.accountToken, null);
    expect(finished.status).toBe(204);
    const id = location.split('/').pop() as string;
    const read = await actingFor(t.org.id, t.owner.token)(`/api/files/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.result.data).toMatchObject({ id, contentType: 'image/png', size: bytes.length });
    const [row] = await server.db.select().from(files).where(eq(files.id, id));
    expect(row?.ownerId).toBe(t.org.id);
  });

  it('coordinators and reviewers are refused (403); an individual without a team too', async () => {
    const t = await team();
    for (const member of [t.coordinator, t.reviewer]) {
      const refused = await uploadLogo(t.org.id, member.token);
      expect(refused.status).toBe(403);
      expect(refused.body.exception.error.message).toBe("Only owners can change the organization's logo.");
    }
    const alone = await uploadLogo(null, t.coordinator.token);
    expect(alone.status).toBe(403);
    expect(alone.body.exception.error.message).toBe('Only organizations can upload a logo.');
    // Naming an organization one does not belong to is refused, not turned into one's own file.
    const stranger = await seedOrganization(server.db, { name: 'Stranger Co' });
    expect((await uploadLogo(t.org.id, await server.tokenFor(stranger.id))).status).toBe(403);
  });

  it('another organization cannot attach it (400 naming profile.logo), nor any file that is not its logo', async () => {
    const t = await team();
    const mine = await uploadLogo(t.org.id, t.owner.token);
    const url = `${server.baseUrl}/api/files/${mine.body.result.data.id}/public`;
    const other = await team();
    for (const [organizationId, token] of [
      [other.org.id, other.owner.token],
      [null, other.accountToken],
    ] as const) {
      const refused = await actingFor(organizationId, token)('/api/organization/profile', {
        body: { profile: { name: other.name, logo: url } },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.exception.error.fields[0].field).toBe('profile.logo');
    }
    expect((await fetch(url)).status).toBe(404);
    // A file of another purpose, even the organization's own, is not a logo either.
    const resume = await fetch(`${server.baseUrl}/api/files?purpose=photo&name=me.png`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', authorization: t.accountToken },
      body: pngBytes,
    });
    const photoUrl = `${server.baseUrl}/api/files/${((await resume.json()) as any).result.data.id}/public`;
    const photo = await actingFor(t.org.id, t.owner.token)('/api/organization/profile', {
      body: { profile: { name: t.name, logo: photoUrl } },
    });
    expect(photo.status).toBe(400);
    // An address elsewhere is the organization's own business.
    const elsewhere = await actingFor(other.org.id, other.owner.token)('/api/organization/profile', {
      body: { profile: { name: other.name, logo: 'https://cdn.example.com/logo.png' } },
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe('deleting an organization', () => {
  const remove = (organizationId: number, token: string | undefined, name: string) =>
    server.call(`/api/organization?name=${encodeURIComponent(name)}`, {
      method: 'DELETE',
      token,
      headers: { [ORGANIZATION_HEADER]: String(organizationId) },
    });

  it('needs the exact name (400 naming name), owners only, signed out 401', async () => {
    const t = await team();
    const wrong = await remove(t.org.id, t.owner.token, 'not the name');
    expect(wrong.status).toBe(400);
    expect(wrong.body.exception.error.fields[0].field).toBe('name');
    const empty = await remove(t.org.id, t.owner.token, '');
    expect(empty.status).toBe(400);
    expect(empty.body.exception.error.fields[0].field).toBe('name');
    expect((await remove(t.org.id, undefined, t.name)).status).toBe(401);
    const other = await seedOrganization(server.db, { name: 'Other Co' });
    expect((await remove(t.org.id, await server.tokenFor(other.id), t.name)).status).toBe(403);
    const [row] = await server.db.select().from(organizations).where(eq(organizations.id, t.org.id));
    expect(row?.deletedAt).toBeNull();
  });

  it('soft-deletes: openings gone from public links, every member refused at once, invitations revoked, out of the switcher', async () => {
    const t = await team();
    const invitee = unique('invitee');
    const invited = await actingFor(t.org.id, t.owner.token)('/api/organization/people', {
      body: { email: invitee, role: 'coordinator' },
    });
    expect(invited.status).toBe(200);
    // Before: the public form answers; the coordinator lists the openings.
    expect((await server.call(`/api/placements/campus/apply?openingId=${t.alpha.id}`)).status).toBe(200);

    const deleted = await remove(t.org.id, t.owner.token, ` ${t.name} `);
    expect(deleted.status).toBe(200);
    expect(deleted.body.result.message).toBe(`${t.name} was deleted`);

    expect((await server.call(`/api/placements/campus/apply?openingId=${t.alpha.id}`)).status).toBe(404);
    const rows = await server.db.select().from(openings).where(eq(openings.organizationId, t.org.id));
    expect(rows.every((row) => row.deletedAt !== null && row.status === 'closed')).toBe(true);

    // The next request of every member (an open session included) is refused with a clear message.
    for (const member of [t.owner, t.coordinator, t.reviewer]) {
      const call = actingFor(t.org.id, member.token);
      for (const path of ['/api/organization/openings', '/api/organization/people', '/api/organization/profile']) {
        const refused = await call(path);
        expect(refused.status).toBe(403);
        expect(refused.body.exception.error.message).toBe(ORGANIZATION_DELETED_MESSAGE);
      }
      const mine = await actingFor(null, member.token)('/api/user/organizations');
      expect(mine.body.result.data.organizations).toEqual([]);
    }
    // The organization account keeps its sign-in, but acts for nothing.
    const account = actingFor(null, t.accountToken);
    expect((await account('/api/user/profile')).status).toBe(200);
    const own = await account('/api/organization/openings');
    expect(own.status).toBe(403);
    expect(own.body.exception.error.message).toBe(ORGANIZATION_DELETED_MESSAGE);
    expect((await account('/api/user/organizations')).body.result.data.organizations).toEqual([]);

    // The invitation is revoked: signing in later joins nothing.
    const live = await server.db
      .select()
      .from(organizationMembers)
      .where(eq(organizationMembers.organizationId, t.org.id));
    expect(live.every((row) => row.revokedAt !== null)).toBe(true);
    const signedIn = await server.signIn({ email: invitee, assumeStudent: true });
    const theirs = await actingFor(null, signedIn.accessToken)('/api/user/organizations');
    expect(theirs.body.result.data.organizations).toEqual([]);

    const [audit] = await auditEventsOf(server.db, t.org.id, 'organization.deleted');
    expect(audit?.actorUserId).toBe(t.owner.user.id);
    expect(audit?.details).toMatchObject({ openings: 2, members: 4, invitations: 1 });
    // A second delete is refused, not a 500.
    expect((await remove(t.org.id, t.owner.token, t.name)).status).toBe(403);
  });

  it('two owners deleting at once: one succeeds, the other is refused cleanly', async () => {
    const t = await team();
    const results = await Promise.all([
      remove(t.org.id, t.owner.token, t.name),
      remove(t.org.id, t.accountToken, t.name),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 403]);
    const refused = results.find((result) => result.status === 403);
    expect(refused?.body.exception.error.message).toBe(ORGANIZATION_DELETED_MESSAGE);
    const audits = await auditEventsOf(server.db, t.org.id, 'organization.deleted');
    expect(audits).toHaveLength(1);
  });
});

describe("a deleted organization's logo", () => {
  it('is no longer served publicly (404)', async () => {
    const t = await team();
    const uploaded = await uploadLogo(t.org.id, t.owner.token);
    const url = `${server.baseUrl}/api/files/${uploaded.body.result.data.id}/public`;
    await actingFor(t.org.id, t.owner.token)('/api/organization/profile', {
      body: { profile: { name: t.name, logo: url } },
    });
    expect((await fetch(url)).status).toBe(200);
    const deleted = await server.call(`/api/organization?name=${encodeURIComponent(t.name)}`, {
      method: 'DELETE',
      token: t.owner.token,
      headers: { [ORGANIZATION_HEADER]: String(t.org.id) },
    });
    expect(deleted.status).toBe(200);
    expect((await fetch(url)).status).toBe(404);
  });
});

describe('GET /api/organization/openings?q= (the openings picker)', () => {
  it('finds titles by part, any case, trimmed, with % and _ as typed; keyset pages stay', async () => {
    const t = await team();
    const call = actingFor(t.org.id, t.owner.token);
    const titles = async (query: string) =>
      ((await call(`/api/organization/openings?${query}`)).body.result.data.items as { title: string }[]).map(
        (item) => item.title,
      );
    expect(await titles('q=%20alpha%20')).toEqual(['Alpha Analyst']);
    expect(await titles('q=ANALYST')).toEqual(['Alpha Analyst']);
    expect(await titles(`q=${encodeURIComponent('%_')}`)).toEqual(['Beta 100%_x']);
    expect(await titles('q=%25')).toEqual(['Beta 100%_x']);
    expect(await titles('q=nothing-like-this')).toEqual([]);
    expect((await titles('q=')).sort()).toEqual(['Alpha Analyst', 'Beta 100%_x']);
    for (let index = 0; index < 3; index += 1) {
      await seedOpeningWithApplicants(server.db, {
        organizationId: t.org.id,
        opening: { title: `Gamma ${index}` },
      });
    }
    const first = await call('/api/organization/openings?q=gamma&limit=2');
    expect(first.body.result.data.items).toHaveLength(2);
    const cursor = first.body.result.data.nextCursor as string;
    expect(cursor).toBeTruthy();
    const second = await call(`/api/organization/openings?q=gamma&limit=2&cursor=${encodeURIComponent(cursor)}`);
    expect(second.body.result.data.items).toHaveLength(1);
    expect(second.body.result.data.nextCursor).toBeNull();
  });

  it('a scoped reviewer finds only their own openings', async () => {
    const t = await team();
    const call = actingFor(t.org.id, t.reviewer.token);
    const all = await call('/api/organization/openings?q=a');
    expect(all.body.result.data.items.map((item: { id: string }) => item.id)).toEqual([t.alpha.id]);
    expect((await call('/api/organization/openings?q=beta')).body.result.data.items).toEqual([]);
  });

  it('refuses a search too long or with NUL (400 naming q); signed out 401; outsiders 403', async () => {
    const t = await team();
    const call = actingFor(t.org.id, t.owner.token);
    for (const q of ['x'.repeat(101), 'a\u0000b']) {
      const bad = await call(`/api/organization/openings?q=${encodeURIComponent(q)}`);
      expect(bad.status).toBe(400);
      expect(bad.body.exception.error.fields[0].field).toBe('q');
    }
    expect((await actingFor(t.org.id, undefined)('/api/organization/openings?q=a')).status).toBe(401);
    const other = await seedOrganization(server.db, { name: 'Other Co' });
    expect((await actingFor(t.org.id, await server.tokenFor(other.id))('/api/organization/openings?q=a')).status).toBe(
      403,
    );
  });
});
