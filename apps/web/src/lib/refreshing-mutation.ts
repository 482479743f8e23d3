// A change (to the account, a back-office row, a ticket, an alert) as a mutation that, once it
// succeeds, marks stale the queries the change touched, so what is on screen is fetched again.
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

interface TRefreshOptions {
  /**
   * true (default): the mutation stays pending until those queries are back (a table shows the
   * change when the form says done); false: it ends at once and the screen moves on meanwhile.
   */
  isRefreshAwaited?: boolean;
}

/** `mutationFn` as a mutation that refreshes the queries under `queryKeys` after a success. */
export function useRefreshingMutation<TData, TVariables = void>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  queryKeys: readonly QueryKey[],
  { isRefreshAwaited = true }: TRefreshOptions = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      const refreshed = Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      return isRefreshAwaited ? refreshed : undefined;
    },
  });
}
