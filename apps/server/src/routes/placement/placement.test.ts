import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cycleEnrolments, educationEntries, recordVerifications } from '../../db/schema';
import {
  seedBranch,
  seedCellLink,
  seedCycle,
  seedCycleCompany,
  seedEnrolment,
  seedInstitution,
  seedInstitutionRole,
  seedOpeningWithApplicants,
  seedOrganization,
  seedOrganizationMember,
  seedStudent,
  seedVerificationGroup,
} from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';

/**
 * Placement season, the core (docs/ARCHITECTURE.md "Placement season"): the cell link, branches, cycles, enrolment
 * (join link, verification group, CSV/XLSX with bad rows line by line, pending emails claimed at first sign-in),
 * company registration, opening approval and who sees a cycle's openings.
 */
let server: TestServer;
let institutionId: number;
let otherInstitutionId: number;
let root: { id: number; token: string };
let cellOrg: { id: number; token: string };
let cellCoordinator: { id: number; token: string; headers: Record<string, string> };
let cellReviewer: { id: number; token: string };
let company: { id: number; token: string };
let otherCompany: { id: number; token: string };
let student: { id: number; email: string; token: string };
let stranger: { id: number; token: string };
let cse: { id: string };
let ece: { id: string };

beforeAll(async () => {
  server = await startTestServer();
  const db = server.db;
  institutionId = (await seedInstitution(db, { name: 'Placement Institute', domain: 'placement-inst.edu' })).id;
  otherInstitutionId = (await seedInstitution(db, { name: 'Other Institute' })).id;
  const rootUser = await seedStudent(db, { name: 'Root Officer' });
  await seedInstitutionRole(db, { institutionId, userId: rootUser.id, role: 'root' });
  root = { id: rootUser.id, token: await server.tokenFor(rootUser.id) };

  const cellUser = await seedOrganization(db, { name: 'TnP Cell' });
  await seedCellLink(db, { organizationId: cellUser.id, institutionId });
  cellOrg = { id: cellUser.id, token: await server.tokenFor(cellUser.id) };
  const coordinatorUser = await seedStudent(db, { name: 'Student Coordinator' });
  await seedOrganizationMember(db, { organizationId: cellUser.id, userId: coordinatorUser.id, role: 'coordinator' });
  cellCoordinator = {
    id: coordinatorUser.id,
    token: await server.tokenFor(coordinatorUser.id),
    headers: { 'x-organization-id': String(cellUser.id) },
  };
  const reviewerUser = await seedStudent(db, { name: 'Cell Reviewer' });
  await seedOrganizationMember(db, { organizationId: cellUser.id, userId: reviewerUser.id, role: 'reviewer' });
  cellReviewer = { id: reviewerUser.id, token: await server.tokenFor(reviewerUser.id) };

  const companyUser = await seedOrganization(db, { name: 'Acme Recruiting' });
  company = { id: companyUser.id, token: await server.tokenFor(companyUser.id) };
  const otherCompanyUser = await seedOrganization(db, { name: 'Globex Hiring' });
  otherCompany = { id: otherCompanyUser.id, token: await server.tokenFor(otherCompanyUser.id) };
  const studentUser = await seedStudent(db, { name: 'Asha Student' });
  student = { id: studentUser.id, email: studentUser.email, token: await server.tokenFor(studentUser.id) };
  const strangerUser = await seedStudent(db, { name: 'Not Enrolled' });
  stranger = { id: strangerUser.id, token: await server.tokenFor(strangerUser.id) };

  cse = await seedBranch(db, {
    institutionId,
    name: 'Computer Science and Engineering',
    aliases: ['CSE', 'CS', 'Computer Science'],
  });
  ece = await seedBranch(db, { institutionId, name: 'Electronics and Telecommunication', aliases: ['E&TC', 'ENTC'] });
}, 240_000);
afterAll(() => server?.close());

const call = (
  path: string,
  who: { token: string; headers?: Record<string, string> } | null,
  options: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) =>
  server.call(path, {
    ...options,
    token: who?.token,
    headers: { ...(who?.headers ?? {}), ...(options.headers ?? {}) },
  });

describe('the cell link', () => {
  it('the root links an organization; an owner asks and the root confirms', async () => {
    const org = await seedOrganization(server.db, { name: 'Internship Cell' });
    const orgToken = await server.tokenFor(org.id);
    const asked = await call('/api/placement/cell-links/request', { token: orgToken }, { body: { institutionId } });
    expect(asked.status).toBe(200);
    expect(asked.body.result.data).toMatchObject({ organizationId: org.id, confirmed: false });
    // Not yet confirmed: the organization's people are not in the cell.
    expect((await call(`/api/placement/cycles?institutionId=${institutionId}`, { token: orgToken })).status).toBe(403);
    const list = await call(`/api/placement/cell-links?institutionId=${institutionId}`, root);
    expect(list.body.result.data.items.map((item: { organizationId: number }) => item.organizationId)).toContain(
      org.id,
    );
    expect((await call(`/api/placement/cell-links?institutionId=${institutionId}`, student)).status).toBe(403);
    const confirmed = await call('/api/placement/cell-links', root, {
      body: { institutionId, organizationId: org.id },
    });
    expect(confirmed.body.result.data.confirmed).toBe(true);
    expect((await call(`/api/placement/cycles?institutionId=${institutionId}`, { token: orgToken })).status).toBe(200);
    const cells = await call('/api/placement/cells', { token: orgToken });
    expect(cells.body.result.data.items).toEqual([
      { institutionId, institutionName: 'Placement Institute', role: 'owner' },
    ]);
    // Someone else's root cannot link it elsewhere while it acts for this institution.
    const otherRoot = await seedStudent(server.db);
    await seedInstitutionRole(server.db, { institutionId: otherInstitutionId, userId: otherRoot.id, role: 'root' });
    const taken = await call(
      '/api/placement/cell-links',
      { token: await server.tokenFor(otherRoot.id) },
      { body: { institutionId: otherInstitutionId, organizationId: org.id } },
    );
    expect(taken.status).toBe(409);
    const removed = await call(
      `/api/placement/cell-links?institutionId=${institutionId}&organizationId=${org.id}`,
      root,
      { method: 'DELETE' },
    );
    expect(removed.status).toBe(200);
    expect((await call(`/api/placement/cycles?institutionId=${institutionId}`, { token: orgToken })).status).toBe(403);
  });

  it('only the root links; an admin does not', async () => {
    const admin = await seedStudent(server.db);
    await seedInstitutionRole(server.db, { institutionId, userId: admin.id, role: 'admin' });
    const refused = await call(
      '/api/placement/cell-links',
      { token: await server.tokenFor(admin.id) },
      { body: { institutionId, organizationId: company.id } },
    );
    expect(refused.status).toBe(403);
  });
});

describe('branches', () => {
  it('CRUD with aliases, and free text mapped through them', async () => {
    const created = await call('/api/placement/branches', root, {
      body: { institutionId, degree: 'M.Tech', name: 'VLSI Design', aliases: ['VLSI', 'vlsi', 'VLSI Design'] },
    });
    expect(created.status).toBe(200);
    expect(created.body.result.data.aliases).toEqual(['VLSI']);
    const duplicate = await call('/api/placement/branches', root, {
      body: { institutionId, degree: 'm.tech', name: 'vlsi design' },
    });
    expect(duplicate.status).toBe(409);
    const updated = await call('/api/placement/branches', root, {
      method: 'PATCH',
      body: { branchId: created.body.result.data.id, aliases: ['VLSI', 'Microelectronics'] },
    });
    expect(updated.body.result.data.aliases).toEqual(['VLSI', 'Microelectronics']);
    const matched = await call('/api/placement/branches/match', cellCoordinator, {
      body: { institutionId, texts: ['cse', 'E & TC', 'Computer  Science', 'Mechanical'] },
    });
    expect(
      matched.body.result.data.items.map((item: { branch: { name: string } | null }) => item.branch?.name ?? null),
    ).toEqual([
      'Computer Science and Engineering',
      'Electronics and Telecommunication',
      'Computer Science and Engineering',
      null,
    ]);
    // A coordinator may read, not change, the list; a student reads it.
    expect(
      (
        await call('/api/placement/branches', cellCoordinator, {
          body: { institutionId, degree: 'B.Tech', name: 'Civil' },
        })
      ).status,
    ).toBe(403);
    const listed = await call(`/api/placement/branches?institutionId=${institutionId}`, student);
    expect(listed.status).toBe(200);
    expect(listed.body.result.data.items.length).toBeGreaterThanOrEqual(3);
    const deleted = await call(`/api/placement/branches?branchId=${created.body.result.data.id}`, root, {
      method: 'DELETE',
    });
    expect(deleted.status).toBe(200);
  });
});

describe('cycles', () => {
  it('the cell creates, edits, lists and reads; reviewers read only; outsiders see nothing', async () => {
    const created = await call('/api/placement/cycles', root, {
      body: {
        institutionId,
        name: 'Final placements 2026–27',
        kind: 'jobs',
        startsOn: '2026-07-01',
        endsOn: '2027-06-30',
      },
    });
    expect(created.status).toBe(200);
    const cycle = created.body.result.data;
    expect(cycle).toMatchObject({ status: 'active', role: 'owner', abilities: { manage: true } });
    expect(cycle.joinToken).toHaveLength(32);
    const badDates = await call('/api/placement/cycles', root, {
      body: { institutionId, name: 'Backwards', kind: 'jobs', startsOn: '2027-07-01', endsOn: '2026-06-30' },
    });
    expect(badDates.status).toBe(400);
    expect(badDates.body.exception.error.fields[0].field).toBe('endsOn');
    const edited = await call('/api/placement/cycles', cellCoordinator, {
      method: 'PATCH',
      body: { cycleId: cycle.id, name: 'Renamed' },
    });
    expect(edited.status).toBe(403);
    const renamed = await call(
      '/api/placement/cycles',
      { token: cellOrg.token },
      {
        method: 'PATCH',
        body: { cycleId: cycle.id, name: 'Final placements 2026-27' },
      },
    );
    expect(renamed.body.result.data.name).toBe('Final placements 2026-27');
    const asReviewer = await call(`/api/placement/cycles/id?cycleId=${cycle.id}`, {
      token: cellReviewer.token,
      headers: { 'x-organization-id': String(cellOrg.id) },
    });
    expect(asReviewer.body.result.data).toMatchObject({
      role: 'reviewer',
      abilities: { manage: false, manageStudents: false },
    });
    expect((await call(`/api/placement/cycles/id?cycleId=${cycle.id}`, student)).status).toBe(404);
    expect((await call(`/api/placement/cycles/id?cycleId=${cycle.id}`, company)).status).toBe(404);
    const listed = await call(`/api/placement/cycles?institutionId=${institutionId}`, root);
    expect(listed.body.result.data.items.some((item: { id: string }) => item.id === cycle.id)).toBe(true);
    const rotated = await call('/api/placement/cycles/join-token', root, { body: { cycleId: cycle.id } });
    expect(rotated.body.result.data.joinToken).not.toBe(cycle.joinToken);
  });
});

describe('enrolment', () => {
  it('through the join link, with the student’s verified records', async () => {
    const cycle = await seedCycle(server.db, { institutionId });
    const person = await seedStudent(server.db, { name: 'Link Student' });
    const token = await server.tokenFor(person.id);
    const group = await seedVerificationGroup(server.db, { ownerId: root.id, institutionId, members: [person.id] });
    const [education] = await server.db
      .insert(educationEntries)
      .values({
        userId: person.id,
        institutionName: 'Placement Institute',
        degree: 'B.Tech',
        fieldOfStudy: 'CSE',
        isCurrent: true,
        grade: 8.4,
        gradeScale: 'CGPA_10',
        currentBacklogs: 0,
        endMonth: '2027-05',
      })
      .returning();
    await server.db.insert(recordVerifications).values({
      subjectUserId: person.id,
      recordKind: 'education',
      recordId: education?.id ?? '',
      verificationGroupId: group.id,
      verifierId: root.id,
      decision: 'verified',
      snapshot: {},
      facts: {
        degree: 'B.Tech',
        branch: 'CSE',
        grade: 8.4,
        gradeScale: 'CGPA_10',
        graduationYear: 2027,
        currentBacklogs: 0,
      },
    });
    const preview = await call(`/api/placement/join?token=${cycle.joinToken}`, { token });
    expect(preview.body.result.data).toMatchObject({ cycleId: cycle.id, enrolled: false });
    const joined = await call('/api/placement/join', { token }, { body: { token: cycle.joinToken } });
    expect(joined.status).toBe(200);
    expect(joined.body.result.message).toBe('You are enrolled in the cycle');
    const again = await call('/api/placement/join', { token }, { body: { token: cycle.joinToken } });
    expect(again.body.result.message).toBe('You are already enrolled in this cycle');
    const [row] = await server.db.select().from(cycleEnrolments).where(eq(cycleEnrolments.userId, person.id));
    expect(row).toMatchObject({
      source: 'link',
      branchId: cse.id,
      degree: 'B.Tech',
      cgpa: 8.4,
      backlogs: 0,
      graduationYear: 2027,
      recordsLocked: true,
    });
    expect((await call('/api/placement/join', company, { body: { token: cycle.joinToken } })).status).toBe(403);
    expect((await call('/api/placement/join', { token }, { body: { token: 'nope' } })).status).toBe(404);
  });

  it('from a verification group of the institution', async () => {
    const cycle = await seedCycle(server.db, { institutionId });
    const people = await Promise.all([1, 2, 3].map((n) => seedStudent(server.db, { name: `Group ${n}` })));
    const group = await seedVerificationGroup(server.db, {
      ownerId: root.id,
      institutionId,
      members: people.map((p) => p.id),
    });
    const [first] = people;
    const [education] = await server.db
      .insert(educationEntries)
      .values({
        userId: first?.id ?? 0,
        institutionName: 'X',
        degree: 'B.Tech',
        fieldOfStudy: 'Mechanical',
        isCurrent: true,
      })
      .returning();
    await server.db.insert(recordVerifications).values({
      subjectUserId: first?.id ?? 0,
      recordKind: 'education',
      recordId: education?.id ?? '',
      verificationGroupId: group.id,
      verifierId: root.id,
      decision: 'verified',
      snapshot: {},
      facts: { degree: 'B.Tech', branch: 'Mechanical', graduationYear: 2026 },
    });
    await seedEnrolment(server.db, { cycleId: cycle.id, userId: people[2]?.id });
    const enrolled = await call('/api/placement/enrolments/group', cellCoordinator, {
      body: { cycleId: cycle.id, groupId: group.id },
    });
    expect(enrolled.status).toBe(200);
    expect(enrolled.body.result.data).toEqual({ added: 2, alreadyEnrolled: 1, unmappedBranches: ['Mechanical'] });
    const otherGroup = await seedVerificationGroup(server.db, { ownerId: root.id, institutionId: otherInstitutionId });
    expect(
      (await call('/api/placement/enrolments/group', root, { body: { cycleId: cycle.id, groupId: otherGroup.id } }))
        .status,
    ).toBe(403);
    expect(
      (
        await call(
          '/api/placement/enrolments/group',
          {
            token: cellReviewer.token,
            headers: { 'x-organization-id': String(cellOrg.id) },
          },
          { body: { cycleId: cycle.id, groupId: group.id } },
        )
      ).status,
    ).toBe(403);
  });

  it('from a CSV: bad rows line by line and nothing written; then a clean batch, pending emails claimed at sign-in', async () => {
    const cycle = await seedCycle(server.db, { institutionId });
    const bad = [
      'Email,Roll No,Programme,Branch,CGPA,Backlogs,Graduation Year',
      `${student.email},R001,B.Tech,CSE,8.5,0,2027`,
      'not-an-email,R002,B.Tech,CSE,8,0,2027',
      'b@x.edu,R003,B.Tech,Astrology,7,0,2027',
      'c@x.edu,R004,B.Tech,E&TC,11,0,2027',
      'd@x.edu,R005,B.Tech,CSE,eight,-1,1890',
      `${student.email.toUpperCase()},R006,B.Tech,CSE,8,0,2027`,
    ].join('\n');
    const rejected = await call('/api/placement/enrolments/import', cellCoordinator, {
      body: { cycleId: cycle.id, format: 'csv', content: bad },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.result.data.added).toBe(0);
    expect(rejected.body.result.data.errors).toEqual([
      { line: 3, field: 'email', message: 'Not a valid email address' },
      {
        line: 4,
        field: 'branch',
        message: '"Astrology" is not in the institution\'s branch list (add it or an alias first)',
      },
      { line: 5, field: 'CGPA', message: 'Must be at most 10' },
      { line: 6, field: 'CGPA', message: 'Must be a number' },
      { line: 6, field: 'backlogs', message: 'Must be 0 or more' },
      { line: 6, field: 'graduation year', message: 'Must be 1950 or later' },
      { line: 7, field: 'email', message: 'Same email as line 2' },
    ]);
    expect(await server.db.select().from(cycleEnrolments).where(eq(cycleEnrolments.cycleId, cycle.id))).toEqual([]);

    const good = [
      'email,roll number,programme,branch,cgpa,backlogs,graduation year',
      `${student.email},R001,B.Tech,CSE,8.5,0,2027`,
      '"newcomer@x.edu","R002","B.Tech","E&TC","7.25","1","2027"',
    ].join('\r\n');
    const imported = await call('/api/placement/enrolments/import', cellCoordinator, {
      body: { cycleId: cycle.id, format: 'csv', content: good },
    });
    expect(imported.body.result.data).toMatchObject({ rows: 2, added: 2, updated: 0, errors: [] });
    const again = await call('/api/placement/enrolments/import', root, {
      body: { cycleId: cycle.id, format: 'csv', content: good.replace('8.5', '8.6') },
    });
    expect(again.body.result.data).toMatchObject({ added: 0, updated: 2 });
    const list = await call(`/api/placement/enrolments?cycleId=${cycle.id}`, root);
    const items = list.body.result.data.items;
    expect(
      items.map((item: { email: string; claimed: boolean; recordsLocked: boolean }) => [
        item.email,
        item.claimed,
        item.recordsLocked,
      ]),
    ).toEqual([
      ['newcomer@x.edu', false, true],
      [student.email, true, true],
    ]);
    expect(items[1]).toMatchObject({ cgpa: 8.6, rollNumber: 'R001', source: 'csv', branch: { id: cse.id } });
    expect(items[0]).toMatchObject({ backlogs: 1, branch: { id: ece.id } });

    // The newcomer signs in for the first time: the enrolment is theirs.
    const signedIn = await server.signIn({ email: 'newcomer@x.edu', name: 'New Comer', assumeStudent: true });
    const mine = await call('/api/placement/my/cycles', { token: signedIn.accessToken });
    expect(mine.body.result.data.items).toHaveLength(1);
    expect(mine.body.result.data.items[0]).toMatchObject({ cycleId: cycle.id, enrolment: { claimed: true } });
  });

  it('from an XLSX', async () => {
    const cycle = await seedCycle(server.db, { institutionId });
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Batch');
    sheet.addRow(['Email', 'Roll number', 'Programme', 'Branch', 'CGPA', 'Backlogs', 'Graduation year']);
    sheet.addRow(['x1@x.edu', 'X1', 'B.Tech', 'CS', 9.1, 0, 2027]);
    sheet.addRow(['x2@x.edu', 'X2', 'B.Tech', 'Unknown', 6, 0, 2027]);
    const content = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
    const result = await call('/api/placement/enrolments/import', root, {
      body: { cycleId: cycle.id, format: 'xlsx', content },
    });
    expect(result.body.result.data.errors).toEqual([
      {
        line: 3,
        field: 'branch',
        message: '"Unknown" is not in the institution\'s branch list (add it or an alias first)',
      },
    ]);
    const notXlsx = await call('/api/placement/enrolments/import', root, {
      body: { cycleId: cycle.id, format: 'xlsx', content: Buffer.from('hello').toString('base64') },
    });
    expect(notXlsx.status).toBe(400);
    expect(notXlsx.body.exception.error.fields[0].field).toBe('content');
  });

  it('the list filters and pages; the cell debars with a reason; the student opts out and asks for corrections', async () => {
    const cycle = await seedCycle(server.db, { institutionId });
    for (let n = 0; n < 5; n++) {
      await seedEnrolment(server.db, {
        cycleId: cycle.id,
        email: `filter${n}@x.edu`,
        branchId: n % 2 === 0 ? cse.id : ece.id,
        cgpa: 6 + n,
        backlogs: n % 3,
        graduationYear: 2026 + (n % 2),
        recordsLocked: true,
      });
    }
    const mine = await seedEnrolment(server.db, {
      cycleId: cycle.id,
      userId: student.id,
      cgpa: 7,
      recordsLocked: true,
    });
    const filtered = await call(
      `/api/placement/enrolments?cycleId=${cycle.id}&branchId=${cse.id}&minCgpa=7&maxBacklogs=1`,
      root,
    );
    expect(filtered.body.result.data.items.map((item: { email: string }) => item.email)).toEqual(['filter4@x.edu']);
    const page1 = await call(`/api/placement/enrolments?cycleId=${cycle.id}&limit=4`, root);
    expect(page1.body.result.data.items).toHaveLength(4);
    const page2 = await call(
      `/api/placement/enrolments?cycleId=${cycle.id}&limit=4&cursor=${encodeURIComponent(page1.body.result.data.nextCursor)}`,
      root,
    );
    expect(page2.body.result.data.items).toHaveLength(2);
    expect(page2.body.result.data.nextCursor).toBeNull();
    const strict = await call(`/api/placement/enrolments?cycleId=${cycle.id}&sort=name`, root);
    expect(strict.status).toBe(400);

    const noReason = await call('/api/placement/enrolments', root, {
      method: 'PATCH',
      body: { enrolmentId: page1.body.result.data.items[0].id, status: 'debarred' },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.exception.error.fields[0].field).toBe('debarredReason');
    const debarred = await call('/api/placement/enrolments', cellCoordinator, {
      method: 'PATCH',
      body: { enrolmentId: page1.body.result.data.items[0].id, status: 'debarred', debarredReason: 'Skipped 3 rounds' },
    });
    expect(debarred.body.result.data).toMatchObject({ status: 'debarred', debarredReason: 'Skipped 3 rounds' });

    const asked = await call('/api/placement/my/corrections', student, {
      body: { cycleId: cycle.id, field: 'cgpa', value: '7.8', reason: 'The 6th semester result was revised' },
    });
    expect(asked.status).toBe(200);
    expect(asked.body.result.data).toMatchObject({ currentValue: '7', requestedValue: '7.8', status: 'pending' });
    const twice = await call('/api/placement/my/corrections', student, {
      body: { cycleId: cycle.id, field: 'cgpa', value: '7.9', reason: 'again' },
    });
    expect(twice.status).toBe(409);
    const badValue = await call('/api/placement/my/corrections', student, {
      body: { cycleId: cycle.id, field: 'cgpa', value: 'eleven', reason: 'x' },
    });
    expect(badValue.status).toBe(400);
    const pending = await call(`/api/placement/corrections?cycleId=${cycle.id}&status=pending`, root);
    expect(pending.body.result.data.items).toHaveLength(1);
    const approved = await call('/api/placement/corrections/decide', root, {
      body: { correctionId: asked.body.result.data.id, decision: 'approve' },
    });
    expect(approved.body.result.data).toMatchObject({ status: 'approved', currentValue: '7.8' });
    expect(
      (
        await call('/api/placement/corrections/decide', root, {
          body: { correctionId: asked.body.result.data.id, decision: 'reject' },
        })
      ).status,
    ).toBe(409);

    const badReason = await call('/api/placement/my/opt-out', student, {
      body: { cycleId: cycle.id, reason: 'travel' },
    });
    expect(badReason.status).toBe(400);
    expect(JSON.stringify(badReason.body)).toContain('reason');
    const optedOut = await call('/api/placement/my/opt-out', student, { body: { cycleId: cycle.id } });
    expect(optedOut.body.result.data).toMatchObject({ status: 'opted_out', optOutReason: null });
    // Saying why afterwards (the NIRF report counts higher studies); the cell sees it, and clears it on a return.
    const said = await call('/api/placement/my/opt-out', student, {
      body: { cycleId: cycle.id, reason: 'higher_studies' },
    });
    expect(said.body.result.data).toMatchObject({ status: 'opted_out', optOutReason: 'higher_studies' });
    const back = await call('/api/placement/enrolments', root, {
      method: 'PATCH',
      body: { enrolmentId: said.body.result.data.id, status: 'available' },
    });
    expect(back.body.result.data).toMatchObject({ status: 'available', optOutReason: null });
    const byCell = await call('/api/placement/enrolments', root, {
      method: 'PATCH',
      body: { enrolmentId: said.body.result.data.id, status: 'opted_out', optOutReason: 'entrepreneurship' },
    });
    expect(byCell.body.result.data).toMatchObject({ status: 'opted_out', optOutReason: 'entrepreneurship' });
    expect((await call('/api/placement/my/opt-out', stranger, { body: { cycleId: cycle.id } })).status).toBe(404);
    expect(mine.id).toBeTruthy();
  });
});

describe('companies and openings', () => {
  it('register, approve, attach an opening, approve it: only enrolled students see and apply', async () => {
    const cycle = await seedCycle(server.db, { institutionId });
    await seedEnrolment(server.db, { cycleId: cycle.id, userId: student.id });
    const asked = await call('/api/placement/company/registrations', company, {
      body: { cycleId: cycle.id, note: 'Hiring 20' },
    });
    expect(asked.body.result.data).toMatchObject({ status: 'requested', organizationId: company.id });
    const invited = await call('/api/placement/companies/invite', cellCoordinator, {
      body: { cycleId: cycle.id, organizationId: otherCompany.id },
    });
    expect(invited.body.result.data.status).toBe('invited');
    const accepted = await call('/api/placement/company/registrations', otherCompany, { body: { cycleId: cycle.id } });
    expect(accepted.body.result.data.status).toBe('approved');
    // A company sees its own cycles only, never the others registered.
    const companyCycles = await call('/api/placement/company/cycles', company);
    expect(companyCycles.body.result.data.items).toEqual([
      expect.objectContaining({ cycleId: cycle.id, registration: 'requested' }),
    ]);
    expect((await call(`/api/placement/companies?cycleId=${cycle.id}`, company)).status).toBe(404);
    const listed = await call(`/api/placement/companies?cycleId=${cycle.id}`, root);
    expect(listed.body.result.data.items).toHaveLength(2);

    const { opening } = await seedOpeningWithApplicants(server.db, {
      organizationId: company.id,
      opening: { title: 'Cycle SDE' },
      applicants: [],
    });
    const tooEarly = await call('/api/placement/company/openings', company, {
      body: { cycleId: cycle.id, openingId: opening.id, ctcAmount: 1800000, ctcCurrency: 'inr', ctcPeriod: 'year' },
    });
    expect(tooEarly.status).toBe(403);
    const approvedCompany = await call('/api/placement/companies/decide', root, {
      body: { cycleId: cycle.id, organizationId: company.id, decision: 'approve' },
    });
    expect(approvedCompany.body.result.data.status).toBe('approved');
    const submitted = await call('/api/placement/company/openings', company, {
      body: { cycleId: cycle.id, openingId: opening.id, ctcAmount: 1800000, ctcCurrency: 'inr', ctcPeriod: 'year' },
    });
    expect(submitted.body.result.data).toMatchObject({ status: 'pending', ctcCurrency: 'INR', ctcAmount: 1800000 });

    const feedTitles = async (who: { token: string } | null) =>
      (await call('/api/placements/campus/all/openings?limit=50', who)).body.result.data.items.map(
        (item: { title: string }) => item.title,
      );
    // Pending: nobody sees it; the form is not there.
    expect(await feedTitles(student)).not.toContain('Cycle SDE');
    expect((await call(`/api/placements/campus/apply?openingId=${opening.id}`, student)).status).toBe(404);
    const sentBack = await call('/api/placement/openings/decide', root, {
      body: { openingId: opening.id, decision: 'sendBack' },
    });
    expect(sentBack.status).toBe(400);
    expect(sentBack.body.exception.error.fields[0].field).toBe('comment');
    const back = await call('/api/placement/openings/decide', root, {
      body: { openingId: opening.id, decision: 'sendBack', comment: 'State the bond terms' },
    });
    expect(back.body.result.data).toMatchObject({ status: 'sent_back', comment: 'State the bond terms' });
    const mineAsCompany = await call(`/api/placement/company/openings?cycleId=${cycle.id}`, company);
    expect(mineAsCompany.body.result.data.items[0]).toMatchObject({
      status: 'sent_back',
      comment: 'State the bond terms',
    });
    await call('/api/placement/company/openings', company, {
      body: { cycleId: cycle.id, openingId: opening.id, ctcAmount: 1900000, ctcCurrency: 'INR', ctcPeriod: 'year' },
    });
    const approved = await call('/api/placement/openings/decide', cellCoordinator, {
      body: { openingId: opening.id, decision: 'approve' },
    });
    expect(approved.body.result.data.status).toBe('approved');

    // Approved: the enrolled student sees and applies; others neither see nor apply.
    expect(await feedTitles(student)).toContain('Cycle SDE');
    expect(await feedTitles(stranger)).not.toContain('Cycle SDE');
    expect(await feedTitles(null)).not.toContain('Cycle SDE');
    const strangerForm = await call(`/api/placements/campus/apply?openingId=${opening.id}`, stranger);
    expect(strangerForm.status).toBe(403);
    expect(strangerForm.body.exception.error.message).toMatch(/placement cycle you are not enrolled in/);
    expect((await call(`/api/placements/campus/apply?openingId=${opening.id}`, null)).status).toBe(403);
    expect((await call(`/api/placements/campus/apply?openingId=${opening.id}`, otherCompany)).status).toBe(403);
    expect((await call(`/api/placements/campus/apply?openingId=${opening.id}`, company)).status).toBe(200);
    const form = await call(`/api/placements/campus/apply?openingId=${opening.id}`, student);
    expect(form.status).toBe(200);
    expect(form.body.result.data.blocker).toBeNull();
    const answers = { name: 'Asha Student', email: student.email };
    const strangerApply = await call('/api/placements/campus/apply', stranger, {
      body: { openingId: opening.id, idempotencyKey: crypto.randomUUID(), answers },
    });
    expect(strangerApply.status).toBe(403);
    const applied = await call('/api/placements/campus/apply', student, {
      body: { openingId: opening.id, idempotencyKey: crypto.randomUUID(), answers },
    });
    expect(applied.status).toBe(200);

    // The student's page of the cycle.
    const page = await call(`/api/placement/my/cycles/id?cycleId=${cycle.id}`, student);
    expect(page.status).toBe(200);
    expect(page.body.result.data.openings).toEqual([
      expect.objectContaining({ title: 'Cycle SDE', ctcAmount: 1900000, applied: true, eligible: true }),
    ]);
    expect(page.body.result.data.applications).toEqual([
      expect.objectContaining({ title: 'Cycle SDE', organizationName: 'Acme Recruiting' }),
    ]);
    // The season's later parts add their sections here (services/placement/student-view.ts): the policy and offers.
    expect(Object.keys(page.body.result.data.sections).sort()).toEqual(['offers', 'policy']);
    expect((await call(`/api/placement/my/cycles/id?cycleId=${cycle.id}`, stranger)).status).toBe(404);

    // Debarred: refused with the cycle's words.
    const { opening: second } = await seedOpeningWithApplicants(server.db, {
      organizationId: otherCompany.id,
      opening: { title: 'Cycle Analyst' },
      applicants: [],
    });
    const otherDebarred = await seedStudent(server.db);
    await seedEnrolment(server.db, {
      cycleId: cycle.id,
      userId: otherDebarred.id,
      status: 'debarred',
      debarredReason: 'x',
    });
    await call('/api/placement/company/openings', otherCompany, {
      body: { cycleId: cycle.id, openingId: second.id, ctcAmount: 900000, ctcCurrency: 'INR', ctcPeriod: 'year' },
    });
    await call('/api/placement/openings/decide', root, { body: { openingId: second.id, decision: 'approve' } });
    const refused = await call(
      '/api/placements/campus/apply',
      { token: await server.tokenFor(otherDebarred.id) },
      {
        body: { openingId: second.id, idempotencyKey: crypto.randomUUID(), answers },
      },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.exception.error.message).toMatch(/debarred/);
    // Companies see only their own cycle openings.
    const companyView = await call('/api/placement/company/openings', company);
    expect(companyView.body.result.data.items.map((item: { title: string }) => item.title)).toEqual(['Cycle SDE']);
  });

  it('a coordinator limited to some companies decides only for those', async () => {
    const cycle = await seedCycle(server.db, { institutionId });
    await seedCycleCompany(server.db, { cycleId: cycle.id, organizationId: company.id, status: 'requested' });
    await seedCycleCompany(server.db, { cycleId: cycle.id, organizationId: otherCompany.id, status: 'requested' });
    const limited = await seedStudent(server.db);
    const memberId = await seedOrganizationMember(server.db, {
      organizationId: cellOrg.id,
      userId: limited.id,
      role: 'coordinator',
    });
    const { seedCoordinatorCompanies } = await import('../../seed/helpers');
    await seedCoordinatorCompanies(server.db, { cycleId: cycle.id, memberId, organizationIds: [company.id] });
    const token = await server.tokenFor(limited.id);
    const listed = await call(`/api/placement/companies?cycleId=${cycle.id}`, { token });
    expect(listed.body.result.data.items.map((item: { organizationId: number }) => item.organizationId)).toEqual([
      company.id,
    ]);
    const mine = await call(
      '/api/placement/companies/decide',
      { token },
      {
        body: { cycleId: cycle.id, organizationId: company.id, decision: 'approve' },
      },
    );
    expect(mine.status).toBe(200);
    const theirs = await call(
      '/api/placement/companies/decide',
      { token },
      {
        body: { cycleId: cycle.id, organizationId: otherCompany.id, decision: 'approve' },
      },
    );
    expect(theirs.status).toBe(403);
  });
});
