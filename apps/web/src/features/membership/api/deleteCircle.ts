import { type ApiResult, apiRequest } from '../../../lib/api/client';
import type { MembershipKind } from '../kinds';
import { useCircleMutation } from './circleMutation';

/** DELETE the kind's circle path ?id=. */
export function deleteCircle(kind: MembershipKind, id: string) {
  return apiRequest<ApiResult<{ id: string }>>(kind.api.circle, { method: 'DELETE', query: { id } });
}

export function useDeleteCircle(kind: MembershipKind) {
  return useCircleMutation(kind, (id: string) => deleteCircle(kind, id));
}
