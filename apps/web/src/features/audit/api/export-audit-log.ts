import { useMutation } from '@tanstack/react-query';
import { auditExportFileName } from '@console/contracts';
import { api } from '@/lib/api-client';
import { saveDownload } from '@/lib/download';
import { auditPath, type AuditScope } from './get-audit-entries';

/** The list's query without its paging: the export holds every entry the filters select, in the list's order. */
function exportQuery(listQuery: Record<string, string | number>): Record<string, string | number> {
  const { limit: _limit, offset: _offset, ...rest } = listQuery;
  return rest;
}

/** GET …/audit/export: what the list's filters select as CSV, downloaded with the session's bearer. */
export function useExportAuditLog(scope: AuditScope) {
  const name = scope === 'all' ? 'all' : scope.workspaceId;
  return useMutation({
    mutationFn: async (listQuery: Record<string, string | number>) =>
      saveDownload(await api.download(`${auditPath(scope)}/export`, auditExportFileName(name, new Date()), { query: exportQuery(listQuery) })),
  });
}
