import type { OneShot } from '../scenario';
import { prepareOpenings, state } from './applications';

/**
 * "Select all matching" on the 100 000-application opening: every candidate in Applied whose CGPA answer is 9.6 to
 * 9.9 (4 of the 40 seeded values, 10 000 candidates) moves to Shortlisted in one request — locks, history rows,
 * audit rows and the undo handle included. Baseline: the bare UPDATE of the same rows, rolled back.
 */
const FILTER = { answers: 'cgpa=9.6..9.9' };
const moveState = { appliedId: '', shortlistedId: '', token: '', moved: 0 };

export const bulkMove: OneShot = {
  name: 'bulk move: select all matching (10 000 of 100 000) → Shortlisted',
  async prepare(context) {
    await prepareOpenings(context.db);
    // The set-based seed makes organization accounts without their team row; moves need the owner's (policies/stage.ts).
    await context.db.query('INSERT INTO organizations (id) VALUES ($1) ON CONFLICT DO NOTHING', [state.organizationId]);
    await context.db.query(
      `INSERT INTO organization_members (organization_id, user_id, email, role, claimed_at)
       SELECT id, id, lower(email), 'owner', now() FROM users WHERE id = $1 ON CONFLICT DO NOTHING`,
      [state.organizationId],
    );
    const { rows } = await context.db.query<{ id: string; kind: string }>(
      `SELECT id, kind FROM opening_stages WHERE opening_id = $1 AND kind IN ('applied', 'shortlisted')`,
      [state.fullOpening],
    );
    moveState.appliedId = rows.find((row) => row.kind === 'applied')?.id ?? '';
    moveState.shortlistedId = rows.find((row) => row.kind === 'shortlisted')?.id ?? '';
    moveState.token = (await context.mintTokens([state.organizationId]))[0] ?? '';
  },
  async run({ baseUrl }) {
    const response = await fetch(`${baseUrl}/api/organization/shortlisting/moves`, {
      method: 'POST',
      headers: { authorization: moveState.token, 'content-type': 'application/json' },
      body: JSON.stringify({
        openingId: state.fullOpening,
        toStageId: moveState.shortlistedId,
        filter: { stageId: moveState.appliedId, ...FILTER },
      }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`bulk move answered ${response.status}`);
    moveState.moved = (JSON.parse(text) as { result: { data: { moved: number } } }).result.data.moved;
    console.log(`bulk move: ${moveState.moved} candidates moved`);
    return text.length;
  },
  // After the move they are in Shortlisted: the baseline moves the same rows back and forth inside a rolled-back
  // transaction, so it writes as many rows as the server did (without history, audit or locks in id order).
  baselineSql: () =>
    `BEGIN; UPDATE applications SET stage_id = '${moveState.appliedId}' WHERE opening_id = '${state.fullOpening}' AND stage_id = '${moveState.shortlistedId}' AND (answers->>'cgpa')::numeric BETWEEN 9.6 AND 9.9; ROLLBACK;`,
};
