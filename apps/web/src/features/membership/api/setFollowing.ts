import type { FollowState } from '@placely/contract';
import { type ApiResult, apiRequest } from '../../../lib/api/client';
import type { MembershipKind } from '../kinds';
import { useCircleMutation } from './circleMutation';

/** POST `${base}/follow` or `${base}/unfollow` {groupId}; both idempotent. */
export function setFollowing(kind: MembershipKind, groupId: string, following: boolean) {
  return apiRequest<ApiResult<FollowState>>(`${kind.api.base}/${following ? 'follow' : 'unfollow'}`, {
    method: 'POST',
    body: { groupId },
  });
}

export function useSetFollowing(kind: MembershipKind) {
  return useCircleMutation(kind, ({ groupId, following }: { groupId: string; following: boolean }) =>
    setFollowing(kind, groupId, following),
  );
}
