import type { Resume } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';

export interface ResumeList {
  resumes: Resume[];
}

export const resumesQueryKey = ['user', 'resumes'] as const;

/** GET /api/resume: the signed-in individual's resumes, default first. */
export function fetchResumes(signal?: AbortSignal): Promise<ResumeList> {
  return apiData<ResumeList>('/api/resume', signal ? { signal } : {});
}

export function useResumes() {
  return useQuery({ queryKey: resumesQueryKey, queryFn: ({ signal }) => fetchResumes(signal) });
}
