import { useState } from 'react';
import { Menu, Stack, TextInput, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { contentUtteranceBody, contentUtteranceList, type ContentUtterance, type ProjectPermissions } from '@console/contracts';
import { ConfirmDelete } from '@/components/confirm-delete';
import { DataTable, DeleteMenuItem, modifiedColumn, useListQuery, useRowDeletion, type DataTableColumn } from '@/components/data-table';
import { EntityForm, ModalEntityForm, useEntityForm, useModalEntityForm } from '@/components/entity-form';
import { FormModal } from '@/components/form-modal';
import { useCreateContentUtterance } from '../api/create-content-utterance';
import { useDeleteContentUtterance } from '../api/delete-content-utterance';
import { useContentUtterances } from '../api/get-content-utterances';
import { useUpdateContentUtterance } from '../api/update-content-utterance';

const columns: DataTableColumn<ContentUtterance>[] = [
  { key: 'text', header: 'Text', sortField: 'text', filterField: 'text', render: (utterance) => utterance.text },
  modifiedColumn(),
];

/** Adds an utterance (1-1024, unique within the item); the field empties for the next one. */
function AddUtteranceForm({ contentId }: { contentId: string }) {
  const mutation = useCreateContentUtterance(contentId);
  const form = useEntityForm({
    schema: contentUtteranceBody,
    initialValues: { text: '' },
    onSubmit: (body) => mutation.mutateAsync(body),
    savedText: null,
    afterSave: () => ({ text: '' }),
  });
  return (
    <EntityForm form={form} submitLabel="Add Utterance">
      <TextInput label="New utterance" placeholder="How a user asks for this content" autoComplete="off" {...form.textProps('text')} />
    </EntityForm>
  );
}

function EditUtteranceForm({ utterance, onClose }: { utterance: ContentUtterance; onClose: () => void }) {
  const mutation = useUpdateContentUtterance(utterance.content_id);
  const form = useModalEntityForm({
    schema: contentUtteranceBody,
    initialValues: { text: utterance.text },
    onSubmit: (body) => mutation.mutateAsync({ id: utterance.id, body }),
    onDone: onClose,
  });
  return (
    <ModalEntityForm form={form} submitLabel="Save" onClose={onClose}>
      <TextInput label="Text" autoComplete="off" data-autofocus {...form.textProps('text')} />
    </ModalEntityForm>
  );
}

/** The utterance list of a content item (URL namespace 'utterance'): Text, Modified; add, edit, delete. */
export function ContentUtterances({ contentId, permissions }: { contentId: string; permissions: ProjectPermissions }) {
  const list = useListQuery(contentUtteranceList, 'utterance');
  const query = useContentUtterances(contentId, list.apiQuery);
  const deletion = useRowDeletion<ContentUtterance>(useDeleteContentUtterance(contentId));
  const [editing, setEditing] = useState<ContentUtterance | null>(null);
  const hasMenu = permissions.canUpdateSubProject || permissions.canDeleteSubProject;

  return (
    <Stack gap="sm" component="section" aria-labelledby="utterances-title">
      <Title order={3} size="h4" id="utterances-title">
        Utterances
      </Title>
      {permissions.canCreateSubProject && <AddUtteranceForm contentId={contentId} />}
      <DataTable
        label="Utterances"
        columns={columns}
        list={list}
        query={query}
        rowKey={(utterance) => utterance.id}
        rowName={(utterance) => utterance.text}
        empty={{
          title: 'No utterances yet.',
          hint: permissions.canCreateSubProject ? 'Add the questions visitors ask that this item answers.' : undefined,
        }}
        rowMenu={
          hasMenu
            ? (utterance) => (
                <>
                  {permissions.canUpdateSubProject && (
                    <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setEditing(utterance)}>
                      Edit
                    </Menu.Item>
                  )}
                  {permissions.canDeleteSubProject && <DeleteMenuItem onClick={() => deletion.ask(utterance)} />}
                </>
              )
            : undefined
        }
      />
      <FormModal opened={editing !== null} onClose={() => setEditing(null)} title="Edit Utterance">
        {editing && <EditUtteranceForm utterance={editing} onClose={() => setEditing(null)} />}
      </FormModal>
      <ConfirmDelete
        opened={deletion.row !== null}
        onClose={deletion.cancel}
        title="Delete Utterance"
        message={deletion.row ? `Delete the utterance ${deletion.row.text}?` : undefined}
        onConfirm={deletion.confirm}
      />
    </Stack>
  );
}
