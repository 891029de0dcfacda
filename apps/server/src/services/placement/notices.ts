import type { CellNotice, NoticeAudience, NoticeReceiptPage, ReceiptFilter, StudentNotice } from '@placely/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notifyFrom } from '../notifications';

/**
 * Notices of a placement cycle (docs/ARCHITECTURE.md "Placement season" → "Statistics and notices"). Posting one
 * resolves its audience in SQL once: one receipt per student reached (`cycle_notice_receipts`, read and
 * acknowledged times), and from the receipts one `placement.notice` notification each, in the same statement family
 * as every other cause (notifyFrom: each person's preferences decide in-app and mail). Students read their notices
 * through their receipts, so a notice reaches exactly the people it was addressed to when it was posted.
 */

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Executor, statement: SQL): Promise<T[]> =>
  ((await db.execute(statement)) as unknown as Rows<T>).rows;

const textArray = (values: readonly string[]) =>
  values.length === 0
    ? sql`array[]::text[]`
    : sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`;

/** The user ids a notice's audience reaches in a cycle: enrolled students with an account. */
export function audienceSql(cycleId: string, audience: NoticeAudience): SQL {
  switch (audience.kind) {
    case 'all':
      return sql`select e.user_id from cycle_enrolments e
        where e.cycle_id = ${cycleId}::uuid and e.user_id is not null`;
    case 'filter': {
      const branchIds = audience.branchIds ?? [];
      const degrees = (audience.degrees ?? []).map((degree) => degree.trim().toLowerCase());
      const statuses = audience.statuses ?? [];
      return sql`select e.user_id from cycle_enrolments e
        where e.cycle_id = ${cycleId}::uuid and e.user_id is not null
          ${branchIds.length > 0 ? sql`and e.branch_id::text = any(${textArray(branchIds)})` : sql``}
          ${degrees.length > 0 ? sql`and lower(btrim(e.degree)) = any(${textArray(degrees)})` : sql``}
          ${statuses.length > 0 ? sql`and e.status = any(${textArray(statuses)})` : sql``}`;
    }
    case 'stage':
      // The candidates now in that stage of that opening (not withdrawn), who are students of the cycle.
      return sql`select distinct a.applicant_id as user_id from applications a
        join openings o on o.id = a.opening_id and o.cycle_id = ${cycleId}::uuid
        join cycle_enrolments e on e.cycle_id = ${cycleId}::uuid and e.user_id = a.applicant_id
        where a.opening_id = ${audience.openingId}::uuid and a.stage_id = ${audience.stageId}::uuid
          and a.status <> 'withdrawn'`;
  }
}

/**
 * What is wrong with an audience for this cycle, as a field path and message (null: nothing): branches of another
 * institution, an opening outside the cycle, a stage of another opening.
 */
export async function audienceProblem(
  db: Executor,
  cycle: { id: string; institutionId: number },
  audience: NoticeAudience,
): Promise<{ field: string; message: string } | null> {
  if (audience.kind === 'filter' && (audience.branchIds?.length ?? 0) > 0) {
    const ids = audience.branchIds ?? [];
    const [row] = await rowsOf<{ known: number }>(
      db,
      sql`select count(*)::int as known from institution_branches
        where institution_id = ${cycle.institutionId} and id::text = any(${textArray(ids)})`,
    );
    if ((row?.known ?? 0) !== new Set(ids).size) {
      return { field: 'audience.branchIds', message: 'A branch is not one of this institution’s branches' };
    }
  }
  if (audience.kind === 'stage') {
    const [row] = await rowsOf<{ in_cycle: boolean; stage_of_opening: boolean }>(
      db,
      sql`select exists(select 1 from openings o where o.id = ${audience.openingId}::uuid and o.cycle_id = ${cycle.id}::uuid)
          as in_cycle,
        exists(select 1 from opening_stages st where st.id = ${audience.stageId}::uuid
          and st.opening_id = ${audience.openingId}::uuid) as stage_of_opening`,
    );
    if (!row?.in_cycle) return { field: 'audience.openingId', message: 'That opening is not in this cycle' };
    if (!row.stage_of_opening) return { field: 'audience.stageId', message: 'That stage is not one of the opening’s' };
  }
  return null;
}

/** The caller's own ready files among `ids` (attachments must be the poster's uploads). */
export async function ownReadyFiles(db: Executor, ownerId: number, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select id from files where owner_id = ${ownerId} and status = 'ready' and id::text = any(${textArray(ids)})`,
  );
  return new Set(rows.map((row) => row.id));
}

export interface NoticeRow {
  id: string;
  cycle_id: string;
  title: string;
  body: string;
  audience: NoticeAudience;
  attachments: Array<{ id: string; name: string; contentType: string | null; size: number | string }> | null;
  requires_ack: boolean;
  created_at: string | Date;
  created_by_name: string | null;
  recipients: number;
  read: number;
  acknowledged: number;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

const attachmentsOf = (row: { attachments: NoticeRow['attachments'] }) =>
  (row.attachments ?? []).map((file) => ({
    id: file.id,
    name: file.name,
    contentType: file.contentType ?? 'application/octet-stream',
    size: Number(file.size),
  }));

/** A notice's attachments as JSON, in the order they were given (files since deleted drop out). */
const attachmentsJson = sql`coalesce((select jsonb_agg(jsonb_build_object('id', fl.id, 'name', fl.name,
    'contentType', fl.content_type, 'size', fl.size) order by k.ord)
  from unnest(n.attachment_file_ids) with ordinality k(file_id, ord) join files fl on fl.id = k.file_id), '[]'::jsonb)`;

export function presentCellNotice(row: NoticeRow): CellNotice {
  return {
    id: row.id,
    cycleId: row.cycle_id,
    title: row.title,
    body: row.body,
    audience: row.audience,
    attachments: attachmentsOf(row),
    requiresAck: row.requires_ack,
    createdAt: iso(row.created_at) as string,
    createdByName: row.created_by_name,
    recipients: Number(row.recipients),
    read: Number(row.read),
    acknowledged: Number(row.acknowledged),
  };
}

/** The cycle's notices for the cell, newest first, each with its receipt counts (one statement). */
export function cellNoticesSql(cycleId: string, noticeId?: string): SQL {
  return sql`select n.id, n.cycle_id, n.title, n.body, n.audience, n.requires_ack, n.created_at,
      ${attachmentsJson} as attachments,
      (select u.name from users u where u.id = n.created_by) as created_by_name,
      coalesce(r.recipients, 0)::int as recipients, coalesce(r.read, 0)::int as read,
      coalesce(r.acknowledged, 0)::int as acknowledged
    from cycle_notices n
    left join lateral (select count(*) as recipients, count(r.read_at) as read, count(r.acknowledged_at) as acknowledged
      from cycle_notice_receipts r where r.notice_id = n.id) r on true
    where n.cycle_id = ${cycleId}::uuid ${noticeId ? sql`and n.id = ${noticeId}::uuid` : sql``}
    order by n.created_at desc, n.id desc`;
}

export const cellNotices = (db: Executor, cycleId: string, noticeId?: string) =>
  rowsOf<NoticeRow>(db, cellNoticesSql(cycleId, noticeId));

/** In-app address of a notice for its students (the web's student placement page). */
export const noticeLinkSql = (cycleId: SQL, noticeId: SQL) =>
  sql`'/student/cycles?cycle=' || ${cycleId} || '&notice=' || ${noticeId}`;

/**
 * Posts a notice in the caller's transaction: the row, a receipt per student of the audience, and their
 * notifications. Answers the notice with its counts.
 */
export async function postNotice(
  tx: Executor,
  input: {
    cycle: { id: string; name: string };
    createdBy: number;
    title: string;
    body: string;
    audience: NoticeAudience;
    attachmentFileIds: readonly string[];
    requiresAck: boolean;
  },
): Promise<NoticeRow> {
  const [created] = await rowsOf<{ id: string }>(
    tx,
    sql`insert into cycle_notices (cycle_id, title, body, audience, attachment_file_ids, requires_ack, created_by)
      values (${input.cycle.id}::uuid, ${input.title}, ${input.body}, ${JSON.stringify(input.audience)}::jsonb,
        ${input.attachmentFileIds.length === 0 ? sql`array[]::uuid[]` : sql`${textArray(input.attachmentFileIds)}::uuid[]`},
        ${input.requiresAck}, ${input.createdBy})
      returning id`,
  );
  if (!created) throw new Error('notice not inserted');
  await tx.execute(sql`insert into cycle_notice_receipts (notice_id, user_id)
    select ${created.id}::uuid, aud.user_id from (${audienceSql(input.cycle.id, input.audience)}) aud
    on conflict do nothing`);
  // The mail carries the notice's words (a notice is short, and the cell wrote it to be read in the mail too).
  await notifyFrom(
    tx,
    sql`select r.user_id as recipient_id, 'placement.notice'::text as kind,
        'placement.notice:' || r.notice_id || ':' || r.user_id as dedupe_key,
        ${noticeLinkSql(sql`n.cycle_id::text`, sql`n.id::text`)} as link,
        jsonb_build_object('cycleName', ${input.cycle.name}::text, 'noticeTitle', n.title,
          'noticeBody', left(n.body, 4000), 'requiresAck', case when n.requires_ack then 'yes' else '' end,
          'attachments', cardinality(n.attachment_file_ids)::text) as payload
      from cycle_notice_receipts r join cycle_notices n on n.id = r.notice_id
      where r.notice_id = ${created.id}::uuid`,
  );
  const [row] = await cellNotices(tx, input.cycle.id, created.id);
  if (!row) throw new Error('notice not found after insert');
  return row;
}

interface ReceiptRow {
  user_id: string | number;
  name: string | null;
  email: string;
  read_at: string | Date | null;
  acknowledged_at: string | Date | null;
  total: number;
}

const RECEIPT_FILTER_SQL: Record<ReceiptFilter, SQL> = {
  all: sql`true`,
  read: sql`r.read_at is not null`,
  unread: sql`r.read_at is null`,
  acknowledged: sql`r.acknowledged_at is not null`,
  unacknowledged: sql`r.acknowledged_at is null`,
};

/** Who a notice reached, read it and acknowledged it: the counts and one page of people (by name). */
export async function noticeReceipts(
  db: Executor,
  noticeId: string,
  show: ReceiptFilter,
  offset: number,
  limit: number,
): Promise<NoticeReceiptPage> {
  const [counts] = await rowsOf<{ recipients: number; read: number; acknowledged: number }>(
    db,
    sql`select count(*)::int as recipients, count(read_at)::int as read, count(acknowledged_at)::int as acknowledged
      from cycle_notice_receipts where notice_id = ${noticeId}::uuid`,
  );
  const rows = await rowsOf<ReceiptRow>(
    db,
    sql`select r.user_id, coalesce(ip.name, u.name) as name, u.email, r.read_at, r.acknowledged_at,
        count(*) over ()::int as total
      from cycle_notice_receipts r
      join users u on u.id = r.user_id
      left join individual_profiles ip on ip.user_id = r.user_id
      where r.notice_id = ${noticeId}::uuid and ${RECEIPT_FILTER_SQL[show]}
      order by lower(coalesce(ip.name, u.name, u.email)), r.user_id
      limit ${limit}::int offset ${offset}::int`,
  );
  const total = rows[0]?.total ?? 0;
  return {
    recipients: counts?.recipients ?? 0,
    read: counts?.read ?? 0,
    acknowledged: counts?.acknowledged ?? 0,
    items: rows.map((row) => ({
      userId: Number(row.user_id),
      name: row.name,
      email: row.email,
      readAt: iso(row.read_at),
      acknowledgedAt: iso(row.acknowledged_at),
    })),
    total,
    nextOffset: rows.length > 0 && offset + rows.length < total ? offset + rows.length : null,
  };
}

interface StudentNoticeRow {
  id: string;
  cycle_id: string;
  cycle_name: string;
  title: string;
  body: string;
  attachments: NoticeRow['attachments'];
  requires_ack: boolean;
  created_at: string | Date;
  read_at: string | Date | null;
  acknowledged_at: string | Date | null;
  total: number;
  unread: number;
}

export function presentStudentNotice(row: StudentNoticeRow): StudentNotice {
  return {
    id: row.id,
    cycleId: row.cycle_id,
    cycleName: row.cycle_name,
    title: row.title,
    body: row.body,
    attachments: attachmentsOf(row),
    requiresAck: row.requires_ack,
    createdAt: iso(row.created_at) as string,
    readAt: iso(row.read_at),
    acknowledgedAt: iso(row.acknowledged_at),
  };
}

/** A student's notices (of one cycle, or all), newest first: only those with a receipt of theirs. */
const studentNoticesSql = (userId: number, where: SQL, paging: SQL) => sql`select n.id, n.cycle_id,
    c.name as cycle_name, n.title, n.body, n.requires_ack, n.created_at, r.read_at, r.acknowledged_at,
    ${attachmentsJson} as attachments,
    count(*) over ()::int as total, (count(*) filter (where r.read_at is null) over ())::int as unread
  from cycle_notice_receipts r
  join cycle_notices n on n.id = r.notice_id
  join placement_cycles c on c.id = n.cycle_id
  where r.user_id = ${userId} and ${where}
  order by n.created_at desc, n.id desc
  ${paging}`;

export async function studentNotices(
  db: Executor,
  userId: number,
  query: { cycleId?: string; offset: number; limit: number },
) {
  const rows = await rowsOf<StudentNoticeRow>(
    db,
    studentNoticesSql(
      userId,
      query.cycleId ? sql`n.cycle_id = ${query.cycleId}::uuid` : sql`true`,
      sql`limit ${query.limit}::int offset ${query.offset}::int`,
    ),
  );
  const total = rows[0]?.total ?? 0;
  return {
    items: rows.map(presentStudentNotice),
    unread: rows[0]?.unread ?? 0,
    total,
    nextOffset: rows.length > 0 && query.offset + rows.length < total ? query.offset + rows.length : null,
  };
}

/** One of the student's notices (null: none of theirs, which the route answers 404). */
export async function studentNotice(db: Executor, userId: number, noticeId: string) {
  const [row] = await rowsOf<StudentNoticeRow>(db, studentNoticesSql(userId, sql`n.id = ${noticeId}::uuid`, sql``));
  return row ?? null;
}

/**
 * Marks the student's receipt read (and acknowledged, when asked and the notice asks for it); idempotent, the first
 * time is kept. Answers the receipt's notice, or null when the student has no receipt for it.
 */
export async function markReceipt(tx: Executor, userId: number, noticeId: string, acknowledge: boolean): Promise<void> {
  await tx.execute(sql`update cycle_notice_receipts set read_at = coalesce(read_at, now()),
      acknowledged_at = ${acknowledge ? sql`coalesce(acknowledged_at, now())` : sql`acknowledged_at`}
    where notice_id = ${noticeId}::uuid and user_id = ${userId}`);
}

/** Whether a file is an attachment of a notice the person received, or of a notice of a cell they are in. */
export async function isNoticeAttachmentFor(db: Executor, fileId: string, userId: number, cellInstitutions: SQL) {
  const [row] = await rowsOf<{ found: boolean }>(
    db,
    sql`select exists(select 1 from cycle_notices n
        where ${fileId}::uuid = any(n.attachment_file_ids)
          and (exists(select 1 from cycle_notice_receipts r where r.notice_id = n.id and r.user_id = ${userId})
            or exists(select 1 from placement_cycles c where c.id = n.cycle_id and c.institution_id in ${cellInstitutions})))
      as found`,
  );
  return row?.found === true;
}

/**
 * An opening's stages in order, each with the cycle's students now in it (not withdrawn) — the same people a notice to
 * that stage reaches (audienceSql's stage case).
 */
export async function cycleOpeningStages(
  db: Executor,
  cycleId: string,
  openingId: string,
): Promise<{ id: string; name: string; candidates: number }[]> {
  return rowsOf<{ id: string; name: string; candidates: number }>(
    db,
    sql`select st.id::text as id, st.name,
        (select count(distinct a.applicant_id)::int from applications a
          join cycle_enrolments e on e.cycle_id = ${cycleId}::uuid and e.user_id = a.applicant_id
          where a.opening_id = st.opening_id and a.stage_id = st.id and a.status <> 'withdrawn') as candidates
      from opening_stages st
      where st.opening_id = ${openingId}::uuid
      order by st.position, st.id`,
  );
}
