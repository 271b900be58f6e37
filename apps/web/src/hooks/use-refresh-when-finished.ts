import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * Reads `queryKey`'s queries once more when a background job stops running: what it stored last (a
 * run's final results, a replay's items) arrives after the last read made while it ran.
 */
export function useRefreshWhenFinished(running: boolean, queryKey: QueryKey) {
  const queryClient = useQueryClient();
  const wasRunning = useRef(running);
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (wasRunning.current && !running) void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey });
    wasRunning.current = running;
  }, [running, key, queryClient]);
}
