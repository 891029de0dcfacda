import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { type ResumeList, resumesQueryKey } from './listResumes';

/** DELETE /api/resume?id=: removes the resume and its file. */
export function deleteResume(id: string): Promise<ResumeList> {
  return apiData<ResumeList>('/api/resume', { method: 'DELETE', query: { id } });
}

export function useDeleteResume() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteResume,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: resumesQueryKey });
      const previous = queryClient.getQueryData<ResumeList>(resumesQueryKey);
      if (previous) {
        queryClient.setQueryData<ResumeList>(resumesQueryKey, {
          resumes: previous.resumes.filter((resume) => resume.id !== id),
        });
      }
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(resumesQueryKey, context.previous);
    },
    onSuccess: (list) => queryClient.setQueryData(resumesQueryKey, list),
  });
}
