import { TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { createContentBody, type Content } from '@console/contracts';
import { ModalEntityForm, useModalEntityForm } from '@/components/entity-form';
import { FormModalButton } from '@/components/form-modal-button';
import { projectPaths } from '@/config/paths';
import { useCreateContent } from '../api/create-content';

function CreateContentForm({
  projectId,
  sourceId,
  onClose,
  onCreated,
}: {
  projectId: string;
  sourceId?: string;
  onClose: () => void;
  onCreated: (content: Content) => void;
}) {
  const mutation = useCreateContent(projectId);
  const form = useModalEntityForm({
    schema: createContentBody,
    initialValues: { subject: '' },
    toInput: ({ subject }) => (sourceId ? { subject, source_id: sourceId } : { subject }),
    onSubmit: (body) => mutation.mutateAsync(body),
    onDone: onCreated,
  });
  return (
    <ModalEntityForm form={form} submitLabel="Create" onClose={onClose}>
      <TextInput label="Subject" autoComplete="off" data-autofocus {...form.textProps('subject')} />
    </ModalEntityForm>
  );
}

/**
 * 'Create Content': Subject 1-1024; from a source's content list the item
 * belongs to that source. The new item opens.
 */
export function CreateContentButton({ projectId, sourceId }: { projectId: string; sourceId?: string }) {
  const navigate = useNavigate();
  return (
    <FormModalButton label="Create Content" icon={<IconPlus size={16} />}>
      {(close) => (
        <CreateContentForm
          projectId={projectId}
          sourceId={sourceId}
          onClose={close}
          onCreated={(content) => navigate(projectPaths.content.to(projectId, content.id))}
        />
      )}
    </FormModalButton>
  );
}
