// Stars and unstars a pair for the user: the star changes at once in every cached pair list,
// goes back if the server refuses, and the lists are fetched again after the last click.
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPair } from '@td/contracts/market';
import { api } from '../../lib/api-client';
import { PAIRS_QUERY_KEY } from './get-pairs';

export interface TToggleFavoriteRequest {
  symbol: string;
  /** The state wanted: true stars the pair (PUT), false unstars it (DELETE). */
  isFavorite: boolean;
}

/** PUT /pairs/{symbol}/favorite stars a pair, DELETE unstars it; favourites are kept per user. */
export function toggleFavorite({ symbol, isFavorite }: TToggleFavoriteRequest) {
  const url = `/pairs/${encodeURIComponent(symbol)}/favorite`;
  return isFavorite ? api.put<unknown>(url) : api.delete<unknown>(url);
}

const TOGGLE_FAVORITE_MUTATION_KEY = ['market', 'toggle-favorite'] as const;

/** Sets the star of one pair in every cached pair list. */
function setStar(queryClient: QueryClient, symbol: string, isFavorite: boolean): void {
  queryClient.setQueriesData<TPair[]>({ queryKey: PAIRS_QUERY_KEY }, (pairs) =>
    pairs?.map((pair) => (pair.symbol === symbol ? { ...pair, favorite: isFavorite } : pair)),
  );
}

/**
 * Stars or unstars a pair. The star changes at once in every cached pair list (optimistic), goes
 * back if the server refuses (with its message as a toast), and the lists are fetched again after.
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: TOGGLE_FAVORITE_MUTATION_KEY,
    mutationFn: toggleFavorite,
    onMutate: async ({ symbol, isFavorite }) => {
      // A list arriving now would overwrite the optimistic star with the old state.
      await queryClient.cancelQueries({ queryKey: PAIRS_QUERY_KEY });
      setStar(queryClient, symbol, isFavorite);
    },
    // Only this pair goes back, so a failure does not undo other stars clicked meanwhile.
    onError: (_error, { symbol, isFavorite }) => setStar(queryClient, symbol, !isFavorite),
    onSettled: async () => {
      // Stars clicked in quick succession: refetch after the last one only, or a list fetched in
      // between would briefly undo the stars still on their way.
      if (queryClient.isMutating({ mutationKey: TOGGLE_FAVORITE_MUTATION_KEY }) > 1) return;
      await queryClient.invalidateQueries({ queryKey: PAIRS_QUERY_KEY });
    },
  });
}
