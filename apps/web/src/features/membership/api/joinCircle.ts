import type { Circle } from '@placely/contract';
import { type ApiResult, apiRequest } from '../../../lib/api/client';
import type { MembershipKind } from '../kinds';
import { useCircleMutation } from './circleMutation';

export type MembershipMove = 'join' | 'leave';

/**
 * POST `${base}/join` {groupId}: joins an open circle or asks to join (the message says which); `${base}/leave`:
 * leaves, or withdraws a request.
 */
export function moveMembership(kind: MembershipKind, move: MembershipMove, groupId: string) {
  return apiRequest<ApiResult<Circle>>(`${kind.api.base}/${move}`, { method: 'POST', body: { groupId } });
}

export function useMoveMembership(kind: MembershipKind, move: MembershipMove) {
  return useCircleMutation(kind, (groupId: string) => moveMembership(kind, move, groupId));
}
