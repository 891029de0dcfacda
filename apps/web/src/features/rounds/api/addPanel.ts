import type { Round } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';

export interface PanelInput {
  roundId: string;
  name: string;
  panelists: { email: string; name: string }[];
}

/** POST /api/organization/rounds/panels: a panel of team members and outside interviewers (by email). */
export function useAddPanel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PanelInput) =>
      apiRequest<ApiResult<Round>>('/api/organization/rounds/panels', { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: ['rounds'] }),
  });
}
