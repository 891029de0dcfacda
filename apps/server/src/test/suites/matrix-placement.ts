import {
  seedBranch,
  seedCellLink,
  seedCycle,
  seedCycleCompany,
  seedCycleOpening,
  seedEnrolment,
  seedOpeningWithApplicants,
  seedOrganization,
  seedRecordCorrection,
  seedVerificationGroup,
} from '../../seed/helpers';
import { actingFor, del, type Entry, get, patch, post, type Target, unique } from './matrix-kit';
import type { SignedInActor, World } from './world';

/**
 * Placement season, the core (routes/placement). The cell of the world's institution is its root alone (no
 * organization of the suites is linked, so no actor's standing changes elsewhere). indA is enrolled in the cycle,
 * orgA is an approved company with an approved opening there and a spare opening to attach, orgB has asked to recruit.
 * A second cycle takes the join link, so whoever joins changes nothing another entry relies on.
 */
interface PlacementFixture {
  cycleId: string;
  joinCycleToken: string;
  rotateCycleId: string;
  branchId: string;
  spareBranchId: string;
  pendingEnrolmentId: string;
  correctionId: string;
  groupId: string;
  spareOpeningId: string;
  approvedOpeningId: string;
  linkOrganizationId: string | number;
  unlinkOrganizationId: number;
  inviteOrganizationId: number;
}

const seeded = new WeakMap<World, Promise<PlacementFixture>>();

async function seedPlacement(world: World): Promise<PlacementFixture> {
  const db = world.server.db;
  const institutionId = world.institutionId;
  const rootId = world.actors.root.userId;
  const cycle = await seedCycle(db, { institutionId, name: 'Suite placements', createdBy: rootId });
  const joinCycle = await seedCycle(db, { institutionId, name: 'Suite join cycle' });
  const rotateCycle = await seedCycle(db, { institutionId, name: 'Suite rotate cycle' });
  const branch = await seedBranch(db, { institutionId, name: `Suite CSE ${unique()}`, aliases: ['Suite CS'] });
  const spareBranch = await seedBranch(db, { institutionId, name: `Suite spare ${unique()}` });
  const mine = await seedEnrolment(db, {
    cycleId: cycle.id,
    userId: world.actors.indA.userId,
    cgpa: 8,
    recordsLocked: true,
  });
  const pending = await seedEnrolment(db, { cycleId: cycle.id, email: `suite-pending-${unique()}@x.edu` });
  const correction = await seedRecordCorrection(db, {
    cycleId: cycle.id,
    enrolmentId: mine.id,
    field: 'cgpa',
    requestedValue: '8.2',
  });
  const group = await seedVerificationGroup(db, { ownerId: rootId, institutionId, name: 'Suite cell group' });
  await seedCycleCompany(db, { cycleId: cycle.id, organizationId: world.actors.orgA.userId, status: 'approved' });
  await seedCycleCompany(db, { cycleId: cycle.id, organizationId: world.actors.orgB.userId, status: 'requested' });
  const openingOf = async (title: string) =>
    (
      await seedOpeningWithApplicants(db, {
        organizationId: world.actors.orgA.userId,
        opening: { title },
        applicants: [],
      })
    ).opening;
  const approved = await openingOf('Suite cycle opening');
  await seedCycleOpening(db, { cycleId: cycle.id, openingId: approved.id, status: 'pending' });
  const spare = await openingOf('Suite spare cycle opening');
  const toLink = await seedOrganization(db, { name: 'Suite cell to link' });
  const toUnlink = await seedOrganization(db, { name: 'Suite cell to unlink' });
  await seedCellLink(db, { organizationId: toUnlink.id, institutionId });
  const toInvite = await seedOrganization(db, { name: 'Suite invited company' });
  return {
    cycleId: cycle.id,
    joinCycleToken: joinCycle.joinToken,
    rotateCycleId: rotateCycle.id,
    branchId: branch.id,
    spareBranchId: spareBranch.id,
    pendingEnrolmentId: pending.id,
    correctionId: correction.id,
    groupId: group.id,
    spareOpeningId: spare.id,
    approvedOpeningId: approved.id,
    linkOrganizationId: toLink.id,
    unlinkOrganizationId: toUnlink.id,
    inviteOrganizationId: toInvite.id,
  };
}

const fixture = (world: World) => {
  let found = seeded.get(world);
  if (!found) {
    found = seedPlacement(world);
    seeded.set(world, found);
  }
  return found;
};

/** A request of the cell (the root owns it; nobody else of the suites is in the cell). */
const cell =
  (label: string, request: (f: PlacementFixture, world: World) => Target['request'], extra: Partial<Target> = {}) =>
  async (world: World): Promise<Target[]> => [
    { owner: 'root', label, request: request(await fixture(world), world), ...extra },
  ];

/** A request of orgA acting as a company (owners and coordinators; everyone who tries names orgA). */
const asCompany =
  (label: string, request: (f: PlacementFixture, world: World) => Target['request']) =>
  async (world: World): Promise<Target[]> => [
    {
      owner: 'orgA' as SignedInActor,
      label,
      request: actingFor(world, 'orgA', request(await fixture(world), world)),
      alsoAllowed: ['coordA'],
    },
  ];

/** Every Individual of the suites: all but the organization accounts. */
const INDIVIDUALS_BUT_A = ['indB', 'verifier', 'root', 'coordA', 'reviewerA', 'formerA'] as const;

export const PLACEMENT_ENTRIES: Record<string, Entry> = {
  // The cell link
  'GET /api/placement/cells': { access: 'self', request: () => get('/api/placement/cells'), fuzzAs: 'root' },
  'GET /api/placement/cell-links': {
    access: 'owned',
    targets: cell('the institution’s cell links', (_f, world) =>
      get('/api/placement/cell-links', { institutionId: world.institutionId }),
    ),
  },
  'POST /api/placement/cell-links': {
    access: 'owned',
    targets: cell('linking an organization as the cell', (f, world) =>
      post('/api/placement/cell-links', { institutionId: world.institutionId, organizationId: f.linkOrganizationId }),
    ),
  },
  'DELETE /api/placement/cell-links': {
    access: 'owned',
    destructive: true,
    targets: cell('removing a cell link', (f, world) =>
      del('/api/placement/cell-links', { institutionId: world.institutionId, organizationId: f.unlinkOrganizationId }),
    ),
  },
  'POST /api/placement/cell-links/request': {
    access: 'owned',
    targets: async (world) => [
      {
        owner: 'orgB',
        label: 'orgB asking to be the cell',
        request: actingFor(
          world,
          'orgB',
          post('/api/placement/cell-links/request', { institutionId: world.institutionId }),
        ),
      },
    ],
  },

  // Branches
  'GET /api/placement/branches': {
    access: 'self',
    request: (world) => get('/api/placement/branches', { institutionId: world.institutionId }),
  },
  'POST /api/placement/branches': {
    access: 'owned',
    targets: cell('adding a branch', (_f, world) =>
      post('/api/placement/branches', {
        institutionId: world.institutionId,
        degree: 'B.Tech',
        name: `Suite branch ${unique()}`,
        aliases: ['Suite alias'],
      }),
    ),
  },
  'PATCH /api/placement/branches': {
    access: 'owned',
    targets: cell('changing a branch', (f) =>
      patch('/api/placement/branches', { branchId: f.branchId, aliases: ['Suite CS', 'Suite CSE'] }),
    ),
  },
  'DELETE /api/placement/branches': {
    access: 'owned',
    destructive: true,
    targets: cell('deleting a branch', (f) => del('/api/placement/branches', { branchId: f.spareBranchId })),
  },
  'POST /api/placement/branches/match': {
    access: 'owned',
    targets: cell('mapping free-text branches', (_f, world) =>
      post('/api/placement/branches/match', { institutionId: world.institutionId, texts: ['Suite CS', 'Physics'] }),
    ),
  },

  // Cycles
  'GET /api/placement/cycles': {
    access: 'owned',
    targets: cell('the cycles', (_f, world) => get('/api/placement/cycles', { institutionId: world.institutionId })),
  },
  'POST /api/placement/cycles': {
    access: 'owned',
    targets: cell('creating a cycle', (_f, world) =>
      post('/api/placement/cycles', {
        institutionId: world.institutionId,
        name: 'Suite new cycle',
        kind: 'internships',
        startsOn: '2027-01-01',
        endsOn: '2027-06-30',
      }),
    ),
  },
  'GET /api/placement/cycles/id': {
    access: 'owned',
    targets: cell('a cycle', (f) => get('/api/placement/cycles/id', { cycleId: f.cycleId })),
  },
  'PATCH /api/placement/cycles': {
    access: 'owned',
    targets: cell('changing a cycle', (f) =>
      patch('/api/placement/cycles', { cycleId: f.cycleId, name: 'Suite placements (renamed)' }),
    ),
  },
  'POST /api/placement/cycles/join-token': {
    access: 'owned',
    targets: cell('a new join link', (f) => post('/api/placement/cycles/join-token', { cycleId: f.rotateCycleId })),
  },

  // Enrolment
  'GET /api/placement/join': {
    access: 'self',
    request: () => get('/api/placement/join', { token: 'placeholder' }),
    noSuccess: 'the token is per world; POST /api/placement/join covers the link (and placement.test.ts the preview)',
  },
  'POST /api/placement/join': {
    access: 'owned',
    targets: async (world) => [
      {
        owner: 'indA',
        label: 'joining the join cycle',
        request: post('/api/placement/join', { token: (await fixture(world)).joinCycleToken }),
        alsoAllowed: INDIVIDUALS_BUT_A,
      },
    ],
  },
  'GET /api/placement/enrolments': {
    access: 'owned',
    targets: cell('the students of a cycle', (f) =>
      get('/api/placement/enrolments', { cycleId: f.cycleId, limit: 10 }),
    ),
  },
  'POST /api/placement/enrolments/group': {
    access: 'owned',
    targets: cell('enrolling a verification group', (f) =>
      post('/api/placement/enrolments/group', { cycleId: f.cycleId, groupId: f.groupId }),
    ),
  },
  'POST /api/placement/enrolments/import': {
    access: 'owned',
    targets: cell('uploading the batch', (f) =>
      post('/api/placement/enrolments/import', {
        cycleId: f.cycleId,
        format: 'csv',
        content: 'email,roll number,cgpa\nsuite-batch@x.edu,S1,7.5\n',
      }),
    ),
  },
  'PATCH /api/placement/enrolments': {
    access: 'owned',
    targets: cell('changing a student', (f) =>
      patch('/api/placement/enrolments', { enrolmentId: f.pendingEnrolmentId, rollNumber: 'S-42', cgpa: 7.1 }),
    ),
  },
  'GET /api/placement/corrections': {
    access: 'owned',
    targets: cell('correction requests', (f) => get('/api/placement/corrections', { cycleId: f.cycleId })),
  },
  'POST /api/placement/corrections/decide': {
    access: 'owned',
    destructive: true,
    targets: cell('deciding a correction', (f) =>
      post('/api/placement/corrections/decide', { correctionId: f.correctionId, decision: 'reject', note: 'No' }),
    ),
  },

  // Companies
  'GET /api/placement/companies': {
    access: 'owned',
    targets: cell('the companies of a cycle', (f) => get('/api/placement/companies', { cycleId: f.cycleId })),
  },
  'POST /api/placement/companies/invite': {
    access: 'owned',
    targets: cell('inviting a company', (f) =>
      post('/api/placement/companies/invite', { cycleId: f.cycleId, organizationId: f.inviteOrganizationId }),
    ),
  },
  'POST /api/placement/companies/decide': {
    access: 'owned',
    targets: cell('deciding a registration', (f, world) =>
      post('/api/placement/companies/decide', {
        cycleId: f.cycleId,
        organizationId: world.actors.orgB.userId,
        decision: 'reject',
      }),
    ),
  },
  'GET /api/placement/company/cycles': {
    access: 'self',
    request: () => get('/api/placement/company/cycles'),
    fuzzAs: 'orgA',
  },
  'POST /api/placement/company/registrations': {
    access: 'owned',
    targets: asCompany('orgA registering for the cycle', (f) =>
      post('/api/placement/company/registrations', { cycleId: f.cycleId }),
    ),
  },

  // Openings
  'POST /api/placement/company/openings': {
    access: 'owned',
    targets: asCompany('attaching an opening to the cycle', (f) =>
      post('/api/placement/company/openings', {
        cycleId: f.cycleId,
        openingId: f.spareOpeningId,
        ctcAmount: 1200000,
        ctcCurrency: 'INR',
        ctcPeriod: 'year',
      }),
    ),
  },
  'GET /api/placement/company/openings': {
    access: 'self',
    request: () => get('/api/placement/company/openings'),
    fuzzAs: 'orgA',
  },
  'GET /api/placement/openings': {
    access: 'owned',
    targets: cell('the openings of a cycle', (f) => get('/api/placement/openings', { cycleId: f.cycleId })),
  },
  'GET /api/placement/openings/stages': {
    access: 'owned',
    targets: cell('the stages of a cycle opening', (f) =>
      get('/api/placement/openings/stages', { openingId: f.approvedOpeningId }),
    ),
  },
  'POST /api/placement/openings/decide': {
    access: 'owned',
    targets: cell('approving an opening', (f) =>
      post('/api/placement/openings/decide', { openingId: f.approvedOpeningId, decision: 'approve' }),
    ),
  },

  // The student's side
  'GET /api/placement/my/cycles': { access: 'self', request: () => get('/api/placement/my/cycles'), fuzzAs: 'indA' },
  'GET /api/placement/my/cycles/id': {
    access: 'owned',
    targets: async (world) => [
      {
        owner: 'indA',
        label: 'indA’s cycle page',
        request: get('/api/placement/my/cycles/id', { cycleId: (await fixture(world)).cycleId }),
      },
    ],
  },
  'POST /api/placement/my/opt-out': {
    access: 'owned',
    destructive: true,
    targets: async (world) => [
      {
        owner: 'indA',
        label: 'indA opting out',
        request: post('/api/placement/my/opt-out', { cycleId: (await fixture(world)).cycleId }),
      },
    ],
  },
  'POST /api/placement/my/corrections': {
    access: 'owned',
    targets: async (world) => [
      {
        owner: 'indA',
        label: 'indA asking for a correction',
        request: post('/api/placement/my/corrections', {
          cycleId: (await fixture(world)).cycleId,
          field: 'rollNumber',
          value: `R-${unique()}`,
          reason: 'Typo in the roll number',
        }),
      },
    ],
  },
};
