import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { placementKeys } from './keys';

export interface AdminGroup {
  id: string;
  name: string;
}

/** GET /api/verification/groups/admin: verification groups the caller runs (to enrol their members). */
export const fetchAdminGroups = () => apiData<{ items: AdminGroup[] }>('/api/verification/groups/admin');
export const useAdminGroups = (enabled: boolean) =>
  useQuery({ queryKey: placementKeys.adminGroups, queryFn: fetchAdminGroups, enabled });
