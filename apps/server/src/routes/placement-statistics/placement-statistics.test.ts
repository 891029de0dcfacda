import { inflateRawSync } from 'node:zlib';
import type { CycleStatistics, UnplacedPage } from '@placely/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { type PlacementFixture, seedPlacementFixture } from '../../test/placement-fixture';

/** The files of a zip written by xlsx-writer.ts (sizes in the central directory), inflated. */
function unzip(zip: Buffer): Map<string, string> {
  const files = new Map<string, string>();
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (let n = zip.readUInt16LE(end + 10); n > 0; n--) {
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString();
    const dataStart = offset + 30 + zip.readUInt16LE(offset + 26);
    files.set(name, inflateRawSync(zip.subarray(dataStart, dataStart + compressedSize)).toString());
    at += 46 + nameLength;
  }
  return files;
}

let server: TestServer;
let fx: PlacementFixture;
let rootToken: string;
beforeAll(async () => {
  server = await startTestServer();
  fx = await seedPlacementFixture(server.db);
  rootToken = await server.tokenFor(fx.rootId);
}, 180_000);
afterAll(() => server?.close());

const figures = (
  enrolled: number,
  eligible: number,
  applied: number,
  placed: number,
  unplaced: number,
  optedOut = 0,
  debarred = 0,
) => ({ enrolled, eligible, applied, placed, unplaced, optedOut, debarred });

async function statistics(): Promise<CycleStatistics> {
  const res = await server.call(`/api/placement/cycles/statistics?cycleId=${fx.cycleId}`, { token: rootToken });
  expect(res.status).toBe(200);
  return res.body.result.data;
}

describe('cycle statistics, against the hand-counted fixture (test/placement-fixture.ts)', () => {
  it('counts students overall, by programme and by branch', async () => {
    const stats = await statistics();
    expect(stats.cycle).toEqual({ id: fx.cycleId, name: 'Final placements 2026-27', kind: 'jobs' });
    // eligible: s01 s02 s03 s04 s07 s08 s09 s10 s11; applied: s01 s02 s03 s07 s08 s09 s11 (s06's only one withdrawn);
    // placed: s02 (status) s03 (accepted offer) s07 s11; unplaced: s01 s04 s08 s09 s10.
    expect(stats.students.total).toEqual(figures(11, 9, 7, 4, 5, 1, 1));
    expect(stats.students.byDegree).toEqual([
      { degree: 'B.Tech', ...figures(8, 6, 4, 3, 3, 1, 1) },
      { degree: 'MBA', ...figures(3, 3, 3, 1, 2) },
    ]);
    expect(stats.students.byBranch).toEqual([
      {
        degree: 'B.Tech',
        branchId: fx.branches.cse,
        branch: 'Computer Science and Engineering',
        ...figures(4, 4, 4, 3, 1),
      },
      {
        degree: 'B.Tech',
        branchId: fx.branches.ece,
        branch: 'Electronics and Communication',
        ...figures(3, 1, 0, 0, 1, 1, 1),
      },
      { degree: 'B.Tech', branchId: null, branch: 'Mechanical', ...figures(1, 1, 0, 0, 1) },
      { degree: 'MBA', branchId: fx.branches.finance, branch: 'Finance', ...figures(3, 3, 3, 1, 2) },
    ]);
  });

  it("puts offers in the policy's tiers by CTC per year, other currencies apart, withdrawn offers nowhere", async () => {
    const stats = await statistics();
    // Dream: s07 25 L. A: s02 12 L, s03 1.5 L/month = 18 L, s09 11 L (declined). B: s08 9 L (pending). USD: s11.
    expect(stats.tiers).toEqual([
      { tier: 'Dream', minCtc: 2_000_000, currency: 'INR', offers: 1, accepted: 1, students: 1 },
      { tier: 'A', minCtc: 1_000_000, currency: 'INR', offers: 3, accepted: 2, students: 3 },
      { tier: 'B', minCtc: 0, currency: 'INR', offers: 1, accepted: 0, students: 1 },
      { tier: 'Other currencies', minCtc: null, currency: null, offers: 1, accepted: 1, students: 1 },
    ]);
  });

  it('gives highest, median and mean CTC of accepted offers per currency, overall and by branch', async () => {
    const stats = await statistics();
    expect(stats.ctc.overall).toEqual([
      { currency: 'INR', offers: 3, highest: 2_500_000, median: 1_800_000, mean: 1_833_333.33 },
      { currency: 'USD', offers: 1, highest: 100_000, median: 100_000, mean: 100_000 },
    ]);
    expect(stats.ctc.byBranch).toEqual([
      {
        currency: 'INR',
        degree: 'B.Tech',
        branchId: fx.branches.cse,
        branch: 'Computer Science and Engineering',
        offers: 2,
        highest: 1_800_000,
        median: 1_500_000,
        mean: 1_500_000,
      },
      {
        currency: 'INR',
        degree: 'MBA',
        branchId: fx.branches.finance,
        branch: 'Finance',
        offers: 1,
        highest: 2_500_000,
        median: 2_500_000,
        mean: 2_500_000,
      },
      {
        currency: 'USD',
        degree: 'B.Tech',
        branchId: fx.branches.cse,
        branch: 'Computer Science and Engineering',
        offers: 1,
        highest: 100_000,
        median: 100_000,
        mean: 100_000,
      },
    ]);
  });

  it('counts companies registered, approved and visited, and offers per company', async () => {
    const stats = await statistics();
    expect(stats.companies).toEqual({ registered: 7, requested: 1, invited: 1, approved: 4, rejected: 1, visited: 3 });
    const byId = new Map(stats.offersPerCompany.map((row) => [row.organizationId, row]));
    expect(stats.offersPerCompany).toHaveLength(7);
    // A: O1 (s01 s02 s09; s06 withdrew) + O2 (s01 s02 s07); offers s02 s09 s07 (s01's withdrawn offer not counted).
    expect(byId.get(fx.companies.A)).toMatchObject({
      status: 'approved',
      approvedOpenings: 2,
      applications: 6,
      offers: 3,
      accepted: 2,
    });
    expect(byId.get(fx.companies.B)).toMatchObject({ approvedOpenings: 1, applications: 3, offers: 2, accepted: 1 });
    expect(byId.get(fx.companies.C)).toMatchObject({ approvedOpenings: 1, applications: 1, offers: 1, accepted: 1 });
    expect(byId.get(fx.companies.G)).toMatchObject({ approvedOpenings: 1, applications: 0, offers: 0, accepted: 0 });
    expect(byId.get(fx.companies.D)).toMatchObject({ status: 'requested', approvedOpenings: 0, offers: 0 });
    // Most offers first.
    expect(stats.offersPerCompany[0]?.organizationId).toBe(fx.companies.A);
  });

  it('with no tier rule in the policy, every offer is in one tier', async () => {
    await server.db.execute(
      (await import('drizzle-orm'))
        .sql`update placement_cycles set policy = '[]'::jsonb where id = ${fx.cycleId}::uuid`,
    );
    try {
      const stats = await statistics();
      expect(stats.tiers).toEqual([
        { tier: 'All offers', minCtc: null, currency: null, offers: 6, accepted: 4, students: 6 },
      ]);
    } finally {
      const { sql } = await import('drizzle-orm');
      const { TIER_POLICY } = await import('../../test/placement-fixture');
      await server.db.execute(
        sql`update placement_cycles set policy = ${JSON.stringify(TIER_POLICY)}::jsonb where id = ${fx.cycleId}::uuid`,
      );
    }
  });

  it('lists the unplaced with applications in flight, fewest first, paged', async () => {
    const path = `/api/placement/cycles/statistics/unplaced?cycleId=${fx.cycleId}`;
    const first: UnplacedPage = (await server.call(`${path}&limit=2`, { token: rootToken })).body.result.data;
    expect(first.total).toBe(5);
    expect(first.nextOffset).toBe(2);
    const rest: UnplacedPage = (await server.call(`${path}&offset=2&limit=10`, { token: rootToken })).body.result.data;
    expect(rest.nextOffset).toBeNull();
    const rows = [...first.items, ...rest.items].map((row) => [row.email.slice(0, 3), row.applications, row.inFlight]);
    // s04, s10: nothing. s08: O3 offered with a pending offer. s01: O1 applied (O2 rejected). s09: O3 shortlisted
    // (O1's offer declined).
    expect(rows).toEqual([
      ['s04', 0, 0],
      ['s10', 0, 0],
      ['s08', 1, 1],
      ['s01', 2, 1],
      ['s09', 2, 1],
    ]);
    expect(first.items[1]).toMatchObject({ userId: null, branch: 'Mechanical', name: null, rollNumber: 'R-s10' });
    const beyond = await server.call(`${path}&offset=50`, { token: rootToken });
    expect(beyond.body.result.data).toEqual({ items: [], total: 5, nextOffset: null });
  });

  it('is the cell’s alone: signed out 401, a company or a student 403, an unknown cycle 404, a bad query 400', async () => {
    const path = `/api/placement/cycles/statistics?cycleId=${fx.cycleId}`;
    expect((await server.call(path)).status).toBe(401);
    const company = await server.tokenFor(fx.companies.A);
    const student = await server.tokenFor(fx.students.s02?.id as number);
    for (const token of [company, student]) {
      expect((await server.call(path, { token })).status).toBe(403);
      expect(
        (await server.call(`/api/placement/cycles/statistics/unplaced?cycleId=${fx.cycleId}`, { token })).status,
      ).toBe(403);
      const exported = await server.call(
        `/api/placement/cycles/statistics/export?cycleId=${fx.cycleId}&figure=nirf&format=csv`,
        { token },
      );
      expect(exported.status).toBe(403);
    }
    const unknown = await server.call('/api/placement/cycles/statistics?cycleId=00000000-0000-4000-8000-000000000000', {
      token: rootToken,
    });
    expect(unknown.status).toBe(404);
    const extra = await server.call(`${path}&include=all`, { token: rootToken });
    expect(extra.status).toBe(400);
    expect(JSON.stringify(extra.body)).toContain('include');
  });
});

describe('exports', () => {
  const download = (figure: string, format: string) =>
    server.call(`/api/placement/cycles/statistics/export?cycleId=${fx.cycleId}&figure=${figure}&format=${format}`, {
      token: rootToken,
    });

  it('writes the NIRF table per programme and graduating year', async () => {
    const res = await download('nirf', 'csv');
    expect(res.status).toBe(200);
    expect(res.response.headers.get('content-type')).toContain('text/csv');
    expect(res.response.headers.get('content-disposition')).toContain('NIRF');
    // B.Tech 2027: 8 students, placed s02 s03 s11, median of their best INR offers (12 L, 18 L; s11's is USD) = 15 L,
    // higher studies s05. MBA 2027: 3, placed s07 at 25 L.
    // UTF-8 with a byte-order mark (the text decoder drops it from res.body), CRLF record ends.
    const raw = await fetch(
      `${server.baseUrl}/api/placement/cycles/statistics/export?cycleId=${fx.cycleId}&figure=nirf&format=csv`,
      { headers: { authorization: rootToken } },
    );
    expect([...Buffer.from(await raw.arrayBuffer()).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.body).toBe(
      'Program,Academic Year,No. of students graduating in minimum stipulated time,No. of students placed,' +
        'Median salary of placed graduates (Amount in Rs.),No. of students selected for Higher Studies\r\n' +
        'B.Tech,2026-27,8,3,1500000,1\r\n' +
        'MBA,2026-27,3,1,2500000,0\r\n',
    );
  });

  it('writes every figure as CSV with the dashboard’s numbers', async () => {
    const students = (await download('students', 'csv')).body as string;
    expect(students.split('\r\n')).toEqual([
      'Programme,Branch,Enrolled,Eligible,Applied,Placed,Unplaced,Opted out,Debarred,Placed % of eligible',
      'B.Tech,Computer Science and Engineering,4,4,4,3,1,0,0,75',
      'B.Tech,Electronics and Communication,3,1,0,0,1,1,1,0',
      'B.Tech,Mechanical,1,1,0,0,1,0,0,0',
      'B.Tech,All branches,8,6,4,3,3,1,1,50',
      'MBA,Finance,3,3,3,1,2,0,0,33.3',
      'MBA,All branches,3,3,3,1,2,0,0,33.3',
      'All programmes,All branches,11,9,7,4,5,1,1,44.4',
      '',
    ]);
    const tiers = (await download('tiers', 'csv')).body as string;
    expect(tiers).toContain('Dream,2000000,INR,1,1,1\r\n');
    expect(tiers).toContain('Other currencies,,,1,1,1\r\n');
    const ctc = (await download('ctc', 'csv')).body as string;
    expect(ctc).toContain('All programmes,All branches,INR,3,2500000,1800000,1833333.33\r\n');
    const companies = (await download('companies', 'csv')).body as string;
    expect(companies).toContain('"All companies (registered 7, approved 4, visited 3)",,5,10,6,4\r\n');
    const unplaced = (await download('unplaced', 'csv')).body as string;
    expect(unplaced.split('\r\n')).toHaveLength(1 + 5 + 1);
    expect(unplaced).toContain(`,${fx.students.s10?.email},R-s10,B.Tech,Mechanical,8.25,0,0,0\r\n`);
  });

  it('writes XLSX workbooks through the streaming writer', async () => {
    const res = await fetch(
      `${server.baseUrl}/api/placement/cycles/statistics/export?cycleId=${fx.cycleId}&figure=nirf&format=xlsx`,
      { headers: { authorization: rootToken } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const sheet = unzip(Buffer.from(await res.arrayBuffer())).get('xl/worksheets/sheet1.xml') ?? '';
    expect(sheet).toContain('Median salary of placed graduates (Amount in Rs.)');
    expect(sheet).toContain('<v>1500000</v>');
    expect(sheet).toContain('2026-27');
  });
});
