import type { RequestDecisionResult } from '@placely/contract';
import { type ApiResult, apiRequest } from '../../../lib/api/client';
import type { MembershipKind } from '../kinds';
import { useCircleMutation } from './circleMutation';

export type Decision = 'accept' | 'decline';

/** POST `${base}/request/accept|decline` {ids}: decides one or many requests (the message says how many). */
export function decideRequests(kind: MembershipKind, decision: Decision, ids: string[]) {
  return apiRequest<ApiResult<RequestDecisionResult>>(`${kind.api.base}/request/${decision}`, {
    method: 'POST',
    body: { ids },
  });
}

export function useDecideRequests(kind: MembershipKind) {
  return useCircleMutation(kind, ({ decision, ids }: { decision: Decision; ids: string[] }) =>
    decideRequests(kind, decision, ids),
  );
}
