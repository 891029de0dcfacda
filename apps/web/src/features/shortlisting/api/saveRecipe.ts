import type { RecipeBody, RecipeState } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** PUT /api/organization/shortlisting/recipe: the ranking follows at once. */
export function saveRecipe(body: RecipeBody): Promise<RecipeState> {
  return apiData<RecipeState>('/api/organization/shortlisting/recipe', { method: 'PUT', body });
}

export function useSaveRecipe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRecipe,
    onSuccess: (state) => {
      queryClient.setQueryData(shortlistingKeys.recipe(state.openingId), state);
      return queryClient.invalidateQueries({ queryKey: shortlistingKeys.rankingRoot(state.openingId) });
    },
  });
}
