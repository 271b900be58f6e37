import { useEffect } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * Reads `queryKey`'s queries again after any change saved in the console (an edit, a sync, a deploy),
 * for what such a change may alter without the change knowing it: the header's sync status, a fix's
 * check that a sync starts.
 */
export function useRefreshAfterChanges(queryKey: QueryKey) {
  const queryClient = useQueryClient();
  const key = JSON.stringify(queryKey);
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') {
          void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey });
        }
      }),
    [queryClient, key],
  );
}
