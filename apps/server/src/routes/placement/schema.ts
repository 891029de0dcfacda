import {
  branchBodySchema,
  branchesQuerySchema,
  branchIdQuerySchema,
  branchListSchema,
  branchMatchBodySchema,
  branchMatchSchema,
  branchSchema,
  branchUpdateBodySchema,
  cellLinkBodySchema,
  cellLinkDeleteQuerySchema,
  cellLinkRequestBodySchema,
  cellLinkSchema,
  cellLinksQuerySchema,
  cellLinksSchema,
  companyCycleListSchema,
  companyCycleOpeningsQuerySchema,
  companyCyclesQuerySchema,
  companyDecisionBodySchema,
  companyInviteBodySchema,
  companyRegistrationBodySchema,
  correctionBodySchema,
  correctionDecisionBodySchema,
  correctionListSchema,
  correctionSchema,
  correctionsQuerySchema,
  cycleBodySchema,
  cycleCompaniesQuerySchema,
  cycleCompanyListSchema,
  cycleCompanySchema,
  cycleIdBodySchema,
  cycleIdQuerySchema,
  cycleListSchema,
  cycleOpeningBodySchema,
  cycleOpeningDecisionBodySchema,
  cycleOpeningListSchema,
  cycleOpeningSchema,
  cycleOpeningStageListSchema,
  cycleOpeningStagesQuerySchema,
  cycleOpeningsQuerySchema,
  cycleSchema,
  cyclesQuerySchema,
  cycleUpdateBodySchema,
  enrolFromGroupBodySchema,
  enrolmentCountSchema,
  enrolmentImportBodySchema,
  enrolmentImportResultSchema,
  enrolmentPageSchema,
  enrolmentSchema,
  enrolmentsQuerySchema,
  enrolmentUpdateBodySchema,
  joinBodySchema,
  joinPreviewSchema,
  joinQuerySchema,
  myCellsSchema,
  optOutBodySchema,
  studentCycleListSchema,
  studentCycleViewSchema,
  successEnvelope,
  z,
} from '@placely/contract';
import { actingForOrganization } from '../../http/acting-for';

const tags = ['placement'];
const CELL = 'The placement cell: the institution’s root and admins, and the team of an organization linked to it.';
const COMPANY =
  'Acts for the organization named in X-Organization-Id (else the caller’s own); owners and coordinators. A company never sees other companies.';
const empty = z.object({});

// The cell link
export const listCellLinksSchema = {
  tags,
  summary: 'The organizations linked to an institution as its placement cell, and requests to be (institution root)',
  querystring: cellLinksQuerySchema,
  response: { 200: successEnvelope(cellLinksSchema) },
};
export const linkCellSchema = {
  tags,
  summary: 'Links an organization as the institution’s placement cell, or confirms its request (institution root)',
  body: cellLinkBodySchema,
  response: { 200: successEnvelope(cellLinkSchema) },
};
export const unlinkCellSchema = {
  tags,
  summary: 'Removes a link or refuses a request (institution root)',
  querystring: cellLinkDeleteQuerySchema,
  response: { 200: successEnvelope(empty) },
};
export const requestCellLinkSchema = actingForOrganization({
  tags,
  summary: 'Asks to act as the institution’s placement cell; its root confirms (organization owners)',
  body: cellLinkRequestBodySchema,
  response: { 200: successEnvelope(cellLinkSchema) },
});
export const myCellsRouteSchema = {
  tags,
  summary: 'The placement cells the caller is in, with their role in each',
  response: { 200: successEnvelope(myCellsSchema) },
};

// Branches
export const listBranchesSchema = {
  tags,
  summary: 'An institution’s programmes and branches with their aliases (anyone signed in: students pick from it)',
  querystring: branchesQuerySchema,
  response: { 200: successEnvelope(branchListSchema) },
};
export const createBranchSchema = {
  tags,
  summary: `Adds a branch with aliases. ${CELL} Owners.`,
  body: branchBodySchema,
  response: { 200: successEnvelope(branchSchema) },
};
export const updateBranchSchema = {
  tags,
  summary: `Renames a branch or changes its aliases. ${CELL} Owners.`,
  body: branchUpdateBodySchema,
  response: { 200: successEnvelope(branchSchema) },
};
export const deleteBranchSchema = {
  tags,
  summary: `Deletes a branch (students on it keep their value as text). ${CELL} Owners.`,
  querystring: branchIdQuerySchema,
  response: { 200: successEnvelope(empty) },
};
export const matchBranchesSchema = {
  tags,
  summary: `Maps free-text branches to the list by name or alias. ${CELL}`,
  body: branchMatchBodySchema,
  response: { 200: successEnvelope(branchMatchSchema) },
};

// Cycles
export const listCyclesSchema = {
  tags,
  summary: `An institution’s cycles, newest first, with counts. ${CELL}`,
  querystring: cyclesQuerySchema,
  response: { 200: successEnvelope(cycleListSchema) },
};
export const createCycleSchema = {
  tags,
  summary: `Creates a cycle (name, jobs or internships, dates). ${CELL} Owners.`,
  body: cycleBodySchema,
  response: { 200: successEnvelope(cycleSchema) },
};
export const readCycleSchema = {
  tags,
  summary: `One cycle with its join token, counts and the caller’s abilities. ${CELL}`,
  querystring: cycleIdQuerySchema,
  response: { 200: successEnvelope(cycleSchema) },
};
export const updateCycleSchema = {
  tags,
  summary: `Changes a cycle’s name, kind, dates or status. ${CELL} Owners.`,
  body: cycleUpdateBodySchema,
  response: { 200: successEnvelope(cycleSchema) },
};
export const rotateTokenSchema = {
  tags,
  summary: `Makes a new join link; the old one stops working. ${CELL} Owners.`,
  body: cycleIdBodySchema,
  response: { 200: successEnvelope(cycleSchema) },
};

// Enrolment
export const joinPreviewRouteSchema = {
  tags,
  summary: 'What a join link enrols in (signed in)',
  querystring: joinQuerySchema,
  response: { 200: successEnvelope(joinPreviewSchema) },
};
export const joinSchema = {
  tags,
  summary: 'Enrols the signed-in student through the cycle’s join link (with their verified records)',
  body: joinBodySchema,
  response: { 200: successEnvelope(joinPreviewSchema) },
};
export const listEnrolmentsSchema = {
  tags,
  summary: `The cycle’s students, filtered by status, branch, programme, CGPA, backlogs, graduation year or text; keyset-paged by email. ${CELL}`,
  querystring: enrolmentsQuerySchema,
  response: { 200: successEnvelope(enrolmentPageSchema) },
};
export const enrolGroupSchema = {
  tags,
  summary: `Enrols the members of one of the institution’s verification groups with their verified records. ${CELL} Owners and coordinators.`,
  body: enrolFromGroupBodySchema,
  response: { 200: successEnvelope(enrolmentCountSchema) },
};
export const importEnrolmentsSchema = {
  tags,
  summary: `Uploads the batch (CSV text or base64 XLSX: email, roll number, programme, branch, CGPA, backlogs, graduation year). Bad rows are reported line by line and nothing is written; else every value is verified and locked, people without an account get a pending enrolment. ${CELL} Owners and coordinators.`,
  body: enrolmentImportBodySchema,
  response: { 200: successEnvelope(enrolmentImportResultSchema) },
};
export const updateEnrolmentSchema = {
  tags,
  summary: `Changes a student’s status (debarred needs a reason) or record values. ${CELL} Owners and coordinators.`,
  body: enrolmentUpdateBodySchema,
  response: { 200: successEnvelope(enrolmentSchema) },
};
export const listCorrectionsSchema = {
  tags,
  summary: `Students’ correction requests of a cycle. ${CELL}`,
  querystring: correctionsQuerySchema,
  response: { 200: successEnvelope(correctionListSchema) },
};
export const decideCorrectionSchema = {
  tags,
  summary: `Approves (the value is written) or rejects a correction. ${CELL} Owners and coordinators.`,
  body: correctionDecisionBodySchema,
  response: { 200: successEnvelope(correctionSchema) },
};

// Companies
export const listCompaniesSchema = {
  tags,
  summary: `The companies registered for, invited to or refused from a cycle. ${CELL}`,
  querystring: cycleCompaniesQuerySchema,
  response: { 200: successEnvelope(cycleCompanyListSchema) },
};
export const inviteCompanySchema = {
  tags,
  summary: `Invites an organization to recruit in a cycle. ${CELL} Owners and coordinators.`,
  body: companyInviteBodySchema,
  response: { 200: successEnvelope(cycleCompanySchema) },
};
export const decideCompanySchema = {
  tags,
  summary: `Approves or rejects a company’s registration. ${CELL} Owners, and coordinators of that company.`,
  body: companyDecisionBodySchema,
  response: { 200: successEnvelope(cycleCompanySchema) },
};
export const companyCyclesSchema = actingForOrganization({
  tags,
  summary: `Active cycles the company can ask to recruit in (of one institution, or those it is registered in). ${COMPANY}`,
  querystring: companyCyclesQuerySchema,
  response: { 200: successEnvelope(companyCycleListSchema) },
});
export const registerCompanySchema = actingForOrganization({
  tags,
  summary: `Asks to recruit in a cycle, or accepts the cell’s invitation. ${COMPANY}`,
  body: companyRegistrationBodySchema,
  response: { 200: successEnvelope(cycleCompanySchema) },
});

// Openings
export const submitCycleOpeningSchema = actingForOrganization({
  tags,
  summary: `Attaches one of the company’s openings to a cycle it is approved in, with its CTC, for the cell’s approval (or resubmits one sent back). ${COMPANY}`,
  body: cycleOpeningBodySchema,
  response: { 200: successEnvelope(cycleOpeningSchema) },
});
export const companyCycleOpeningsSchema = actingForOrganization({
  tags,
  summary: `The company’s own openings in cycles with the cell’s decision and comment. ${COMPANY}`,
  querystring: companyCycleOpeningsQuerySchema,
  response: { 200: successEnvelope(cycleOpeningListSchema) },
});
export const listCycleOpeningsSchema = {
  tags,
  summary: `The openings attached to a cycle, by status. ${CELL}`,
  querystring: cycleOpeningsQuerySchema,
  response: { 200: successEnvelope(cycleOpeningListSchema) },
};
export const listCycleOpeningStagesSchema = {
  tags,
  summary: `The stages of an opening attached to a cycle, with how many of the cycle’s students are in each: the audiences of a notice to one stage ("shortlist published"). ${CELL}`,
  querystring: cycleOpeningStagesQuerySchema,
  response: { 200: successEnvelope(cycleOpeningStageListSchema) },
};
export const decideCycleOpeningSchema = {
  tags,
  summary: `Approves an opening (it reaches the cycle’s students) or sends it back with a comment. ${CELL} Owners, and coordinators of that company.`,
  body: cycleOpeningDecisionBodySchema,
  response: { 200: successEnvelope(cycleOpeningSchema) },
};

// The student's side
export const myCyclesSchema = {
  tags,
  summary: 'The cycles the signed-in student is enrolled in, with their status and records',
  response: { 200: successEnvelope(studentCycleListSchema) },
};
export const myCycleSchema = {
  tags,
  summary:
    'One cycle for the enrolled student: approved openings with eligibility, their applications and stages, their correction requests; `sections` carries offers and notices',
  querystring: cycleIdQuerySchema,
  response: { 200: successEnvelope(studentCycleViewSchema) },
};
export const optOutSchema = {
  tags,
  summary:
    'The student opts out of a cycle (from available), saying why if they wish (higher studies counts in the NIRF report)',
  body: optOutBodySchema,
  response: { 200: successEnvelope(enrolmentSchema) },
};
export const requestCorrectionSchema = {
  tags,
  summary: 'The student asks the cell to correct one of their record values',
  body: correctionBodySchema,
  response: { 200: successEnvelope(correctionSchema) },
};
