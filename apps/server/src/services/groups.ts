import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { groupMembers, groups } from '../db/schema';

/**
 * True when the person is an accepted member of at least one of the given live groups (requests and declined
 * requests do not count; deleted groups admit nobody). For openings limited to groups.
 */
export async function isMemberOfAnyGroup(db: Executor, userId: number, groupIds: string[]): Promise<boolean> {
  if (groupIds.length === 0) return false;
  const [row] = await db
    .select({ id: groupMembers.id })
    .from(groupMembers)
    .innerJoin(groups, and(eq(groups.id, groupMembers.groupId), isNull(groups.deletedAt)))
    .where(
      and(eq(groupMembers.userId, userId), eq(groupMembers.state, 'member'), inArray(groupMembers.groupId, groupIds)),
    )
    .limit(1);
  return row !== undefined;
}
