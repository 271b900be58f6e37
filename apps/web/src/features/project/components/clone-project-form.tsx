import { Text, TextInput } from '@mantine/core';
import { cloneName, cloneProjectBody, type ProjectSummary } from '@console/contracts';
import { ModalEntityForm, useModalEntityForm } from '@/components/entity-form';
import { useCloneProject } from '../api/clone-project';

/** 'Clone Project': the copy's Name, prefilled '{name} (copy)'; closes on success. */
export function CloneProjectForm({ project, onClose }: { project: ProjectSummary; onClose: () => void }) {
  const mutation = useCloneProject(project.workspace_id);
  const form = useModalEntityForm({
    schema: cloneProjectBody,
    initialValues: { display_name: cloneName(project.display_name) },
    // The suggested name is a valid choice: cloning needs no edit.
    requireChange: false,
    onSubmit: (body) => mutation.mutateAsync({ id: project.id, body }),
    onDone: onClose,
  });
  return (
    <ModalEntityForm form={form} submitLabel="Clone" onClose={onClose}>
      <TextInput label="Name" autoComplete="off" data-autofocus {...form.textProps('display_name')} />
      {form.submitting && (
        <Text size="sm" role="status">
          Cloning...
        </Text>
      )}
    </ModalEntityForm>
  );
}
