import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * The label an applicant sees for their stage, as SQL over the application `a` (a table name or alias), its opening
 * `o` and its stage `st`. A rejection the organization has not released yet reads as the stage the application was
 * in before it, so nothing is given away early — unless a rejection mail was sent to that candidate (issue #40):
 * then the page says what the mail said.
 */
export const candidateLabelSql = (a: SQL) => sql`case when st.kind = 'rejected' and not o.rejections_released
    and not exists (select 1 from candidate_messages cm
      where cm.application_id = ${a}.id and cm.kind = 'rejection' and cm.status = 'sent')
  then coalesce(
    (select prev.candidate_label from stage_moves m join opening_stages prev on prev.id = m.from_stage_id
      where m.application_id = ${a}.id and m.to_stage_id = ${a}.stage_id and prev.kind <> 'rejected'
      order by m.at desc, m.id desc limit 1),
    (select first.candidate_label from opening_stages first
      where first.opening_id = ${a}.opening_id and first.kind = 'applied'))
  else st.candidate_label end`;

/** What each applicant is told about where their application stands (candidateLabelSql). */
export async function candidateStageLabels(db: Executor, applicationIds: string[]): Promise<Map<string, string>> {
  if (applicationIds.length === 0) return new Map();
  const ids = sql.join(
    applicationIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute<{ id: string; label: string | null }>(sql`
    select a.id, ${candidateLabelSql(sql.raw('a'))} as label
    from applications a
    join openings o on o.id = a.opening_id
    join opening_stages st on st.id = a.stage_id
    where a.id in (${ids})`);
  const rows = (result as unknown as { rows: { id: string; label: string | null }[] }).rows;
  return new Map(rows.flatMap((row) => (row.label === null ? [] : [[row.id, row.label] as const])));
}
