import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditEntrySchema, listResponse, type AuditEntry, type ListResponse } from '@console/contracts';
import { api } from '@/lib/api-client';

/** Whose entries a list shows: one workspace's (its admins) or every entry (super users). */
export type AuditScope = { workspaceId: string } | 'all';

const entriesResponse = listResponse(auditEntrySchema);

/** The log's path for a scope: the export adds '/export'. */
export function auditPath(scope: AuditScope): string {
  return scope === 'all' ? '/audit' : `/workspace/${encodeURIComponent(scope.workspaceId)}/audit`;
}

function getAuditEntries(scope: AuditScope, query: Record<string, string | number>, signal?: AbortSignal): Promise<ListResponse<AuditEntry>> {
  return api.get(auditPath(scope), { query, schema: entriesResponse, signal });
}

/** GET /workspace/{id}/audit or GET /audit: the audit log's entries, newest first. */
export function useAuditEntries(scope: AuditScope, query: Record<string, string | number>) {
  return useQuery({
    queryKey: ['audit', 'list', scope === 'all' ? 'all' : scope.workspaceId, query],
    queryFn: ({ signal }) => getAuditEntries(scope, query, signal),
    placeholderData: keepPreviousData,
  });
}
