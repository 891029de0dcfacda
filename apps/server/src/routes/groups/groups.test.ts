import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedGroup, seedOrganization, seedStudent } from '../../seed/helpers';
import { isMemberOfAnyGroup } from '../../services/groups';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function organization() {
  const org = await seedOrganization(server.db, { name: 'Northwind Labs' });
  return { org, token: await server.tokenFor(org.id) };
}
async function student(name = 'Ravi Kumar') {
  const user = await seedStudent(server.db, { name });
  return { user, token: await server.tokenFor(user.id) };
}
async function createGroup(token: string, body: Record<string, unknown> = {}) {
  const created = await server.call('/api/group', { token, body: { name: 'Campus 2026', ...body } });
  expect(created.status).toBe(200);
  return created.body.result.data;
}
const join = (token: string, groupId: string) => server.call('/api/group/join', { token, body: { groupId } });

describe('groups', () => {
  it('401 signed out on every caller-specific route', async () => {
    const id = crypto.randomUUID();
    const calls: Array<[string, string, unknown?]> = [
      ['POST', '/api/group', { name: 'x' }],
      ['PATCH', '/api/group', { id, name: 'x' }],
      ['DELETE', `/api/group?id=${id}`],
      ['POST', '/api/group/join', { groupId: id }],
      ['POST', '/api/group/leave', { groupId: id }],
      ['GET', '/api/group/groupJoiningRequests'],
      ['POST', '/api/group/request/accept', { ids: [id] }],
      ['POST', '/api/group/request/decline', { ids: [id] }],
      ['GET', '/api/group/members'],
      ['POST', '/api/group/remove/member', { groupId: id, userId: 1 }],
      ['GET', '/api/group/followers'],
      ['POST', '/api/group/remove/follower', { groupId: id, userId: 1 }],
      ['POST', '/api/group/follow', { groupId: id }],
      ['POST', '/api/group/unfollow', { groupId: id }],
      ['GET', '/api/following/groups/ids'],
      ['GET', '/api/groups'],
    ];
    for (const [method, path, body] of calls) {
      const response = await server.call(path, { method, body });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it('an organization creates, lists, edits and deletes its groups; individuals cannot create', async () => {
    const { token } = await organization();
    const group = await createGroup(token, { description: 'Final-year students', joinPolicy: 'request' });
    expect(group).toMatchObject({
      name: 'Campus 2026',
      visibility: 'public',
      joinPolicy: 'request',
      memberCount: 0,
      pendingRequestCount: 0,
      followerCount: 0,
      organization: { name: 'Northwind Labs' },
      abilities: { manage: true, delete: true, join: false },
    });

    const list = await server.call('/api/groups', { token });
    expect(list.body.result.data.items.map((g: { id: string }) => g.id)).toEqual([group.id]);

    const edited = await server.call('/api/group', {
      token,
      method: 'PATCH',
      body: { id: group.id, joinPolicy: 'open', name: 'Campus 2026 (open)' },
    });
    expect(edited.body.result.data).toMatchObject({ name: 'Campus 2026 (open)', joinPolicy: 'open' });

    const bad = await server.call('/api/group', { token, body: { name: '', joinPolicy: 'sometimes' } });
    expect(bad.status).toBe(400);
    expect(bad.body.exception.error.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'joinPolicy',
      'name',
    ]);

    const { token: studentToken } = await student();
    expect((await server.call('/api/group', { token: studentToken, body: { name: 'Mine' } })).status).toBe(403);

    const deleted = await server.call(`/api/group?id=${group.id}`, { token, method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect((await server.call(`/api/group/details/id?id=${group.id}`)).status).toBe(404);
    expect((await server.call('/api/groups', { token })).body.result.data.items).toEqual([]);
  });

  it('another organization gets 403 on edit, delete and management lists of a group it does not run', async () => {
    const { token } = await organization();
    const group = await createGroup(token);
    const { token: otherToken } = await organization();
    const { token: studentToken } = await student();
    for (const stranger of [otherToken, studentToken]) {
      expect(
        (await server.call('/api/group', { token: stranger, method: 'PATCH', body: { id: group.id, name: 'x' } }))
          .status,
      ).toBe(403);
      expect((await server.call(`/api/group?id=${group.id}`, { token: stranger, method: 'DELETE' })).status).toBe(403);
      expect(
        (await server.call(`/api/group/groupJoiningRequests?groupId=${group.id}`, { token: stranger })).status,
      ).toBe(403);
      expect((await server.call(`/api/group/members?groupId=${group.id}`, { token: stranger })).status).toBe(403);
      expect((await server.call(`/api/group/followers?groupId=${group.id}`, { token: stranger })).status).toBe(403);
      expect(
        (
          await server.call('/api/group/remove/follower', {
            token: stranger,
            body: { groupId: group.id, userId: 1 },
          })
        ).status,
      ).toBe(403);
    }
    // Lists without a group id only ever show the caller's own groups.
    const { user } = await student('Meera');
    await join(await server.tokenFor(user.id), group.id);
    expect(
      (await server.call('/api/group/groupJoiningRequests', { token: otherToken })).body.result.data.items,
    ).toEqual([]);
  });

  it('public details work signed out and show the caller’s standing when signed in', async () => {
    const { org, token } = await organization();
    const group = await createGroup(token, { visibility: 'unlisted' });
    const anonymous = await server.call(`/api/group/details/id?id=${group.id}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.result.data).toMatchObject({
      id: group.id,
      organization: { userId: org.id, name: 'Northwind Labs' },
      memberCount: 0,
      pendingRequestCount: null,
      followerCount: null,
      viewer: { membership: null, following: false },
      abilities: { manage: false, join: true, follow: true },
    });
    expect((await server.call('/api/group/details/id?id=not-a-uuid')).status).toBe(400);
    expect((await server.call(`/api/group/details/id?id=${crypto.randomUUID()}`)).status).toBe(404);

    // Unlisted groups are reachable by link but not listed with the organization.
    const publicGroup = await createGroup(token, { name: 'Open house' });
    const listed = await server.call(`/api/groups?organizationId=${org.id}`);
    expect(listed.body.result.data.items.map((g: { id: string }) => g.id)).toEqual([publicGroup.id]);
  });

  it('joining by request, accepting and declining in bulk; the person sees the outcome', async () => {
    const { token } = await organization();
    const group = await createGroup(token);
    const people = await Promise.all(['Asha', 'Bilal', 'Chen'].map((name) => student(name)));
    for (const person of people) {
      const joined = await join(person.token, group.id);
      expect(joined.status).toBe(200);
      expect(joined.body.result.message).toBe('Request sent');
      expect(joined.body.result.data.viewer.membership).toBe('requested');
    }
    // Joining again is idempotent.
    expect((await join(people[0]!.token, group.id)).body.result.data.viewer.membership).toBe('requested');

    const requests = await server.call('/api/group/groupJoiningRequests?limit=2', { token });
    expect(requests.status).toBe(200);
    const firstPage = requests.body.result.data;
    expect(firstPage.items.map((r: { person: { name: string } }) => r.person.name)).toEqual(['Asha', 'Bilal']);
    expect(firstPage.items[0]).toMatchObject({ groupId: group.id, groupName: 'Campus 2026', state: 'requested' });
    const secondPage = (
      await server.call(`/api/group/groupJoiningRequests?limit=2&cursor=${encodeURIComponent(firstPage.nextCursor)}`, {
        token,
      })
    ).body.result.data;
    expect(secondPage.items.map((r: { person: { name: string } }) => r.person.name)).toEqual(['Chen']);
    expect(secondPage.nextCursor).toBeNull();

    const [asha, bilal] = firstPage.items;
    const chen = secondPage.items[0];
    const accepted = await server.call('/api/group/request/accept', { token, body: { ids: [asha.id, bilal.id] } });
    expect(accepted.status).toBe(200);
    expect(accepted.body.result.data).toMatchObject({ changed: 2 });
    expect(accepted.body.result.message).toBe('Requests accepted');
    const again = await server.call('/api/group/request/accept', { token, body: { ids: [asha.id] } });
    expect(again.body.result.data).toEqual({ changed: 0, requests: [{ id: asha.id, state: 'member' }] });

    const declined = await server.call('/api/group/request/decline', { token, body: { ids: [chen.id] } });
    expect(declined.body.result.data.changed).toBe(1);
    // A member cannot be "declined"; a declined request cannot be accepted without a new request.
    expect((await server.call('/api/group/request/decline', { token, body: { ids: [asha.id] } })).status).toBe(409);
    expect((await server.call('/api/group/request/accept', { token, body: { ids: [chen.id] } })).status).toBe(409);

    const ashaGroups = await server.call('/api/groups', { token: people[0]!.token });
    expect(ashaGroups.body.result.data.items[0]).toMatchObject({ id: group.id, viewer: { membership: 'member' } });
    const chenGroups = await server.call('/api/groups', { token: people[2]!.token });
    expect(chenGroups.body.result.data.items[0].viewer.membership).toBe('declined');

    const details = await server.call(`/api/group/details/id?id=${group.id}`, { token });
    expect(details.body.result.data).toMatchObject({ memberCount: 2, pendingRequestCount: 0 });
    expect(await isMemberOfAnyGroup(server.db, people[0]!.user.id, [group.id])).toBe(true);
    expect(await isMemberOfAnyGroup(server.db, people[2]!.user.id, [group.id])).toBe(false);

    // The declined person may ask again.
    expect((await join(people[2]!.token, group.id)).body.result.data.viewer.membership).toBe('requested');
  });

  it('refuses a batch containing another organization’s request, deciding nothing', async () => {
    const { token } = await organization();
    const mine = await createGroup(token);
    const { token: otherToken } = await organization();
    const theirs = await createGroup(otherToken);
    const { token: studentToken } = await student();
    await join(studentToken, mine.id);
    await join(studentToken, theirs.id);
    const myRequest = (await server.call('/api/group/groupJoiningRequests', { token })).body.result.data.items[0];
    const theirRequest = (await server.call('/api/group/groupJoiningRequests', { token: otherToken })).body.result.data
      .items[0];
    const mixed = await server.call('/api/group/request/accept', {
      token,
      body: { ids: [myRequest.id, theirRequest.id] },
    });
    expect(mixed.status).toBe(404);
    const still = await server.call('/api/group/groupJoiningRequests', { token });
    expect(still.body.result.data.items).toHaveLength(1);
    expect((await server.call('/api/group/request/accept', { token, body: { ids: [] } })).status).toBe(400);
  });

  it('concurrent accepts of the same request are safe and idempotent', async () => {
    const { token } = await organization();
    const group = await createGroup(token);
    const { token: studentToken } = await student();
    await join(studentToken, group.id);
    const [request] = (await server.call('/api/group/groupJoiningRequests', { token })).body.result.data.items;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => server.call('/api/group/request/accept', { token, body: { ids: [request.id] } })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results.reduce((sum, r) => sum + r.body.result.data.changed, 0)).toBe(1);
    const members = await server.call(`/api/group/members?groupId=${group.id}`, { token });
    expect(members.body.result.data.items).toHaveLength(1);
  });

  it('open groups admit at once, closed groups nobody; organizations cannot join; leaving works', async () => {
    const { token } = await organization();
    const open = await createGroup(token, { joinPolicy: 'open' });
    const closed = await createGroup(token, { joinPolicy: 'closed' });
    const { token: studentToken } = await student();
    const joined = await join(studentToken, open.id);
    expect(joined.body.result.data).toMatchObject({ memberCount: 1, viewer: { membership: 'member' } });
    expect(joined.body.result.data.abilities).toMatchObject({ join: false, leave: true });
    expect((await join(studentToken, closed.id)).status).toBe(403);
    expect((await join(token, open.id)).status).toBe(403);
    expect((await join(studentToken, crypto.randomUUID())).status).toBe(404);

    const left = await server.call('/api/group/leave', { token: studentToken, body: { groupId: open.id } });
    expect(left.body.result.data).toMatchObject({ memberCount: 0, viewer: { membership: null } });
    expect((await server.call('/api/group/leave', { token: studentToken, body: { groupId: open.id } })).status).toBe(
      403,
    );
  });

  it('members list and removal', async () => {
    const { token } = await organization();
    const group = await createGroup(token, { joinPolicy: 'open' });
    const { user, token: studentToken } = await student('Dev');
    await join(studentToken, group.id);
    const members = await server.call('/api/group/members', { token });
    expect(members.body.result.data.items[0]).toMatchObject({ groupId: group.id, person: { name: 'Dev' } });
    const removed = await server.call('/api/group/remove/member', {
      token,
      body: { groupId: group.id, userId: user.id },
    });
    expect(removed.status).toBe(200);
    expect(
      (await server.call('/api/group/remove/member', { token, body: { groupId: group.id, userId: user.id } })).status,
    ).toBe(404);
    expect((await server.call('/api/group/members', { token })).body.result.data.items).toEqual([]);
  });

  it('follow and unfollow are idempotent; the organization lists and removes followers', async () => {
    const { token } = await organization();
    const group = await createGroup(token, { joinPolicy: 'closed' });
    const { user, token: studentToken } = await student('Farah');
    for (let i = 0; i < 2; i++) {
      const followed = await server.call('/api/group/follow', { token: studentToken, body: { groupId: group.id } });
      expect(followed.body.result.data).toEqual({ groupId: group.id, following: true });
    }
    // Organizations may follow other groups too.
    const { token: otherOrgToken } = await organization();
    expect((await server.call('/api/group/follow', { token: otherOrgToken, body: { groupId: group.id } })).status).toBe(
      200,
    );
    expect((await server.call('/api/following/groups/ids', { token: studentToken })).body.result.data.ids).toEqual([
      group.id,
    ]);
    const followers = await server.call(`/api/group/followers?groupId=${group.id}`, { token });
    expect(followers.body.result.data.items).toHaveLength(2);
    expect(
      (await server.call(`/api/group/details/id?id=${group.id}`, { token: studentToken })).body.result.data.viewer,
    ).toEqual({ membership: null, following: true });

    const removed = await server.call('/api/group/remove/follower', {
      token,
      body: { groupId: group.id, userId: user.id },
    });
    expect(removed.status).toBe(200);
    expect((await server.call('/api/following/groups/ids', { token: studentToken })).body.result.data.ids).toEqual([]);
    for (let i = 0; i < 2; i++) {
      const unfollowed = await server.call('/api/group/unfollow', { token: studentToken, body: { groupId: group.id } });
      expect(unfollowed.body.result.data).toEqual({ groupId: group.id, following: false });
    }
  });

  it('seedGroup makes a group with members and requests', async () => {
    const org = await seedOrganization(server.db);
    const member = await seedStudent(server.db);
    const requester = await seedStudent(server.db);
    const group = await seedGroup(server.db, { ownerId: org.id, members: [member.id], requests: [requester.id] });
    expect(await isMemberOfAnyGroup(server.db, member.id, [group.id])).toBe(true);
    expect(await isMemberOfAnyGroup(server.db, requester.id, [group.id])).toBe(false);
  });

  it('documents every groups, institutions and verification path of spec §7 in OpenAPI', async () => {
    const { body } = await server.call('/api/docs/json');
    const paths = Object.keys(body.paths);
    for (const path of [
      '/api/groups',
      '/api/group',
      '/api/group/groupJoiningRequests',
      '/api/group/request/decline',
      '/api/group/request/accept',
      '/api/group/followers',
      '/api/group/remove/follower',
      '/api/group/details/id',
      '/api/group/follow',
      '/api/group/unfollow',
      '/api/following/groups/ids',
      '/api/institutions/user/role/root',
      '/api/verification/groups/verification',
      '/api/verification/groups/admin',
      '/api/verification/groupJoiningRequests',
      '/api/verification/details/id',
      '/api/verification/follow',
      '/api/verification/unfollow',
      '/api/following/verificationGroups/ids',
      '/api/verification/request/accept',
      '/api/verification/request/decline',
      '/api/verification/members',
      '/api/verification/remove/member',
      '/api/verification/group',
      '/api/verification/group/userAccess/email',
      '/api/verifications/group/user/role',
    ]) {
      expect(paths).toContain(path);
    }
    expect(Object.keys(body.paths['/api/verification/group'])).toEqual(
      expect.arrayContaining(['post', 'patch', 'delete']),
    );
  });
});
