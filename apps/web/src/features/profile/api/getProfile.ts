import type { ProfileDetails } from '@placely/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { useAppStore } from '../../../lib/store';

export interface ProfileResponse {
  profileDetails: ProfileDetails;
}

export const profileQueryKey = (userId: number | null | undefined) => ['user', 'profile', userId ?? null] as const;

/** GET /api/user/profile → data.profileDetails. */
export function fetchProfile(signal?: AbortSignal): Promise<ProfileResponse> {
  return apiData<ProfileResponse>('/api/user/profile', signal ? { signal } : {});
}

export function useProfile() {
  const userId = useAppStore((state) => state.user?.userId);
  return useQuery({
    queryKey: profileQueryKey(userId),
    queryFn: ({ signal }) => fetchProfile(signal),
    enabled: userId !== undefined,
  });
}

/** Every profile mutation answers with the new profileDetails: keep query cache and store in step. */
export function storeProfile(queryClient: QueryClient, response: ProfileResponse): void {
  const { user, setProfile } = useAppStore.getState();
  queryClient.setQueryData(profileQueryKey(user?.userId), response);
  setProfile(response.profileDetails);
}
