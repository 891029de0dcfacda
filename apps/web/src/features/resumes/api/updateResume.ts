import type { UpdateResumeBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { type ResumeList, resumesQueryKey } from './listResumes';

/** PATCH /api/resume {id, title?, isDefault?}: rename, or make it the default. */
export function updateResume(body: UpdateResumeBody): Promise<ResumeList> {
  return apiData<ResumeList>('/api/resume', { method: 'PATCH', body });
}

export function useUpdateResume() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateResume,
    // Optimistic: the list changes at once and rolls back if the server refuses.
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: resumesQueryKey });
      const previous = queryClient.getQueryData<ResumeList>(resumesQueryKey);
      if (previous) {
        queryClient.setQueryData<ResumeList>(resumesQueryKey, {
          resumes: previous.resumes.map((resume) => ({
            ...resume,
            ...(body.title && resume.id === body.id ? { title: body.title } : {}),
            ...(body.isDefault ? { isDefault: resume.id === body.id } : {}),
          })),
        });
      }
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(resumesQueryKey, context.previous);
    },
    onSuccess: (list) => queryClient.setQueryData(resumesQueryKey, list),
  });
}
