import {
  ORGANIZATION_HEADER,
  ORGANIZATION_INVITATION_LIMITS,
  ORGANIZATION_INVITATION_MESSAGES,
  type OrganizationRole,
} from '@placely/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationFiles,
  files,
  notifications,
  organizationAuditEvents,
  organizationMembers,
  organizations,
  profileViews,
} from '../../db/schema';
import {
  seedEmail,
  seedNewUser,
  seedOpeningInput,
  seedOpeningWithApplicants,
  seedOrganization,
  seedOrganizationMember,
  seedStudent,
} from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const unique = (label: string) => seedEmail(`${label}-${Math.random().toString(36).slice(2, 10)}`);

/** Calls as someone acting for an organization (the header every organization-scoped request of the web sends). */
function actingFor(organizationId: number | null, token: string | undefined) {
  const headers: Record<string, string> =
    organizationId === null ? {} : { [ORGANIZATION_HEADER]: String(organizationId) };
  return (path: string, options: { method?: string; body?: unknown } = {}) =>
    server.call(path, { ...options, token, headers });
}

/**
 * Moves an organization's past invitations back in time, as if they had been sent `minutes` ago. The audit trail is
 * append-only (a trigger refuses UPDATE), so the trigger is set aside for the statement: this file's own database.
 */
async function ageInvitations(organizationId: number, minutes: number) {
  await server.db.transaction(async (tx) => {
    await tx.execute(sql`alter table organization_audit_events disable trigger organization_audit_events_no_update`);
    await tx.execute(sql`update organization_audit_events set created_at = created_at - make_interval(mins => ${minutes})
      where organization_id = ${organizationId} and kind = 'member.invited'`);
    await tx.execute(sql`alter table organization_audit_events enable trigger organization_audit_events_no_update`);
  });
}

/** Invitations the organization sent earlier today, written as the invite route writes them (the cap counts them). */
async function pastInvitations(organizationId: number, count: number) {
  await server.db.insert(organizationAuditEvents).values(
    Array.from({ length: count }, (_, index) => ({
      organizationId,
      actorUserId: organizationId,
      kind: 'member.invited' as const,
      subjectEmail: unique(`earlier-${index}`),
      details: { role: 'reviewer' },
    })),
  );
}

/** Team-invitation mails written for an address (one per invitation sent). */
async function invitationMailsTo(email: string) {
  const rows = await server.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.recipientEmail, email), eq(notifications.kind, 'organization.teamInvitation')));
  return rows.length;
}

/** An organization with two openings (A with one applicant, B), and a person in each role. */
async function team() {
  const org = await seedOrganization(server.db, { name: 'Team Co' });
  const student = await seedStudent(server.db);
  const a = await seedOpeningWithApplicants(server.db, {
    organizationId: org.id,
    opening: { title: 'Opening A' },
    applicants: [{ userId: student.id, answers: { name: 'Asha', email: 'asha@example.com' } }],
  });
  const b = await seedOpeningWithApplicants(server.db, { organizationId: org.id, opening: { title: 'Opening B' } });
  const person = async (role: OrganizationRole, openingIds?: string[], removed?: boolean) => {
    const user = await seedNewUser(server.db, { email: unique(role) });
    const memberId = await seedOrganizationMember(server.db, {
      organizationId: org.id,
      userId: user.id,
      role,
      openingIds,
      removed,
    });
    return { user, memberId, token: await server.tokenFor(user.id) };
  };
  const owner = { user: org, token: await server.tokenFor(org.id) };
  const coordinator = await person('coordinator');
  const reviewer = await person('reviewer', [a.opening.id]);
  const otherReviewer = await person('reviewer', [b.opening.id]);
  const former = await person('coordinator', undefined, true);
  const otherOrg = await seedOrganization(server.db, { name: 'Other Co' });
  return {
    org,
    student,
    openingA: a.opening,
    openingB: b.opening,
    applicationA: a.applications[0]!,
    owner,
    coordinator,
    reviewer,
    otherReviewer,
    former,
    otherOrg: { user: otherOrg, token: await server.tokenFor(otherOrg.id) },
    studentToken: await server.tokenFor(student.id),
  };
}

describe('organization-scoped routes × every role', () => {
  it('answers each role as the matrix says, and 401 signed out', async () => {
    const t = await team();
    const A = t.openingA.id;
    const app = t.applicationA.id;
    const opening = seedOpeningInput({ title: 'Opening A' });
    // Each route, called as someone acting for the organization.
    const routes: Record<string, (call: ReturnType<typeof actingFor>) => ReturnType<typeof server.call>> = {
      listOpenings: (call) => call('/api/organization/openings'),
      createOpening: (call) => call('/api/organization/openings', { body: { ...opening, title: 'New one' } }),
      readOpening: (call) => call(`/api/organization/openings/id?id=${A}`),
      editOpening: (call) => call('/api/organization/openings/id', { method: 'PUT', body: { id: A, opening } }),
      changeStatus: (call) => call('/api/organization/openings/id/status', { body: { id: A, status: 'open' } }),
      listApplications: (call) => call(`/api/organization/openings/id/applications?id=${A}`),
      openApplication: (call) => call(`/api/organization/openings/id/applications/one?id=${A}&applicationId=${app}`),
      exportApplications: (call) => call(`/api/organization/openings/id/applications/export?id=${A}&format=csv`),
      changes: (call) => call(`/api/organization/openings/id/changes?id=${A}`),
      people: (call) => call('/api/organization/people'),
      invite: (call) => call('/api/organization/people', { body: { email: unique('x'), role: 'reviewer' } }),
      activity: (call) => call('/api/organization/activity'),
    };
    const Y = 200;
    const N = 403;
    const expected: Record<string, Record<keyof typeof routes, number>> = {
      owner: {
        listOpenings: Y,
        createOpening: Y,
        readOpening: Y,
        editOpening: Y,
        changeStatus: Y,
        listApplications: Y,
        openApplication: Y,
        exportApplications: Y,
        changes: Y,
        people: Y,
        invite: Y,
        activity: Y,
      },
      coordinator: {
        listOpenings: Y,
        createOpening: Y,
        readOpening: Y,
        editOpening: Y,
        changeStatus: Y,
        listApplications: Y,
        openApplication: Y,
        exportApplications: Y,
        changes: Y,
        people: Y,
        invite: N,
        activity: N,
      },
      reviewer: {
        listOpenings: Y,
        createOpening: N,
        readOpening: Y,
        editOpening: N,
        changeStatus: N,
        listApplications: Y,
        openApplication: Y,
        exportApplications: N,
        changes: Y,
        people: Y,
        invite: N,
        activity: N,
      },
      otherReviewer: {
        listOpenings: Y,
        createOpening: N,
        readOpening: N,
        editOpening: N,
        changeStatus: N,
        listApplications: N,
        openApplication: N,
        exportApplications: N,
        changes: N,
        people: Y,
        invite: N,
        activity: N,
      },
      former: {
        listOpenings: N,
        createOpening: N,
        readOpening: N,
        editOpening: N,
        changeStatus: N,
        listApplications: N,
        openApplication: N,
        exportApplications: N,
        changes: N,
        people: N,
        invite: N,
        activity: N,
      },
      otherOrganization: {
        listOpenings: N,
        createOpening: N,
        readOpening: N,
        editOpening: N,
        changeStatus: N,
        listApplications: N,
        openApplication: N,
        exportApplications: N,
        changes: N,
        people: N,
        invite: N,
        activity: N,
      },
    }; // prettier-ignore
    const tokens: Record<string, string> = {
      owner: t.owner.token,
      coordinator: t.coordinator.token,
      reviewer: t.reviewer.token,
      otherReviewer: t.otherReviewer.token,
      former: t.former.token,
      otherOrganization: t.otherOrg.token,
    };
    const failures: string[] = [];
    for (const [who, row] of Object.entries(expected)) {
      for (const [route, status] of Object.entries(row)) {
        const response = await routes[route]!(actingFor(t.org.id, tokens[who]));
        if (response.status !== status) failures.push(`${who} ${route}: ${response.status}, expected ${status}`);
        if (who === 'former' && response.status === 403) {
          expect(response.body.exception.error.message).toBe('You are no longer a member of this organization.');
        }
        if (who === 'otherOrganization' && response.status === 403) {
          expect(response.body.exception.error.message).toBe('You are not a member of this organization.');
        }
      }
      for (const route of Object.keys(routes)) {
        const signedOut = await routes[route]!(actingFor(t.org.id, undefined));
        if (signedOut.status !== 401) failures.push(`signed out ${route}: ${signedOut.status}`);
      }
    }
    expect(failures).toEqual([]);

    // Without the header, another organization and a student reach nothing of this organization's (404).
    for (const token of [t.otherOrg.token, t.studentToken]) {
      expect((await actingFor(null, token)(`/api/organization/openings/id?id=${A}`)).status).toBe(404);
      expect((await actingFor(null, token)(`/api/organization/openings/id/applications?id=${A}`)).status).toBe(404);
    }
    // A single-person organization keeps working exactly as before, with no header.
    expect((await actingFor(null, t.owner.token)(`/api/organization/openings/id?id=${A}`)).status).toBe(200);
  });

  it('limits a reviewer to their openings, without exports or contact details unless granted', async () => {
    const t = await team();
    const asReviewer = actingFor(t.org.id, t.reviewer.token);
    const list = await asReviewer('/api/organization/openings');
    expect(list.body.result.data.items.map((o: { id: string }) => o.id)).toEqual([t.openingA.id]);
    expect(list.body.result.data.items[0].abilities).toEqual({
      update: false,
      delete: false,
      viewApplications: true,
      export: false,
    });
    const applications = await asReviewer(`/api/organization/openings/id/applications?id=${t.openingA.id}`);
    expect(applications.body.result.data.items[0].applicant.email).toBeNull();
    // Contact questions of the form are held back too, in the answers and in every revision.
    expect(applications.body.result.data.items[0].answers).toEqual({ name: 'Asha', why: null });
    const one = await asReviewer(
      `/api/organization/openings/id/applications/one?id=${t.openingA.id}&applicationId=${t.applicationA.id}`,
    );
    expect(one.body.result.data.answers).toEqual({ name: 'Asha', why: null });
    expect(one.body.result.data.revisions[0].answers).toEqual({ name: 'Asha', why: null });
    const exported = await asReviewer(
      `/api/organization/openings/id/applications/export?id=${t.openingA.id}&format=csv`,
    );
    expect(exported.body.exception.error.message).toBe('Only owners and coordinators can export applications.');

    // The owner grants contact details: the reviewer sees the email on the next request.
    const granted = await actingFor(t.org.id, t.owner.token)('/api/organization/people', {
      method: 'PATCH',
      body: {
        memberId: t.reviewer.memberId,
        role: 'reviewer',
        allOpenings: false,
        openingIds: [t.openingA.id],
        canViewContacts: true,
      },
    });
    expect(granted.status).toBe(200);
    const again = await asReviewer(`/api/organization/openings/id/applications?id=${t.openingA.id}`);
    expect(again.body.result.data.items[0].applicant.email).toBe(t.student.email);
    expect(again.body.result.data.items[0].answers).toEqual({ name: 'Asha', email: 'asha@example.com', why: null });

    // A coordinator limited to opening B cannot create openings (they belong to no opening yet).
    const limited = await seedNewUser(server.db, { email: unique('limited') });
    await seedOrganizationMember(server.db, {
      organizationId: t.org.id,
      userId: limited.id,
      role: 'coordinator',
      openingIds: [t.openingB.id],
    });
    const asLimited = actingFor(t.org.id, await server.tokenFor(limited.id));
    expect((await asLimited('/api/organization/openings', { body: seedOpeningInput() })).status).toBe(403);
    expect(
      (await asLimited(`/api/organization/openings/id/applications/export?id=${t.openingB.id}&format=csv`)).status,
    ).toBe(200);
  });

  it('400 for a malformed organization header', async () => {
    const t = await team();
    const response = await server.call('/api/organization/openings', {
      token: t.owner.token,
      headers: { [ORGANIZATION_HEADER]: 'abc' },
    });
    expect(response.status).toBe(400);
    expect(response.body.exception.error.fields).toEqual([
      { field: ORGANIZATION_HEADER, message: 'Must be an organization id' },
    ]);
  });
});

describe('team: invitations, roles, removal', () => {
  it('an existing organization is its own only owner; the switch lists it', async () => {
    const org = await seedOrganization(server.db, { name: 'Solo Works' });
    const token = await server.tokenFor(org.id);
    const people = await server.call('/api/organization/people', { token });
    expect(people.status).toBe(200);
    expect(people.body.result.data.people).toMatchObject([
      { userId: org.id, role: 'owner', state: 'active', isOrganizationAccount: true, allOpenings: true },
    ]);
    expect(people.body.result.data.abilities).toEqual({ manage: true, viewActivity: true });
    const mine = await server.call('/api/user/organizations', { token });
    expect(mine.body.result.data.organizations).toMatchObject([
      { organizationId: org.id, name: 'Solo Works', role: 'owner', isOwnAccount: true },
    ]);
    // Someone choosing the Organization account type gets their organization at once.
    const fresh = await seedNewUser(server.db, { email: unique('fresh') });
    const freshToken = await server.tokenFor(fresh.id);
    expect((await server.call('/api/user/account?account=Organization', { token: freshToken })).status).toBe(200);
    const own = await server.call('/api/organization/people', { token: freshToken });
    expect(own.body.result.data.people).toMatchObject([{ userId: fresh.id, role: 'owner' }]);
  });

  it('nobody joins by being invited: the invited person accepts, then acts for the organization (issue 40)', async () => {
    const org = await seedOrganization(server.db, { name: 'Invite Works' });
    const asOwner = actingFor(org.id, await server.tokenFor(org.id));
    const email = unique('newcomer');
    const invited = await asOwner('/api/organization/people', { body: { email, role: 'coordinator' } });
    expect(invited.status).toBe(200);
    expect(invited.body.result.message).toBe(
      `${email} is invited as a coordinator: they join once they sign in to Placely and accept`,
    );
    expect(invited.body.result.data).toMatchObject({ email, userId: null, state: 'invited', role: 'coordinator' });

    const again = await asOwner('/api/organization/people', { body: { email, role: 'reviewer', allOpenings: false } });
    expect(again.status).toBe(400);
    expect(again.body.exception.error.fields[0].field).toBe('openingIds');

    const signedIn = await server.signIn({ email });
    // A person arriving through an invitation is signed in as Individual, not sent to pick an account type…
    expect(signedIn.result.body.accountType).toBe('Individual');
    const asNewcomer = actingFor(org.id, signedIn.accessToken);
    // …and is not in the team until they accept.
    expect((await asNewcomer('/api/user/organizations')).body.result.data.organizations).toEqual([]);
    expect((await asNewcomer('/api/organization/openings')).status).toBe(403);
    const waiting = await server.call('/api/user/teamInvitations', { token: signedIn.accessToken });
    expect(waiting.status).toBe(200);
    expect(waiting.body.result.data.invitations).toMatchObject([
      { memberId: invited.body.result.data.memberId, organizationId: org.id, role: 'coordinator' },
    ]);
    const memberId: string = invited.body.result.data.memberId;
    expect(waiting.body.result.data.invitations[0].organizationName).toBe('Invite Works');

    // Only the person it is addressed to answers it; signed out is a 401; a bad id names the field.
    const stranger = await server.tokenFor((await seedStudent(server.db)).id);
    const strangerAccept = await server.call('/api/user/teamInvitations/accept', {
      token: stranger,
      body: { memberId },
    });
    expect(strangerAccept.status).toBe(409);
    expect((await server.call('/api/user/teamInvitations/accept', { body: { memberId } })).status).toBe(401);
    const bad = await server.call('/api/user/teamInvitations/accept', {
      token: signedIn.accessToken,
      body: { memberId: 'nope' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.exception.error.fields[0].field).toBe('memberId');

    const accepted = await server.call('/api/user/teamInvitations/accept', {
      token: signedIn.accessToken,
      body: { memberId },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.result.message).toBe('You joined Invite Works as a coordinator');
    expect(accepted.body.result.data).toEqual({ memberId, organizationId: org.id, organizationName: 'Invite Works' });
    expect(
      (await server.call('/api/user/teamInvitations/accept', { token: signedIn.accessToken, body: { memberId } }))
        .status,
    ).toBe(409);
    const mine = await asNewcomer('/api/user/organizations');
    expect(mine.body.result.data.organizations).toMatchObject([{ organizationId: org.id, role: 'coordinator' }]);
    const created = await asNewcomer('/api/organization/openings', {
      body: seedOpeningInput({ title: 'By newcomer' }),
    });
    expect(created.status).toBe(200);
    const ownerList = await asOwner('/api/organization/openings');
    expect(ownerList.body.result.data.items.map((o: { title: string }) => o.title)).toContain('By newcomer');

    // Inviting someone already in the team is a conflict; someone already on Placely is invited too, and declines.
    expect((await asOwner('/api/organization/people', { body: { email, role: 'reviewer' } })).status).toBe(409);
    const existing = await seedStudent(server.db);
    const existingInvited = await asOwner('/api/organization/people', {
      body: { email: existing.email, role: 'reviewer' },
    });
    expect(existingInvited.body.result.message).toBe(
      `${existing.email} is invited as a reviewer: they join once they accept`,
    );
    expect(existingInvited.body.result.data).toMatchObject({ userId: null, state: 'invited' });
    const existingToken = await server.tokenFor(existing.id);
    const declined = await server.call('/api/user/teamInvitations/decline', {
      token: existingToken,
      body: { memberId: existingInvited.body.result.data.memberId },
    });
    expect(declined.status).toBe(200);
    expect(declined.body.result.message).toBe('You declined the invitation from Invite Works');
    expect((await actingFor(org.id, existingToken)('/api/organization/openings')).status).toBe(403);
    expect(
      (await server.call('/api/user/teamInvitations', { token: existingToken })).body.result.data.invitations,
    ).toEqual([]);

    // The owner reads both answers in the activity, by the person who gave them.
    const activity = await asOwner('/api/organization/activity?limit=10');
    const summaries = activity.body.result.data.items.map((event: { summary: string }) => event.summary);
    expect(summaries).toContain(`Member joined: ${email} accepted the invitation, now coordinator`);
    expect(summaries).toContain(`Invitation declined: ${existing.email} declined to join as reviewer`);
  });

  it('a revoked invitation cannot be accepted; an accepted one cannot be revoked, only removed', async () => {
    const org = await seedOrganization(server.db);
    const asOwner = actingFor(org.id, await server.tokenFor(org.id));
    const email = unique('revoked');
    const invited = await asOwner('/api/organization/people', { body: { email, role: 'reviewer' } });
    const memberId = invited.body.result.data.memberId;
    const revoked = await asOwner(`/api/organization/invitations?memberId=${memberId}`, { method: 'DELETE' });
    expect(revoked.status).toBe(200);
    expect(revoked.body.result.message).toBe(`The invitation to ${email} was revoked`);
    expect((await asOwner(`/api/organization/invitations?memberId=${memberId}`, { method: 'DELETE' })).status).toBe(
      404,
    );
    const signedIn = await server.signIn({ email });
    expect(
      (await server.call('/api/user/teamInvitations/accept', { token: signedIn.accessToken, body: { memberId } }))
        .status,
    ).toBe(409);
    const mine = await server.call('/api/user/organizations', { token: signedIn.accessToken });
    expect(mine.body.result.data.organizations).toEqual([]);
    expect((await actingFor(org.id, signedIn.accessToken)('/api/organization/openings')).status).toBe(403);

    const member = await seedStudent(server.db);
    const added = await asOwner('/api/organization/people', { body: { email: member.email, role: 'reviewer' } });
    const addedId = added.body.result.data.memberId;
    const accept = await server.call('/api/user/teamInvitations/accept', {
      token: await server.tokenFor(member.id),
      body: { memberId: addedId },
    });
    expect(accept.status).toBe(200);
    const claimed = await asOwner(`/api/organization/invitations?memberId=${addedId}`, { method: 'DELETE' });
    expect(claimed.status).toBe(409);
  });

  it('an invitation lapses after its time; inviting again renews it', async () => {
    const org = await seedOrganization(server.db);
    const asOwner = actingFor(org.id, await server.tokenFor(org.id));
    const email = unique('late');
    const invited = await asOwner('/api/organization/people', { body: { email, role: 'reviewer' } });
    const memberId = invited.body.result.data.memberId;
    await server.db
      .update(organizationMembers)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(organizationMembers.id, memberId));
    const people = await asOwner('/api/organization/people');
    expect(people.body.result.data.people.find((p: { email: string }) => p.email === email).state).toBe('expired');
    const first = await server.signIn({ email });
    const lapsed = await server.call('/api/user/teamInvitations', { token: first.accessToken });
    expect(lapsed.body.result.data.invitations).toEqual([]);
    expect(
      (await server.call('/api/user/teamInvitations/accept', { token: first.accessToken, body: { memberId } })).status,
    ).toBe(409);

    await ageInvitations(org.id, ORGANIZATION_INVITATION_LIMITS.resendAfterMinutes);
    const renewed = await asOwner('/api/organization/people', { body: { email, role: 'coordinator' } });
    expect(renewed.status).toBe(200);
    expect(renewed.body.result.data).toMatchObject({ memberId, state: 'invited', role: 'coordinator' });
    const open = await server.call('/api/user/teamInvitations', { token: first.accessToken });
    expect(open.body.result.data.invitations).toMatchObject([{ memberId, role: 'coordinator' }]);
  });

  it('one pending invitation per address: inviting it 25 times in a row mails it once; again after the hour', async () => {
    const org = await seedOrganization(server.db);
    const asOwner = actingFor(org.id, await server.tokenFor(org.id));
    const email = unique('cannon');
    const answers = [];
    for (let i = 0; i < 25; i++)
      answers.push(await asOwner('/api/organization/people', { body: { email, role: 'reviewer' } }));
    expect(answers[0]?.status).toBe(200);
    for (const answer of answers.slice(1)) {
      expect(answer.status).toBe(429);
      expect(answer.body.exception.error).toEqual({
        code: 'RATE_LIMITED',
        message: ORGANIZATION_INVITATION_MESSAGES.resendTooSoon(email),
      });
    }
    expect(await invitationMailsTo(email)).toBe(1);
    const live = await server.db
      .select({ id: organizationMembers.id })
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, org.id), eq(organizationMembers.email, email)));
    expect(live).toHaveLength(1);

    // An hour later the same invitation may be sent once more (renewed, still one row).
    await ageInvitations(org.id, ORGANIZATION_INVITATION_LIMITS.resendAfterMinutes);
    const resent = await asOwner('/api/organization/people', { body: { email, role: 'reviewer' } });
    expect(resent.status).toBe(200);
    expect(resent.body.result.data.memberId).toBe(live[0]?.id);
    expect(await invitationMailsTo(email)).toBe(2);
    expect((await asOwner('/api/organization/people', { body: { email, role: 'reviewer' } })).status).toBe(429);
  });

  it('caps the invitations an organization sends in 24 hours, lower while it is new', async () => {
    const { perDay, perDayWhileNew, newForDays } = ORGANIZATION_INVITATION_LIMITS;
    const fresh = await seedOrganization(server.db);
    const asFresh = actingFor(fresh.id, await server.tokenFor(fresh.id));
    await pastInvitations(fresh.id, perDayWhileNew - 1);
    expect(
      (await asFresh('/api/organization/people', { body: { email: unique('last'), role: 'reviewer' } })).status,
    ).toBe(200);
    const refused = await asFresh('/api/organization/people', { body: { email: unique('over'), role: 'reviewer' } });
    expect(refused.status).toBe(429);
    expect(refused.body.exception.error.message).toBe(ORGANIZATION_INVITATION_MESSAGES.dailyCap(perDayWhileNew));
    expect(refused.body.exception.error.message).toContain('while it is new');

    // An established organization (older than the new period) has the higher cap.
    const established = await seedOrganization(server.db);
    await server.db
      .update(organizations)
      .set({ createdAt: sql`now() - make_interval(days => ${newForDays + 1})` })
      .where(eq(organizations.id, established.id));
    const asEstablished = actingFor(established.id, await server.tokenFor(established.id));
    await pastInvitations(established.id, perDayWhileNew);
    expect(
      (await asEstablished('/api/organization/people', { body: { email: unique('more'), role: 'reviewer' } })).status,
    ).toBe(200);
    await pastInvitations(established.id, perDay - perDayWhileNew - 2);
    expect(
      (await asEstablished('/api/organization/people', { body: { email: unique('cap'), role: 'reviewer' } })).status,
    ).toBe(200);
    const capped = await asEstablished('/api/organization/people', {
      body: { email: unique('capped'), role: 'reviewer' },
    });
    expect(capped.status).toBe(429);
    expect(capped.body.exception.error.message).toBe(ORGANIZATION_INVITATION_MESSAGES.dailyCap(perDay));

    // A day later the window has moved on.
    await ageInvitations(established.id, 24 * 60);
    expect(
      (await asEstablished('/api/organization/people', { body: { email: unique('next-day'), role: 'reviewer' } }))
        .status,
    ).toBe(200);
  });

  it('pages the team, invitations included: owners first, then by name; a cursor is for its own team only', async () => {
    const org = await seedOrganization(server.db, { name: 'Paged Co' });
    const asOwner = actingFor(org.id, await server.tokenFor(org.id));
    for (const name of ['c', 'a', 'b']) {
      const user = await seedNewUser(server.db, { email: unique(`member-${name}`), name: `Member ${name}` });
      await seedOrganizationMember(server.db, { organizationId: org.id, userId: user.id, role: 'reviewer' });
    }
    const invited = unique('zz-invited');
    expect((await asOwner('/api/organization/people', { body: { email: invited, role: 'coordinator' } })).status).toBe(
      200,
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : '?limit=2';
      const page = await asOwner(`/api/organization/people${query}`);
      expect(page.status).toBe(200);
      expect(page.body.result.data.people.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.result.data.people.map((p: { name: string | null; email: string }) => p.name ?? p.email));
      cursor = page.body.result.data.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([org.name, invited, 'Member a', 'Member b', 'Member c']);

    const first = await asOwner('/api/organization/people?limit=1');
    const other = await seedOrganization(server.db);
    const elsewhere = await actingFor(
      other.id,
      await server.tokenFor(other.id),
    )(`/api/organization/people?cursor=${encodeURIComponent(first.body.result.data.nextCursor)}`);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.exception.error.fields).toEqual([{ field: 'cursor', message: 'Not a valid cursor' }]);
    expect((await asOwner('/api/organization/people?cursor=forged')).status).toBe(400);
    expect((await asOwner('/api/organization/people?limit=0')).status).toBe(400);
  });

  it('the last owner can be neither demoted nor removed, also when two owners demote each other at once', async () => {
    const org = await seedOrganization(server.db);
    const ownerToken = await server.tokenFor(org.id);
    const asOwner = actingFor(org.id, ownerToken);
    const people = await asOwner('/api/organization/people');
    const ownMemberId = people.body.result.data.people[0].memberId;
    const alone = await asOwner('/api/organization/people', {
      method: 'PATCH',
      body: { memberId: ownMemberId, role: 'coordinator' },
    });
    expect(alone.status).toBe(409);
    expect(alone.body.exception.error.message).toBe(
      "This is the organization's only owner: make someone else owner first.",
    );
    expect((await asOwner(`/api/organization/people?memberId=${ownMemberId}`, { method: 'DELETE' })).status).toBe(409);

    const second = await seedNewUser(server.db, { email: unique('second-owner') });
    const secondMemberId = await seedOrganizationMember(server.db, {
      organizationId: org.id,
      userId: second.id,
      role: 'owner',
    });
    const asSecond = actingFor(org.id, await server.tokenFor(second.id));
    for (let round = 0; round < 3; round++) {
      const [one, two] = await Promise.all([
        asOwner('/api/organization/people', {
          method: 'PATCH',
          body: { memberId: secondMemberId, role: 'coordinator' },
        }),
        asSecond('/api/organization/people', { method: 'PATCH', body: { memberId: ownMemberId, role: 'coordinator' } }),
      ]);
      expect([one.status, two.status].filter((status) => status === 200)).toHaveLength(1);
      expect([one.status, two.status].filter((status) => status !== 200)[0]).toBeOneOf([403, 409]);
      const owners = await server.db
        .select()
        .from(organizationMembers)
        .where(sql`${organizationMembers.organizationId} = ${org.id} and role = 'owner' and revoked_at is null`);
      expect(owners).toHaveLength(1);
      // Restore both owners for the next round.
      await server.db
        .update(organizationMembers)
        .set({ role: 'owner' })
        .where(sql`${organizationMembers.organizationId} = ${org.id} and revoked_at is null`);
    }
  });

  it('a removed person loses access on their very next request, with the same token', async () => {
    const t = await team();
    const asCoordinator = actingFor(t.org.id, t.coordinator.token);
    expect((await asCoordinator('/api/organization/openings')).status).toBe(200);
    const removed = await actingFor(t.org.id, t.owner.token)(
      `/api/organization/people?memberId=${t.coordinator.memberId}`,
      {
        method: 'DELETE',
      },
    );
    expect(removed.status).toBe(200);
    expect(removed.body.result.message).toBe(`${t.coordinator.user.email} was removed from the organization`);
    const next = await asCoordinator('/api/organization/openings', { body: seedOpeningInput({ title: 'Too late' }) });
    expect(next.status).toBe(403);
    expect(next.body.exception.error.message).toBe('You are no longer a member of this organization.');
    const mine = await server.call('/api/user/organizations', { token: t.coordinator.token });
    expect(mine.body.result.data.organizations).toEqual([]);
    // Someone from another organization cannot change this team (403), nor reach a member id of it.
    const stranger = await actingFor(t.otherOrg.user.id, t.otherOrg.token)(
      `/api/organization/people?memberId=${t.reviewer.memberId}`,
      {
        method: 'DELETE',
      },
    );
    expect(stranger.status).toBe(404);
  });
});

describe('files sent with applications', () => {
  it("a candidate's resume opens for the people whose role covers the opening, logged as the organization's view", async () => {
    const t = await team();
    const [file] = await server.db
      .insert(files)
      .values({
        ownerId: t.student.id,
        purpose: 'resume',
        name: 'CV.pdf',
        contentType: 'application/pdf',
        size: 10,
        storageKey: crypto.randomUUID(),
        status: 'ready',
      })
      .returning();
    await server.db.insert(applicationFiles).values({ applicationId: t.applicationA.id, fileId: file!.id });
    const link = (token: string) => actingFor(t.org.id, token)(`/api/files/${file!.id}/link`);
    expect((await link(t.reviewer.token)).status).toBe(200);
    expect((await link(t.otherReviewer.token)).status).toBe(403);
    expect((await link(t.former.token)).status).toBe(403);
    expect((await actingFor(null, t.otherOrg.token)(`/api/files/${file!.id}/link`)).status).toBe(403);
    const views = await server.db.select().from(profileViews).where(eq(profileViews.ownerId, t.student.id));
    expect(views.map((view) => view.viewerId)).toEqual([t.org.id]);
    const audit = await actingFor(t.org.id, t.owner.token)('/api/organization/activity?kind=resume.viewed');
    expect(audit.body.result.data.items).toMatchObject([
      { actor: { userId: t.reviewer.user.id }, opening: { id: t.openingA.id }, applicationId: t.applicationA.id },
    ]);
  });
});

describe('audit trail', () => {
  it('records who did what; owners read it filtered by person, opening and kind; exports carry their row count', async () => {
    const t = await team();
    const asOwner = actingFor(t.org.id, t.owner.token);
    const asCoordinator = actingFor(t.org.id, t.coordinator.token);
    const created = await asCoordinator('/api/organization/openings', { body: seedOpeningInput({ title: 'Audited' }) });
    const openingId = created.body.result.data.id;
    await asCoordinator('/api/organization/openings/id/status', { body: { id: openingId, status: 'closed' } });
    await asCoordinator(`/api/organization/openings/id/applications/export?id=${t.openingA.id}&format=csv`);
    await actingFor(
      t.org.id,
      t.reviewer.token,
    )(`/api/organization/openings/id/applications/one?id=${t.openingA.id}&applicationId=${t.applicationA.id}`);
    await asOwner('/api/organization/people', { body: { email: unique('audited'), role: 'reviewer' } });

    const all = await asOwner('/api/organization/activity');
    expect(all.status).toBe(200);
    const kinds = all.body.result.data.items.map((event: { kind: string }) => event.kind);
    expect(kinds).toEqual([
      'member.invited',
      'application.opened',
      'export.downloaded',
      'opening.statusChanged',
      'opening.created',
    ]);
    const exported = all.body.result.data.items[2];
    expect(exported).toMatchObject({
      actor: { userId: t.coordinator.user.id, email: t.coordinator.user.email },
      opening: { id: t.openingA.id, title: 'Opening A' },
      details: { format: 'csv', rows: 1 },
    });

    const byPerson = await asOwner(`/api/organization/activity?person=${t.coordinator.user.id}`);
    expect(byPerson.body.result.data.items).toHaveLength(3);
    const byOpening = await asOwner(`/api/organization/activity?openingId=${openingId}`);
    expect(byOpening.body.result.data.items.map((e: { kind: string }) => e.kind)).toEqual([
      'opening.statusChanged',
      'opening.created',
    ]);
    const byKind = await asOwner('/api/organization/activity?kind=export.downloaded&limit=1');
    expect(byKind.body.result.data.items).toHaveLength(1);
    expect(byKind.body.result.data.nextCursor).toBeNull();
    expect((await asOwner('/api/organization/activity?kind=nope')).status).toBe(400);

    // Paging by cursor covers every event once.
    const first = await asOwner('/api/organization/activity?limit=2');
    const second = await asOwner(
      `/api/organization/activity?limit=2&cursor=${encodeURIComponent(first.body.result.data.nextCursor)}`,
    );
    expect(second.body.result.data.items[0].kind).toBe('export.downloaded');

    // The responses view learns who last changed the opening and each application.
    const changes = await asCoordinator(`/api/organization/openings/id/changes?id=${t.openingA.id}`);
    expect(changes.body.result.data.opening).toMatchObject({ kind: 'export.downloaded' });
    expect(changes.body.result.data.applications[t.applicationA.id]).toMatchObject({
      kind: 'application.opened',
      actor: { userId: t.reviewer.user.id },
    });

    // Append-only: the database refuses edits.
    await expect(
      server.db
        .update(organizationAuditEvents)
        .set({ kind: 'opening.edited' })
        .where(eq(organizationAuditEvents.organizationId, t.org.id)),
    ).rejects.toThrow();
  });
});
