import { useState } from 'react';
import { Group, Menu, Stack, Title } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { ACTION_PAGE_SIZE, contentActionList, type ContentAction, type ProjectPermissions } from '@console/contracts';
import { ConfirmDelete } from '@/components/confirm-delete';
import { DataTable, DeleteMenuItem, modifiedColumn, useListQuery, useRowDeletion, type DataTableColumn } from '@/components/data-table';
import { FormModal } from '@/components/form-modal';
import { FormModalButton } from '@/components/form-modal-button';
import { QuickReplyForm } from '@/components/rich-text-editor';
import { useCreateContentAction } from '../api/create-content-action';
import { useDeleteContentAction } from '../api/delete-content-action';
import { useContentActions } from '../api/get-content-actions';
import { useUpdateContentAction } from '../api/update-content-action';
import { actionBodyOf, actionTarget, replyOf } from './action-reply';

const columns: DataTableColumn<ContentAction>[] = [
  { key: 'type', header: 'Type', sortField: 'type', filterField: 'type', render: (action) => action.type },
  { key: 'label', header: 'Label', render: (action) => action.config.label },
  { key: 'target', header: 'Utterance/Event', render: actionTarget },
  modifiedColumn(),
];

/**
 * The action list of a content item (URL namespace 'action', ACTION_PAGE_SIZE rows a page): Type,
 * Label, Utterance/Event, Modified; add and edit in a modal (a query with its utterance, or an
 * event), delete.
 */
export function ContentActions({ contentId, permissions }: { contentId: string; permissions: ProjectPermissions }) {
  const list = useListQuery(contentActionList, 'action', { defaultLimit: ACTION_PAGE_SIZE });
  const query = useContentActions(contentId, list.apiQuery);
  const create = useCreateContentAction(contentId);
  const update = useUpdateContentAction(contentId);
  const deletion = useRowDeletion<ContentAction>(useDeleteContentAction(contentId));
  const [editing, setEditing] = useState<ContentAction | null>(null);
  const hasMenu = permissions.canUpdateSubProject || permissions.canDeleteSubProject;

  return (
    <Stack gap="sm" component="section" aria-labelledby="actions-title">
      <Group justify="space-between">
        <Title order={3} size="h4" id="actions-title">
          Actions
        </Title>
        {permissions.canCreateSubProject && (
          <FormModalButton label="Add Action" icon={<IconPlus size={16} />} variant="default">
            {(close) => (
              <QuickReplyForm reply={null} submitLabel="Add" onSubmit={(reply) => create.mutateAsync(actionBodyOf(reply))} onClose={close} />
            )}
          </FormModalButton>
        )}
      </Group>
      <DataTable
        label="Actions"
        columns={columns}
        list={list}
        query={query}
        rowKey={(action) => action.id}
        rowName={(action) => action.config.label}
        empty={{
          title: 'No actions yet.',
          hint: permissions.canCreateSubProject ? 'Add Action offers visitors a follow-up question or an event under the response.' : undefined,
        }}
        rowMenu={
          hasMenu
            ? (action) => (
                <>
                  {permissions.canUpdateSubProject && (
                    <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setEditing(action)}>
                      Edit
                    </Menu.Item>
                  )}
                  {permissions.canDeleteSubProject && <DeleteMenuItem onClick={() => deletion.ask(action)} />}
                </>
              )
            : undefined
        }
      />
      <FormModal opened={editing !== null} onClose={() => setEditing(null)} title="Edit Action">
        {editing && (
          <QuickReplyForm
            reply={replyOf(editing)}
            submitLabel="Save"
            onSubmit={(reply) => update.mutateAsync({ id: editing.id, body: actionBodyOf(reply) })}
            onClose={() => setEditing(null)}
          />
        )}
      </FormModal>
      <ConfirmDelete
        opened={deletion.row !== null}
        onClose={deletion.cancel}
        title="Delete Action"
        message={deletion.row ? `Delete the action ${deletion.row.config.label}?` : undefined}
        onConfirm={deletion.confirm}
      />
    </Stack>
  );
}
