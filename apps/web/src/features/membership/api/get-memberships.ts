import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listResponse, membershipSchema, type ListResponse, type Membership } from '@console/contracts';
import { api } from '@/lib/api-client';
import { membershipKeys } from './keys';

const membershipsResponse = listResponse(membershipSchema);

function getMemberships(
  workspaceId: string,
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<ListResponse<Membership>> {
  return api.get(`/workspace/${encodeURIComponent(workspaceId)}/membership`, { query, schema: membershipsResponse, signal });
}

export function useMemberships(workspaceId: string, query: Record<string, string | number>) {
  return useQuery({
    queryKey: membershipKeys.list(workspaceId, query),
    queryFn: ({ signal }) => getMemberships(workspaceId, query, signal),
    placeholderData: keepPreviousData,
  });
}
