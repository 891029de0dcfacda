import type { RecipeState } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** GET /api/organization/shortlisting/recipe?openingId=: the recipe, usable questions and criteria, tie-break. */
export function fetchRecipe(openingId: string, signal?: AbortSignal): Promise<RecipeState> {
  return apiData<RecipeState>('/api/organization/shortlisting/recipe', {
    query: { openingId },
    ...(signal ? { signal } : {}),
  });
}

export function useRecipe(openingId: string) {
  return useQuery({
    queryKey: shortlistingKeys.recipe(openingId),
    queryFn: ({ signal }) => fetchRecipe(openingId, signal),
  });
}
