import { sql } from 'drizzle-orm';
import type { UserRow } from '../../auth/authenticate';
import type { Executor } from '../../db/client';

/**
 * Enrolments made for an email before its person had an account (uploaded lists) become theirs at first sign-in,
 * as institution roles given by email do (services/users.ts claimInvitations). One statement; a cycle where the
 * person is already enrolled under their account keeps that row (the pending one stays for the cell to see).
 */
export async function claimCycleEnrolments(tx: Executor, user: UserRow): Promise<void> {
  await tx.execute(sql`
    update cycle_enrolments e set user_id = ${user.id}, updated_at = now()
    where e.email = ${user.email.toLowerCase()} and e.user_id is null
      and not exists (select 1 from cycle_enrolments mine where mine.cycle_id = e.cycle_id and mine.user_id = ${user.id})`);
}
