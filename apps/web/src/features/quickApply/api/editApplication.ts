import type { Application, EditApplicationBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { myApplicationsQueryKey } from './listMyApplications';

/** PUT /api/placements/campus/apply {applicationId, answers}: a new revision, allowed while the application `canEdit`. */
export function editApplication(body: EditApplicationBody): Promise<Application> {
  return apiData<Application>('/api/placements/campus/apply', { method: 'PUT', body });
}

export function useEditApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editApplication,
    // The form shows field errors and refusals itself.
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myApplicationsQueryKey }),
  });
}
