import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notifyFrom } from './index';

/** pg-boss queue of the daily digest, and when it runs (UTC): shortly after midnight, for the day that ended. */
export const DIGEST_QUEUE = 'notification-digest';
export const DIGEST_CRON = '5 0 * * *';

/** The UTC day before the given instant, as YYYY-MM-DD: the day a digest run at that instant reports. */
export function digestDayBefore(at: Date): string {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() - 1)).toISOString().slice(0, 10);
}

/**
 * One digest per person per opening for one UTC day: for each opening that received applications that day, the
 * owners and the coordinators covering it (and the organization account itself) get
 * `opening.applicationsDigest` with the day's count. The dedupe key names (opening, person, day), so running it twice
 * for a day — a retried job, two processes — writes one; preferences decide in-app and mail as for every kind.
 */
export async function writeDailyDigests(db: Executor, day: string): Promise<void> {
  await notifyFrom(
    db,
    sql`with d_counts as (
        select a.opening_id, count(*)::int as n from applications a
        where a.submitted_at >= ${day}::date and a.submitted_at < ${day}::date + 1
        group by a.opening_id
      ), d_openings as (
        select o.id, o.title, o.organization_id, c.n from d_counts c
        join openings o on o.id = c.opening_id and o.deleted_at is null
      ), d_team as (
        select n.id as opening_id, m.user_id from d_openings n
        join organization_members m on m.organization_id = n.organization_id
        left join organization_member_openings mo on mo.member_id = m.id and mo.opening_id = n.id
        where m.user_id is not null and m.revoked_at is null and m.role in ('owner', 'coordinator')
          and (m.role = 'owner' or m.all_openings or mo.member_id is not null)
        union select id, organization_id from d_openings
      )
      select t.user_id as recipient_id, 'opening.applicationsDigest'::text as kind,
        'opening.applicationsDigest:' || n.id || ':' || t.user_id || ':' || ${day}::text as dedupe_key,
        '/organization/openings?opening=' || n.id as link,
        jsonb_build_object('openingTitle', n.title, 'count', n.n::text, 'day', ${day}::text) as payload
      from d_openings n join d_team t on t.opening_id = n.id`,
  );
}
