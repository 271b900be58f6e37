import { useState } from 'react';
import { Anchor, Breadcrumbs, Button, Menu, Text } from '@mantine/core';
import { IconKey, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { apiKeyList, type ApiKey, type CreatedApiKey } from '@console/contracts';
import { ConfirmDelete } from '@/components/confirm-delete';
import { DataTable, useListQuery, type DataTableColumn } from '@/components/data-table';
import { FormModal } from '@/components/form-modal';
import { PageTitle } from '@/components/page-title';
import { StatusBadge } from '@/components/status-badge';
import { paths } from '@/config/paths';
import { useDeleteApiKey } from '@/features/api-key/api/delete-api-key';
import { useApiKeys } from '@/features/api-key/api/get-api-keys';
import { CreateApiKeyForm, UpdateApiKeyForm } from '@/features/api-key/components/api-key-forms';
import { CreatedApiKeyModal } from '@/features/api-key/components/created-api-key-modal';
import { formatDateTime } from '@/lib/format';
import { useWorkspaceAccess } from '../use-workspace-access';

/** Expires: 'Never' without a date; a past date in red as 'Expired {date}'. */
function Expiry({ value }: { value: string | null }) {
  if (!value) return <Text size="sm" c="dimmed" span>Never</Text>;
  const past = new Date(value).getTime() <= Date.now();
  return past ? (
    <Text size="sm" c="red.7" span>
      Expired {formatDateTime(value)}
    </Text>
  ) : (
    <Text size="sm" span>
      {formatDateTime(value)}
    </Text>
  );
}

const columns: DataTableColumn<ApiKey>[] = [
  { key: 'name', header: 'Name', sortField: 'display_name', filterField: 'display_name', render: (key) => key.display_name },
  {
    key: 'description',
    header: 'Description',
    render: (key) => (
      <Text size="sm" lineClamp={2}>
        {key.description}
      </Text>
    ),
  },
  { key: 'status', header: 'Status', sortField: 'status', filterField: 'status', render: (key) => <StatusBadge status={key.status} /> },
  { key: 'hint', header: 'Hint', render: (key) => <Text ff="monospace" size="sm" span>{`…${key.hint}`}</Text> },
  { key: 'expires', header: 'Expires', sortField: 'expires_at', render: (key) => <Expiry value={key.expires_at} /> },
  { key: 'modified', header: 'Modified', sortField: 'updated_at', render: (key) => formatDateTime(key.updated_at) },
];

/** /workspace/{id}/api-key: the workspace's API keys; create (with the one-time key dialog), update, delete. */
export function WorkspaceApiKeyPage() {
  const { workspaceId = '' } = useParams();
  const { workspace, permissions } = useWorkspaceAccess(workspaceId);
  const list = useListQuery(apiKeyList);
  const query = useApiKeys(workspaceId, list.apiQuery);
  const remove = useDeleteApiKey(workspaceId);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [updating, setUpdating] = useState<ApiKey | null>(null);
  const [deleting, setDeleting] = useState<ApiKey | null>(null);
  const hasMenu = permissions.canUpdateApiKey || permissions.canDeleteApiKey;

  return (
    <>
      <Breadcrumbs mb="xs" fz="sm">
        <Anchor component={Link} to={paths.workspaces.to()}>
          Workspaces
        </Anchor>
        <Anchor component={Link} to={paths.workspace.to(workspaceId)}>
          {workspace.data?.display_name ?? 'Workspace'}
        </Anchor>
      </Breadcrumbs>
      <PageTitle title="API Keys">
        {permissions.canCreateApiKey && (
          <Button leftSection={<IconKey size={16} />} onClick={() => setCreating(true)}>
            Create API Key
          </Button>
        )}
      </PageTitle>
      <DataTable
        label="API Keys"
        columns={columns}
        list={list}
        query={query}
        rowKey={(key) => key.id}
        rowName={(key) => key.display_name}
        rowMenu={
          hasMenu
            ? (key) => (
                <>
                  {permissions.canUpdateApiKey && (
                    <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setUpdating(key)}>
                      Update
                    </Menu.Item>
                  )}
                  {permissions.canDeleteApiKey && (
                    <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setDeleting(key)}>
                      Delete
                    </Menu.Item>
                  )}
                </>
              )
            : undefined
        }
      />
      <FormModal opened={creating} onClose={() => setCreating(false)} title="Create API Key">
        <CreateApiKeyForm
          workspaceId={workspaceId}
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
          }}
        />
      </FormModal>
      <CreatedApiKeyModal created={created} onDone={() => setCreated(null)} />
      <FormModal opened={updating !== null} onClose={() => setUpdating(null)} title="Update API Key">
        {updating && <UpdateApiKeyForm apiKey={updating} workspaceId={workspaceId} onClose={() => setUpdating(null)} />}
      </FormModal>
      <ConfirmDelete
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete API Key"
        message={deleting ? `Delete the API key ${deleting.display_name}? Anything using it stops working.` : undefined}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          setDeleting(null);
        }}
      />
    </>
  );
}
