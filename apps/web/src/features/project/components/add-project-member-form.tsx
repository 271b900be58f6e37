import { Select, TextInput } from '@mantine/core';
import { DEFAULT_MEMBERSHIP_ROLE, createMembershipBody, roles } from '@console/contracts';
import { ModalEntityForm, useModalEntityForm } from '@/components/entity-form';
import { useCreateProjectMembership } from '@/features/membership/api/create-project-membership';

/** 'Add Member': an existing user's Email and a Role (viewer by default); closes on success. */
export function AddProjectMemberForm({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const mutation = useCreateProjectMembership(projectId);
  const form = useModalEntityForm({
    schema: createMembershipBody,
    initialValues: { email: '', role: DEFAULT_MEMBERSHIP_ROLE as string },
    onSubmit: (body) => mutation.mutateAsync(body),
    onDone: onClose,
  });
  return (
    <ModalEntityForm form={form} submitLabel="Add" onClose={onClose}>
      <TextInput label="Email" type="email" autoComplete="off" data-autofocus {...form.textProps('email')} />
      <Select label="Role" data={[...roles]} {...form.selectProps('role')} />
    </ModalEntityForm>
  );
}
