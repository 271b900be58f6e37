import { useState } from 'react';
import { Menu, Text } from '@mantine/core';
import { IconKey, IconPencil } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { apiKeyList, type ApiKey, type CreatedApiKey } from '@console/contracts';
import { ConfirmDelete } from '@/components/confirm-delete';
import {
  DataTable,
  DeleteMenuItem,
  modifiedColumn,
  nameColumn,
  statusColumn,
  useListQuery,
  useRowDeletion,
  type DataTableColumn,
} from '@/components/data-table';
import { FormModal } from '@/components/form-modal';
import { FormModalButton } from '@/components/form-modal-button';
import { useDeleteApiKey } from '@/features/api-key/api/delete-api-key';
import { useApiKeys } from '@/features/api-key/api/get-api-keys';
import { CreateApiKeyForm, UpdateApiKeyForm } from '@/features/api-key/components/api-key-forms';
import { CreatedApiKeyModal } from '@/features/api-key/components/created-api-key-modal';
import { WorkspaceSubPageHeader } from '@/features/workspace/components/workspace-sub-page-header';
import { useWorkspaceAccess } from '@/features/workspace/use-workspace-access';
import { formatDateTime } from '@/lib/format';

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
  nameColumn(),
  {
    key: 'description',
    header: 'Description',
    render: (key) => (
      <Text size="sm" lineClamp={2}>
        {key.description}
      </Text>
    ),
  },
  statusColumn(),
  { key: 'hint', header: 'Hint', render: (key) => <Text ff="monospace" size="sm" span>{`…${key.hint}`}</Text> },
  { key: 'expires', header: 'Expires', sortField: 'expires_at', render: (key) => <Expiry value={key.expires_at} /> },
  modifiedColumn(),
];

/** /workspace/{id}/api-key: the workspace's API keys; create (with the one-time key dialog), update, delete. */
export function WorkspaceApiKeyPage() {
  const { workspaceId = '' } = useParams();
  const { workspace, permissions } = useWorkspaceAccess(workspaceId);
  const list = useListQuery(apiKeyList);
  const query = useApiKeys(workspaceId, list.apiQuery);
  const remove = useDeleteApiKey(workspaceId);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [updating, setUpdating] = useState<ApiKey | null>(null);
  const deletion = useRowDeletion<ApiKey>(remove);
  const hasMenu = permissions.canUpdateApiKey || permissions.canDeleteApiKey;

  return (
    <>
      <WorkspaceSubPageHeader workspaceId={workspaceId} workspaceName={workspace.data?.display_name} title="API Keys">
        {permissions.canCreateApiKey && (
          <FormModalButton label="Create API Key" icon={<IconKey size={16} />}>
            {(close) => (
              <CreateApiKeyForm
                workspaceId={workspaceId}
                onClose={close}
                onCreated={(key) => {
                  close();
                  setCreated(key);
                }}
              />
            )}
          </FormModalButton>
        )}
      </WorkspaceSubPageHeader>
      <DataTable
        label="API Keys"
        columns={columns}
        list={list}
        query={query}
        rowKey={(key) => key.id}
        rowName={(key) => key.display_name}
        empty={{
          title: 'No API keys yet.',
          hint: permissions.canCreateApiKey
            ? "Create API Key makes a key that reads one deployment's conversations from outside the console."
            : 'Workspace admins create them.',
        }}
        rowMenu={
          hasMenu
            ? (key) => (
                <>
                  {permissions.canUpdateApiKey && (
                    <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setUpdating(key)}>
                      Update
                    </Menu.Item>
                  )}
                  {permissions.canDeleteApiKey && <DeleteMenuItem onClick={() => deletion.ask(key)} />}
                </>
              )
            : undefined
        }
      />
      <CreatedApiKeyModal created={created} onDone={() => setCreated(null)} />
      <FormModal opened={updating !== null} onClose={() => setUpdating(null)} title="Update API Key">
        {updating && <UpdateApiKeyForm apiKey={updating} workspaceId={workspaceId} onClose={() => setUpdating(null)} />}
      </FormModal>
      <ConfirmDelete
        opened={deletion.row !== null}
        onClose={deletion.cancel}
        title="Delete API Key"
        message={deletion.row ? `Delete the API key ${deletion.row.display_name}? Anything using it stops working.` : undefined}
        onConfirm={deletion.confirm}
      />
    </>
  );
}
