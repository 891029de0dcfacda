import { seedCycle, seedCycleNotice, seedEnrolment, seedNoticeReceipt } from '../../seed/helpers';
import { TIER_POLICY } from '../placement-fixture';
import { type Entry, get, post, type Target } from './matrix-kit';
import type { World } from './world';

/**
 * Placement statistics and notices (routes/placement-statistics, routes/placement-notices). On first use the world's
 * institution (whose root is the placement cell) gets a cycle with indA and indB enrolled, and one notice to each of
 * them asking for an acknowledgement. The cell's routes belong to the root alone — companies, students and other
 * institutions' people are refused; a student's notice belongs to that student alone.
 */
interface PlacementStatsWorld {
  cycleId: string;
  notices: Record<'indA' | 'indB', string>;
}

const seeded = new WeakMap<World, Promise<PlacementStatsWorld>>();

export function placementStatsWorld(world: World): Promise<PlacementStatsWorld> {
  let promise = seeded.get(world);
  if (!promise) {
    promise = (async () => {
      const db = world.server.db;
      const cycle = await seedCycle(db, {
        institutionId: world.institutionId,
        name: 'Suite statistics cycle',
        policy: TIER_POLICY,
        createdBy: world.actors.root.userId,
      });
      const notices = {} as PlacementStatsWorld['notices'];
      for (const who of ['indA', 'indB'] as const) {
        await seedEnrolment(db, { cycleId: cycle.id, userId: world.actors[who].userId, degree: 'B.Tech' });
        const notice = await seedCycleNotice(db, {
          cycleId: cycle.id,
          title: `Suite notice to ${who}`,
          audience: { kind: 'all' },
          requiresAck: true,
          createdBy: world.actors.root.userId,
        });
        await seedNoticeReceipt(db, { noticeId: notice.id, userId: world.actors[who].userId, read: false });
        notices[who] = notice.id;
      }
      return { cycleId: cycle.id, notices };
    })();
    seeded.set(world, promise);
  }
  return promise;
}

const forCell =
  (build: (fixture: PlacementStatsWorld) => Omit<Target, 'owner'>) =>
  async (world: World): Promise<Target[]> => [{ owner: 'root', ...build(await placementStatsWorld(world)) }];

const perStudent =
  (build: (fixture: PlacementStatsWorld, who: 'indA' | 'indB') => Omit<Target, 'owner'>) =>
  async (world: World): Promise<Target[]> => {
    const fixture = await placementStatsWorld(world);
    return (['indA', 'indB'] as const).map((who) => ({ owner: who, ...build(fixture, who) }));
  };

export const PLACEMENT_STATS_ENTRIES: Record<string, Entry> = {
  'GET /api/placement/cycles/statistics': {
    access: 'owned',
    targets: forCell((f) => ({
      label: "the cycle's dashboard",
      request: get('/api/placement/cycles/statistics', { cycleId: f.cycleId }),
    })),
  },
  'GET /api/placement/cycles/statistics/unplaced': {
    access: 'owned',
    targets: forCell((f) => ({
      label: "the cycle's unplaced students",
      request: get('/api/placement/cycles/statistics/unplaced', { cycleId: f.cycleId, limit: 10 }),
    })),
  },
  'GET /api/placement/cycles/statistics/export': {
    access: 'owned',
    targets: forCell((f) => ({
      label: "the cycle's NIRF export",
      request: get('/api/placement/cycles/statistics/export', { cycleId: f.cycleId, figure: 'nirf', format: 'csv' }),
    })),
  },
  'POST /api/placement/cycles/notices': {
    access: 'owned',
    targets: forCell((f) => ({
      label: 'a notice to the cycle (to its debarred students: nobody here)',
      request: post('/api/placement/cycles/notices', {
        cycleId: f.cycleId,
        title: 'Suite notice',
        body: 'Suite notice body',
        audience: { kind: 'filter', statuses: ['debarred'] },
        attachmentFileIds: [],
        requiresAck: false,
      }),
    })),
  },
  'GET /api/placement/cycles/notices': {
    access: 'owned',
    targets: forCell((f) => ({
      label: "the cycle's notices",
      request: get('/api/placement/cycles/notices', { cycleId: f.cycleId }),
    })),
  },
  'GET /api/placement/cycles/notices/receipts': {
    access: 'owned',
    targets: forCell((f) => ({
      label: "who read indA's notice",
      request: get('/api/placement/cycles/notices/receipts', { noticeId: f.notices.indA, show: 'all' }),
    })),
  },
  'GET /api/placement/my/notices': {
    access: 'self',
    request: () => get('/api/placement/my/notices', { limit: 20 }),
    fuzzAs: 'indA',
  },
  'POST /api/placement/my/notices/read': {
    access: 'owned',
    targets: perStudent((f, who) => ({
      label: `${who}'s notice (read)`,
      request: post('/api/placement/my/notices/read', { noticeId: f.notices[who] }),
    })),
  },
  'POST /api/placement/my/notices/acknowledge': {
    access: 'owned',
    targets: perStudent((f, who) => ({
      label: `${who}'s notice (acknowledged)`,
      request: post('/api/placement/my/notices/acknowledge', { noticeId: f.notices[who] }),
    })),
  },
};
