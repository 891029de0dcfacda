import type { GenerateResumeBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { type ResumeList, resumesQueryKey } from './listResumes';

/** POST /api/resume/generate: a PDF built from your profile sections, kept as one of your resumes. */
export function generateResume(body: GenerateResumeBody = {}): Promise<ResumeList> {
  return apiData<ResumeList>('/api/resume/generate', { method: 'POST', body });
}

export function useGenerateResume() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateResume,
    onSuccess: (list) => queryClient.setQueryData(resumesQueryKey, list),
  });
}
