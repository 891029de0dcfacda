import { ORGANIZATION_HEADER, type OrganizationRole } from '@placely/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationGroups } from '../../db/schema';
import { seedEmail, seedNewUser, seedOrganization, seedOrganizationMember, seedStudent } from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';
import { auditEventsOf } from '../../test/organization-team';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const unique = (label: string) => seedEmail(`${label}-${Math.random().toString(36).slice(2, 10)}`);

/** Calls as someone acting for an organization (the header the web sends while the account menu names it). */
function actingFor(organizationId: number | null, token: string | undefined) {
  const headers: Record<string, string> =
    organizationId === null ? {} : { [ORGANIZATION_HEADER]: String(organizationId) };
  return (path: string, options: { method?: string; body?: unknown } = {}) =>
    server.call(path, { ...options, token, headers });
}

/** An organization account and one person per team role, each calling as the web does while acting for it. */
async function team() {
  const org = await seedOrganization(server.db, { name: 'Group Team Co' });
  const person = async (role: OrganizationRole, removed = false) => {
    const user = await seedNewUser(server.db, { email: unique(role) });
    const memberId = await seedOrganizationMember(server.db, {
      organizationId: org.id,
      userId: user.id,
      role,
      removed,
    });
    return { user, memberId, call: actingFor(org.id, await server.tokenFor(user.id)) };
  };
  return {
    org,
    owner: actingFor(org.id, await server.tokenFor(org.id)),
    coordinator: await person('coordinator'),
    reviewer: await person('reviewer'),
    former: await person('coordinator', true),
  };
}

describe("the organization's groups, run by its team", () => {
  it("a coordinator creates the organization's group, accepts a join request, edits, lists and deletes it", async () => {
    const t = await team();
    const created = await t.coordinator.call('/api/group', {
      body: { name: 'Placement cell 2027', joinPolicy: 'request' },
    });
    expect(created.status).toBe(200);
    const group = created.body.result.data;
    // The group is the organization's, not the coordinator's.
    expect(group.organization.userId).toBe(t.org.id);
    expect(group.abilities).toMatchObject({ manage: true, delete: true });

    const student = await seedStudent(server.db);
    const asked = await server.call('/api/group/join', {
      body: { groupId: group.id },
      token: await server.tokenFor(student.id),
    });
    expect(asked.body.result.message).toBe('Request sent');
    const requests = await t.coordinator.call(`/api/group/groupJoiningRequests?groupId=${group.id}`);
    expect(requests.status).toBe(200);
    const [request] = requests.body.result.data.items;
    expect(request.person.userId).toBe(student.id);
    const accepted = await t.coordinator.call('/api/group/request/accept', { body: { ids: [request.id] } });
    expect(accepted.status).toBe(200);
    const members = await t.owner(`/api/group/members?groupId=${group.id}`);
    expect(members.body.result.data.items.map((m: { person: { userId: number } }) => m.person.userId)).toEqual([
      student.id,
    ]);

    // Listing without naming a group: the organization's groups, all of them.
    const listed = await t.coordinator.call('/api/groups?limit=10');
    expect(listed.body.result.data.items.map((g: { id: string }) => g.id)).toEqual([group.id]);
    expect(
      (await t.coordinator.call('/api/group', { method: 'PATCH', body: { id: group.id, name: 'Cell' } })).status,
    ).toBe(200);

    // A reviewer reads the public page but does not run the group; a former member is told why.
    const asReviewer = await t.reviewer.call('/api/group', { method: 'PATCH', body: { id: group.id, name: 'No' } });
    expect(asReviewer.status).toBe(403);
    expect((await t.reviewer.call('/api/group', { body: { name: 'Reviewer group' } })).status).toBe(403);
    expect((await t.reviewer.call(`/api/group/details/id?id=${group.id}`)).body.result.data.abilities.manage).toBe(
      false,
    );
    const asFormer = await t.former.call(`/api/group/members?groupId=${group.id}`);
    expect(asFormer.status).toBe(403);
    expect(asFormer.body.exception.error.message).toBe('You are no longer a member of this organization.');
    // Without naming the organization the coordinator acts for themselves, and runs nothing.
    const ownself = await server.call(`/api/group/members?groupId=${group.id}`, {
      token: await server.tokenFor(t.coordinator.user.id),
    });
    expect(ownself.status).toBe(403);

    expect((await t.coordinator.call(`/api/group?id=${group.id}`, { method: 'DELETE' })).status).toBe(200);
  });

  it('removal ends running the group on the next request', async () => {
    const t = await team();
    const group = (await t.owner('/api/group', { body: { name: 'Alumni' } })).body.result.data;
    expect((await t.coordinator.call(`/api/group/followers?groupId=${group.id}`)).status).toBe(200);
    const removed = await t.owner(`/api/organization/people?memberId=${t.coordinator.memberId}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    const next = await t.coordinator.call(`/api/group/followers?groupId=${group.id}`);
    expect(next.status).toBe(403);
    expect(next.body.exception.error.message).toBe('You are no longer a member of this organization.');
  });
});

describe("the organization's verification groups, run by its team", () => {
  it('a coordinator creates one for the organization, grants roles and edits it; reviewers and former members cannot', async () => {
    const t = await team();
    const created = await t.coordinator.call('/api/verification/group', { body: { name: 'Team verification' } });
    expect(created.status).toBe(200);
    const group = created.body.result.data;
    const [row] = await server.db.select().from(verificationGroups).where(eq(verificationGroups.id, group.id));
    expect(row?.ownerId).toBe(t.org.id);
    expect(group.abilities).toMatchObject({ manage: true, delete: true, grantOwner: true });

    // The organization account holds the owner role: the group stays the organization's when people leave.
    const roles = await t.coordinator.call(`/api/verification/group/userAccess/email?groupId=${group.id}`);
    expect(roles.status).toBe(200);
    expect(roles.body.result.data.roles.map((r: { email: string; role: string }) => [r.email, r.role])).toEqual([
      [t.org.email, 'owner'],
    ]);
    const granted = await t.coordinator.call('/api/verification/group/userAccess/email', {
      body: { groupId: group.id, email: unique('viewer'), role: 'viewer' },
    });
    expect(granted.status).toBe(200);
    const mine = await t.coordinator.call('/api/verification/groups/admin?limit=10');
    expect(mine.body.result.data.items.map((g: { id: string }) => g.id)).toContain(group.id);
    expect(
      (await t.coordinator.call('/api/verification/group', { method: 'PATCH', body: { id: group.id, name: 'V2' } }))
        .status,
    ).toBe(200);

    expect(
      (await t.reviewer.call('/api/verification/group', { method: 'PATCH', body: { id: group.id, name: 'No' } }))
        .status,
    ).toBe(403);
    expect((await t.reviewer.call('/api/verification/group', { body: { name: 'Reviewer verification' } })).status).toBe(
      403,
    );
    const asFormer = await t.former.call(`/api/verification/group/userAccess/email?groupId=${group.id}`);
    expect(asFormer.status).toBe(403);
    expect(asFormer.body.exception.error.message).toBe('You are no longer a member of this organization.');
    expect((await t.coordinator.call(`/api/verification/group?id=${group.id}`, { method: 'DELETE' })).status).toBe(200);
  });
});

describe("a deleted organization's groups and verification groups", () => {
  it('behave as deleted: not found to everyone, no joins or follows, in no list', async () => {
    const t = await team();
    const group = (await t.coordinator.call('/api/group', { body: { name: 'Doomed cell', joinPolicy: 'open' } })).body
      .result.data;
    const verification = (await t.coordinator.call('/api/verification/group', { body: { name: 'Doomed checks' } })).body
      .result.data;
    await server.db
      .update(verificationGroups)
      .set({ approvalState: 'approved' })
      .where(eq(verificationGroups.id, verification.id));
    const student = await seedStudent(server.db);
    const asStudent = actingFor(null, await server.tokenFor(student.id));
    expect((await asStudent('/api/group/join', { body: { groupId: group.id } })).status).toBe(200);
    expect((await asStudent('/api/verification/follow', { body: { groupId: verification.id } })).status).toBe(200);
    expect((await asStudent('/api/groups?limit=10')).body.result.data.items).toHaveLength(1);
    expect((await server.call(`/api/groups?organizationId=${t.org.id}&limit=10`)).body.result.data.items).toHaveLength(
      1,
    );

    const deleted = await t.owner(`/api/organization?name=${encodeURIComponent('Group Team Co')}`, {
      method: 'DELETE',
    });
    expect(deleted.status).toBe(200);

    // Join links (the public details) answer the not-found the web shows for any deleted group.
    for (const path of [`/api/group/details/id?id=${group.id}`, `/api/verification/details/id?id=${verification.id}`]) {
      expect((await server.call(path)).status).toBe(404);
      expect((await asStudent(path)).status).toBe(404);
    }
    const other = await seedStudent(server.db);
    const asOther = actingFor(null, await server.tokenFor(other.id));
    for (const base of ['/api/group', '/api/verification']) {
      const id = base === '/api/group' ? group.id : verification.id;
      expect((await asOther(`${base}/join`, { body: { groupId: id } })).status).toBe(404);
      expect((await asOther(`${base}/follow`, { body: { groupId: id } })).status).toBe(404);
    }
    // Listed nowhere: the organization's public list, the member's joined list, the followed ids.
    expect((await server.call(`/api/groups?organizationId=${t.org.id}&limit=10`)).body.result.data.items).toEqual([]);
    expect((await asStudent('/api/groups?limit=10')).body.result.data.items).toEqual([]);
    expect((await asStudent('/api/following/verificationGroups/ids')).body.result.data.ids).toEqual([]);
    expect((await asStudent('/api/verification/groups/verification?limit=10')).body.result.data.items).toEqual([]);
    const [row] = await server.db.select().from(verificationGroups).where(eq(verificationGroups.id, verification.id));
    expect(row?.deletedAt).not.toBeNull();
    const [audit] = await auditEventsOf(server.db, t.org.id, 'organization.deleted');
    expect(audit?.details).toMatchObject({ groups: 1, verificationGroups: 1 });
  });
});

describe('the X-Organization-Id header in OpenAPI', () => {
  it('is a documented header parameter of the organization-scoped routes, and of no personal one', async () => {
    const { body } = await server.call('/api/docs/json');
    const headerOf = (path: string, method: string) =>
      (body.paths[path]?.[method]?.parameters ?? []).find(
        (p: { in: string; name: string }) => p.in === 'header' && p.name === ORGANIZATION_HEADER.toLowerCase(),
      );
    for (const [path, method] of [
      ['/api/organization/openings', 'get'],
      ['/api/organization/openings', 'post'],
      ['/api/organization/openings/id/applications', 'get'],
      ['/api/organization/people', 'post'],
      ['/api/organization/activity', 'get'],
      ['/api/organization/shortlisting/moves', 'post'],
      ['/api/group', 'post'],
      ['/api/group/request/accept', 'post'],
      ['/api/verification/group', 'patch'],
      ['/api/verification/group/userAccess/email', 'post'],
    ] as const) {
      const header = headerOf(path, method);
      expect(header, `${method.toUpperCase()} ${path}`).toBeDefined();
      expect(header.required).toBeFalsy();
      expect(header.description).toContain('The organization the request acts for');
    }
    expect(headerOf('/api/user/skills', 'get')).toBeUndefined();
    expect(headerOf('/api/user/organizations', 'get')).toBeUndefined();
  });
});
