/**
 * The goals of the hot-paths issue (44), each judged from the figures of this run: every goal is a ratio to a
 * baseline measured in the same run, so the verdict means the same on any machine. Printed at the end of
 * `npm run bench` and written at the top of latest.md.
 */

/** The parts of a measured row the goals read (run.ts `Row`). */
export interface GoalRow {
  scenario: string;
  serverRps: number;
  serverP95: number;
  serverP99: number;
  baseline: string;
  pgbenchTps: number;
  baselineP95Ms?: number;
}

/** The parts of a long operation the goals read (run.ts `OneShotRow`). */
export interface GoalLongRow {
  name: string;
  serverSeconds: number;
  baselineSeconds: number;
  serverRssBeforeMb: number;
  serverPeakRssMb: number;
}

/** The drive burst's verdict inputs (scenarios/drive.ts). */
export interface DriveOutcome {
  errors: number;
  lost: number;
  duplicated: number;
  paths: { name: string; throughputRatio: number; p95Ratio: number }[];
}

export interface Goal {
  goal: string;
  figure: string;
  met: boolean | null;
}

const x = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : '—');

/** Every goal the run has figures for; goals measured elsewhere (the web build, `npm run perf`) say where. */
export function judgeGoals(rows: GoalRow[], longRows: GoalLongRow[], drive: DriveOutcome | null): Goal[] {
  const goals: Goal[] = [];
  for (const row of rows.filter((r) => r.baseline.startsWith('bare Fastify + pg: token check'))) {
    const throughput = row.serverRps / row.pgbenchTps;
    const p95 = row.serverP95 / (row.baselineP95Ms ?? Number.NaN);
    goals.push({
      goal: `${row.scenario}: throughput ≥ 0.8× and p95 ≤ 1.25× its bare Fastify + pg baseline`,
      figure: `throughput ${x(throughput)}, p95 ${x(p95)} (${row.serverP95} against ${row.baselineP95Ms} ms)`,
      met: throughput >= 0.8 && p95 <= 1.25,
    });
  }
  const whole = rows.find(
    (r) => r.scenario.startsWith('POST /api/placements/campus/apply') && /whole write/.test(r.baseline),
  );
  if (whole) {
    const throughput = whole.serverRps / whole.pgbenchTps;
    const p95 = whole.serverP95 / (whole.baselineP95Ms ?? Number.NaN);
    goals.push({
      goal: 'Apply: ≥ 0.5× pgbench of the whole write statement, p95 ≤ 1.5× that statement’s p95',
      figure: `throughput ${x(throughput)}, p95 ${x(p95)} (${whole.serverP95} against ${whole.baselineP95Ms?.toFixed(1)} ms)`,
      met: throughput >= 0.5 && p95 <= 1.5,
    });
  }
  const sorted = new Map<string, GoalRow>();
  for (const row of rows.filter((r) => r.scenario.includes('?order=')))
    sorted.set(row.scenario, sorted.get(row.scenario) ?? row);
  if (sorted.size > 0) {
    const worst = [...sorted.values()].sort((a, b) => b.serverP99 / b.serverP95 - a.serverP99 / a.serverP95)[0];
    if (worst) {
      const tail = worst.serverP99 / worst.serverP95;
      goals.push({
        goal: 'Sorted pages have no tail: every sorted responses page’s p99 ≤ 3× its p95',
        figure: `worst ${/order=(\w+)/.exec(worst.scenario)?.[1]}: p99 ${worst.serverP99} ms = ${x(tail)} its p95 ${worst.serverP95} ms`,
        met: tail <= 3,
      });
    }
  }
  for (const row of longRows) {
    const ratio = row.serverSeconds / row.baselineSeconds;
    const growth = row.serverPeakRssMb - row.serverRssBeforeMb;
    if (row.name.startsWith('export')) {
      const limit = row.name.includes('XLSX') ? 3 : 2;
      goals.push({
        goal: `${row.name}: ≤ ${limit}× COPY of the same rows, memory growth ≤ 50 MB`,
        figure: `${x(ratio)} COPY, +${growth.toFixed(0)} MB`,
        met: ratio <= limit && growth <= 50,
      });
    } else if (row.name.startsWith('bulk move')) {
      goals.push({ goal: `${row.name}: ≤ 2× its bare UPDATE`, figure: x(ratio), met: ratio <= 2 });
    }
  }
  if (drive) {
    goals.push({
      goal: 'Drive burst: no errors, no application lost or duplicated',
      figure: `${drive.errors} errors, ${drive.lost} lost, ${drive.duplicated} duplicated`,
      met: drive.errors === 0 && drive.lost === 0 && drive.duplicated === 0,
    });
    for (const path of drive.paths) {
      goals.push({
        goal: `Drive burst, ${path.name}: throughput ≥ 0.5× and p95 ≤ 2× its solo run`,
        figure: `throughput ${x(path.throughputRatio)}, p95 ${x(path.p95Ratio)}`,
        met: path.throughputRatio >= 0.5 && path.p95Ratio <= 2,
      });
    }
  }
  goals.push(
    {
      goal: 'Signed-in JavaScript for a form link ≤ 200 KB gzip',
      figure: 'not measured by the bench: the web build’s size budget (apps/web, `npm run build`)',
      met: null,
    },
    {
      goal: 'Time to apply (machine time) ≤ 3 s one-click, ≤ 4 s ten questions',
      figure: 'not measured by the bench: `npm run perf`',
      met: null,
    },
  );
  return goals;
}

export function goalsTable(goals: Goal[]): string {
  return (
    '| goal | figure (this run) | met |\n| --- | --- | :---: |\n' +
    goals
      .map((goal) => `| ${goal.goal} | ${goal.figure} | ${goal.met === null ? '—' : goal.met ? 'met' : 'not met'} |`)
      .join('\n')
  );
}
