import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listResponse, MAX_PAGE_SIZE, versionDiffSchema, versionSchema, type ListResponse, type Version } from '@console/contracts';
import { api } from '@/lib/api-client';

/**
 * Query keys of versions; a project's lists live under ['version', 'list', projectId]. Shared: the
 * versions screens, the deploy dialog's choice of version and a promote's diff read them, and a sync
 * or a deploy (which moves the deployments answering from each) makes them stale.
 */
export const versionKeys = {
  all: ['version'] as const,
  lists: (projectId: string) => ['version', 'list', projectId] as const,
  list: (projectId: string, query: Record<string, string | number>) => ['version', 'list', projectId, query] as const,
  detail: (projectId: string, number: number) => ['version', 'detail', projectId, number] as const,
  diff: (projectId: string, number: number, against: number | null) => ['version', 'diff', projectId, number, against] as const,
};

const versionsUrl = (projectId: string) => `/project/${encodeURIComponent(projectId)}/version`;
const versionsResponse = listResponse(versionSchema);

/** The newest versions first, as many as one page holds: what a choice of version offers. */
export const NEWEST_VERSIONS = { limit: MAX_PAGE_SIZE, sort_field: 'number', sort_direction: 'descending' } as const;

export function useVersions(projectId: string, query: Record<string, string | number>) {
  return useQuery({
    queryKey: versionKeys.list(projectId, query),
    queryFn: ({ signal }): Promise<ListResponse<Version>> => api.get(versionsUrl(projectId), { query, schema: versionsResponse, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useVersion(projectId: string, number: number) {
  return useQuery({
    queryKey: versionKeys.detail(projectId, number),
    queryFn: ({ signal }) => api.get(`${versionsUrl(projectId)}/${number}`, { schema: versionSchema, signal }),
  });
}

/**
 * What changed from version `against` to version `number` (against null: the server's default, the
 * version Production answers from, else the one before). Two versions never change, so a diff is
 * read once; the default's is read again with the versions, since Production may move.
 */
export function useVersionDiff(projectId: string, number: number | null, against: number | null) {
  return useQuery({
    queryKey: versionKeys.diff(projectId, number ?? 0, against),
    queryFn: ({ signal }) =>
      api.get(`${versionsUrl(projectId)}/${number}/diff`, { query: { against: against ?? undefined }, schema: versionDiffSchema, signal }),
    enabled: number !== null,
    staleTime: against === null ? 0 : Infinity,
  });
}
