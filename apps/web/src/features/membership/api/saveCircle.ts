import type { Circle } from '@placely/contract';
import { type ApiResult, apiRequest } from '../../../lib/api/client';
import type { MembershipKind } from '../kinds';
import { useCircleMutation } from './circleMutation';

/** POST the kind's circle path: creates one; PATCH {id, …changes}: changes one. The bodies are the kind's own. */
export function saveCircle(kind: MembershipKind, body: { id?: string } & Record<string, unknown>) {
  return apiRequest<ApiResult<Circle>>(kind.api.circle, { method: body.id ? 'PATCH' : 'POST', body });
}

export function useSaveCircle(kind: MembershipKind) {
  return useCircleMutation(kind, (body: { id?: string } & Record<string, unknown>) => saveCircle(kind, body), true);
}
