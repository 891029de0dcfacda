import { useMutation } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';

/** DELETE /api/organization?name=: an owner deletes the organization acted for, typing its name to confirm. */
export function deleteOrganization(name: string) {
  return apiRequest<ApiResult<{ organizationId: number }>>('/api/organization', {
    method: 'DELETE',
    query: { name },
  });
}

export function useDeleteOrganization() {
  return useMutation({ mutationFn: deleteOrganization });
}
