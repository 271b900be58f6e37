import { useParams } from 'react-router';
import { NoPermission } from '@/components/no-permission';
import { AuditLogTable } from '@/features/audit/components/audit-log-table';
import { WorkspaceSubPageHeader } from '@/features/workspace/components/workspace-sub-page-header';
import { useWorkspaceAccess } from '@/features/workspace/use-workspace-access';

/** /workspace/{id}/audit (workspace admins): the workspace's audit log, with its CSV export. */
export function WorkspaceAuditPage() {
  const { workspaceId = '' } = useParams();
  const { workspace, permissions } = useWorkspaceAccess(workspaceId);
  if (workspace.isSuccess && !permissions.canReadAudit) return <NoPermission title="Audit Log" />;
  return (
    <>
      <WorkspaceSubPageHeader workspaceId={workspaceId} workspaceName={workspace.data?.display_name} title="Audit Log" />
      <AuditLogTable scope={{ workspaceId }} />
    </>
  );
}
