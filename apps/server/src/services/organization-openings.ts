import type { FormDefinition } from '@placely/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../auth/authenticate';
import type { Executor } from '../db/client';
import { type OpeningRow, openings } from '../db/schema';
import { errors } from '../errors';
import { type Action, authorize, type RecordOf } from '../policies';
import type { OrganizationAccess } from '../policies/organization';

/** Actions judged on an opening of the organization the caller acts for. */
export type OrganizationOpeningAction = {
  [A in Action]: { access: OrganizationAccess; opening: OpeningRow } extends RecordOf<A> ? A : never;
}[Action];

/**
 * For a first read that starts from the caller (`from users where users.id = :userId`), the condition of its left
 * join to `openings`: the opening the request names (`:id`) when it is a live opening of the organization the request
 * acts for (`:organizationId`). The left join keeps the caller's row either way, so the refusals still come in order:
 * 401, 403, then 404.
 */
export function namedOpeningOfOrganization() {
  return and(
    eq(openings.id, sql.placeholder('id')),
    isNull(openings.deletedAt),
    eq(openings.organizationId, sql.placeholder('organizationId')),
  );
}

/** The opening's current form definition, as a column of a read that joins `openings`. */
export function currentFormColumn() {
  return sql<FormDefinition | null>`(select v.definition from opening_form_versions v
    where v.opening_id = ${openings.id} and v.version = ${openings.currentFormVersion})`;
}

/**
 * A live opening of the organization the caller acts for, authorized for `action`. An opening that is deleted or
 * belongs to another organization is a 404, so its existence does not leak. `lock` takes a row lock inside a
 * transaction (e.g. to keep per-opening counts true while two requests write).
 */
export async function loadOrganizationOpening(
  db: Executor,
  actor: Actor,
  access: OrganizationAccess,
  openingId: string,
  action: OrganizationOpeningAction,
  lock?: 'share' | 'no key update' | 'update',
): Promise<OpeningRow> {
  const query = db
    .select()
    .from(openings)
    .where(
      and(eq(openings.id, openingId), isNull(openings.deletedAt), eq(openings.organizationId, access.organizationId)),
    );
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) throw errors.notFound('That opening');
  authorize(actor, action, { access, opening: row });
  return row;
}
