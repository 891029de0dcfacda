import type { RemoveGroupPersonBody } from '@placely/contract';
import { type ApiResult, apiRequest } from '../../../lib/api/client';
import type { MembershipKind } from '../kinds';
import { useCircleMutation } from './circleMutation';
import type { PeopleList } from './listPeople';

const PATH_OF: Record<PeopleList, string> = { members: 'remove/member', followers: 'remove/follower' };

/** POST `${base}/remove/member|follower` {groupId, userId}. */
export function removePerson(kind: MembershipKind, which: PeopleList, body: RemoveGroupPersonBody) {
  return apiRequest<ApiResult<RemoveGroupPersonBody>>(`${kind.api.base}/${PATH_OF[which]}`, { method: 'POST', body });
}

export function useRemovePerson(kind: MembershipKind, which: PeopleList) {
  return useCircleMutation(kind, (body: RemoveGroupPersonBody) => removePerson(kind, which, body));
}
