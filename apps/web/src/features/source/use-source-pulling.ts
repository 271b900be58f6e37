import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Source } from '@console/contracts';
import { useSourcePull } from './api/get-source-pull';
import { contentQueryKey, sourceKeys } from './api/keys';
import { useStartSourcePull } from './api/start-source-pull';

/**
 * A source's pull as the page shows it: the one started here, else the source's last pull (so a
 * reload while a pull runs shows its progress again). It is polled while it runs; once it has
 * finished and the source does not show it yet, the source and the content lists are refreshed.
 */
export function useSourcePulling(source: Source) {
  const queryClient = useQueryClient();
  const start = useStartSourcePull(source.id);
  const [startedId, setStartedId] = useState<string | null>(null);
  const pullId = startedId ?? source.last_pull?.id ?? null;
  const pull = useSourcePull(source.id, pullId, source.last_pull ?? undefined).data ?? null;

  const finishedId = pull && pull.status !== 'running' ? pull.id : null;
  const sourceBehind = finishedId !== null && (source.last_pull?.id !== finishedId || source.last_pull.status === 'running');
  // Each finished pull refreshes once, even if the source answers with an older state.
  const refreshed = useRef(new Set<string>());
  useEffect(() => {
    if (!finishedId || !sourceBehind || refreshed.current.has(finishedId)) return;
    refreshed.current.add(finishedId);
    void queryClient.invalidateQueries({ queryKey: sourceKeys.detail(source.id) });
    void queryClient.invalidateQueries({ queryKey: sourceKeys.lists(source.project_id) });
    void queryClient.invalidateQueries({ queryKey: contentQueryKey });
  }, [finishedId, sourceBehind, queryClient, source.id, source.project_id]);

  return {
    pull,
    running: start.isPending || pull?.status === 'running',
    /** Why the pull could not start (e.g. one is already running). */
    startError: start.error,
    start: () => {
      start.reset();
      start.mutate(undefined, { onSuccess: (started) => setStartedId(started.id) });
    },
  };
}
