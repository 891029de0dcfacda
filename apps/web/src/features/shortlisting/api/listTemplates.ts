import type { MessageTemplatePage } from '@placely/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** GET /api/organization/shortlisting/templates?page=: the organization's message templates, by name. */
export async function fetchTemplates(page: number, signal?: AbortSignal) {
  return apiData<MessageTemplatePage>('/api/organization/shortlisting/templates', {
    query: { page },
    ...(signal ? { signal } : {}),
  });
}

export function useTemplates(page = 1) {
  return useQuery({
    queryKey: shortlistingKeys.templates(page),
    queryFn: ({ signal }) => fetchTemplates(page, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}
