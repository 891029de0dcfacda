import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  seedCellLink,
  seedCycle,
  seedCycleCompany,
  seedCycleOpening,
  seedEnrolment,
  seedInstitution,
  seedInstitutionRole,
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

const pdf = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj << /Type /Catalog >> endobj\n\n%%EOF\n');

async function uploadLetter(token: string, organizationId?: number) {
  const response = await fetch(`${server.baseUrl}/api/files?purpose=application&name=Offer%20letter.pdf`, {
    method: 'POST',
    headers: {
      'content-type': 'application/octet-stream',
      authorization: token,
      ...(organizationId ? { 'x-organization-id': String(organizationId) } : {}),
    },
    body: pdf,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { result: { data: { id: string } } }).result.data.id;
}

/**
 * A cycle's opening of a company with two students who applied; a coordinator of the company makes the first an
 * offer with a letter. Also: a second coordinator of the company, one of a team limited to another opening, the
 * cycle's cell (the institution's root and a member of its linked cell organization), and an outsider organization.
 */
async function setup() {
  const tag = Math.random().toString(36).slice(2, 8);
  const institution = await seedInstitution(server.db, { name: `College ${tag}` });
  const root = await seedStudent(server.db, { name: 'Cell Root' });
  await seedInstitutionRole(server.db, { institutionId: institution.id, userId: root.id, role: 'root' });
  const cellOrganization = await seedOrganization(server.db, { name: `Placement Cell ${tag}` });
  await seedCellLink(server.db, { organizationId: cellOrganization.id, institutionId: institution.id });
  const cellReviewer = await seedStudent(server.db, { name: 'Cell Reviewer' });
  await seedOrganizationMember(server.db, {
    organizationId: cellOrganization.id,
    userId: cellReviewer.id,
    role: 'reviewer',
  });
  const cycle = await seedCycle(server.db, { institutionId: institution.id });
  const company = await seedOrganization(server.db, { name: `Company ${tag}` });
  await seedCycleCompany(server.db, { cycleId: cycle.id, organizationId: company.id });
  const student = await seedStudent(server.db, { name: 'Offered Student' });
  const other = await seedStudent(server.db, { name: 'Other Student' });
  const { opening, applications } = await seedOpeningWithApplicants(server.db, {
    organizationId: company.id,
    opening: { title: `Engineer ${tag}` },
    applicants: [student, other].map((person) => ({
      userId: person.id,
      answers: { name: person.name, email: person.email },
    })),
  });
  const { opening: elsewhere } = await seedOpeningWithApplicants(server.db, {
    organizationId: company.id,
    opening: { title: `Analyst ${tag}` },
  });
  await seedCycleOpening(server.db, { cycleId: cycle.id, openingId: opening.id });
  for (const person of [student, other]) await seedEnrolment(server.db, { cycleId: cycle.id, userId: person.id });
  const coordinator = await seedStudent(server.db, { name: 'Coordinator' });
  const colleague = await seedStudent(server.db, { name: 'Colleague' });
  const limited = await seedStudent(server.db, { name: 'Limited' });
  await seedOrganizationMember(server.db, { organizationId: company.id, userId: coordinator.id, role: 'coordinator' });
  await seedOrganizationMember(server.db, { organizationId: company.id, userId: colleague.id, role: 'coordinator' });
  await seedOrganizationMember(server.db, {
    organizationId: company.id,
    userId: limited.id,
    role: 'reviewer',
    openingIds: [elsewhere.id],
  });
  const outsider = await seedOrganization(server.db, { name: `Outsider ${tag}` });
  const tokens = {
    coordinator: await server.tokenFor(coordinator.id),
    colleague: await server.tokenFor(colleague.id),
    limited: await server.tokenFor(limited.id),
    student: await server.tokenFor(student.id),
    other: await server.tokenFor(other.id),
    root: await server.tokenFor(root.id),
    cellReviewer: await server.tokenFor(cellReviewer.id),
    outsider: await server.tokenFor(outsider.id),
  };
  const asCompany = { 'x-organization-id': String(company.id) };
  const letterFileId = await uploadLetter(tokens.coordinator, company.id);
  const application = applications.find((row) => row.applicantId === student.id);
  const made = await server.call('/api/organization/offers', {
    token: tokens.coordinator,
    headers: asCompany,
    body: {
      applicationId: application?.id,
      role: 'Software Engineer',
      ctc: { amount: 1_200_000, currency: 'INR', period: 'year' },
      location: 'Pune',
      joiningDate: '2027-07-01',
      letterFileId,
      respondBy: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    },
  });
  expect(made.status).toBe(200);
  expect(made.body.result.data.letterFileId).toBe(letterFileId);
  return { tokens, asCompany, letterFileId, company, cellOrganization };
}

describe("an offer's letter (GET /api/files/:id/link)", () => {
  it('opens for the student it was made to, the cycle’s cell and the company’s people on the opening; no one else', async () => {
    const { tokens, asCompany, letterFileId, company, cellOrganization } = await setup();
    const link = (token?: string, headers?: Record<string, string>) =>
      server.call(`/api/files/${letterFileId}/link`, { ...(token ? { token } : {}), ...(headers ? { headers } : {}) });

    expect((await link()).status).toBe(401);

    // The student it was made to: a signed link whose download is the PDF.
    const forStudent = await link(tokens.student);
    expect(forStudent.status).toBe(200);
    const download = await fetch(new URL(forStudent.body.result.data.url, server.baseUrl));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    const head = Buffer.from(await download.arrayBuffer()).subarray(0, 5);
    expect(head.toString()).toBe('%PDF-');

    // Another student of the same cycle and opening, and an organization with nothing to do with it.
    expect([403, 404]).toContain((await link(tokens.other)).status);
    expect([403, 404]).toContain((await link(tokens.outsider)).status);

    // The cycle's placement cell: the institution's root, and its linked team (any role) acting for the cell.
    expect((await link(tokens.root)).status).toBe(200);
    expect((await link(tokens.cellReviewer, { 'x-organization-id': String(cellOrganization.id) })).status).toBe(200);

    // The uploader, a colleague covering the opening; not a team member limited to another opening.
    expect((await link(tokens.coordinator, asCompany)).status).toBe(200);
    expect((await link(tokens.colleague, asCompany)).status).toBe(200);
    expect([403, 404]).toContain((await link(tokens.limited, { 'x-organization-id': String(company.id) })).status);
  });
});
