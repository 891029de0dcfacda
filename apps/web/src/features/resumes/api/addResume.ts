import type { AddResumeBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { type ResumeList, resumesQueryKey } from './listResumes';

/** POST /api/resume {fileId, title}: an uploaded PDF becomes a resume (the first one becomes the default). */
export function addResume(body: AddResumeBody): Promise<ResumeList> {
  return apiData<ResumeList>('/api/resume', { method: 'POST', body });
}

export function useAddResume() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addResume,
    onSuccess: (list) => queryClient.setQueryData(resumesQueryKey, list),
  });
}
