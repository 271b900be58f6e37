import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { sessionSchema, type Session, type SessionQuery } from '@console/contracts';
import { api } from '@/lib/api-client';
import { clearAppState, useAppState } from '@/lib/storage';

function getSession(query: SessionQuery, signal?: AbortSignal): Promise<Session> {
  return api.get('/session', { query, schema: sessionSchema, signal });
}

const sessionQueryKey = (query: SessionQuery) => ['session', query] as const;

/**
 * The session for the context in app state. If the call fails the context and
 * user are forgotten silently; the query then asks again without context.
 */
export function useSession() {
  const { workspace, project, deployment } = useAppState();
  const query: SessionQuery = {
    workspace: workspace ?? undefined,
    project: project ?? undefined,
    deployment: deployment ?? undefined,
  };
  const result = useQuery({
    queryKey: sessionQueryKey(query),
    queryFn: ({ signal }) => getSession(query, signal),
    staleTime: 30_000,
    placeholderData: (previous) => previous,
    retry: false,
  });

  const failed = result.isError;
  useEffect(() => {
    if (failed) clearAppState();
  }, [failed]);

  return result;
}
