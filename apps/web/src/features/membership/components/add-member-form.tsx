import { Select, TextInput } from '@mantine/core';
import { DEFAULT_MEMBERSHIP_ROLE, createMembershipBody, type CreateMembershipBody, type Role } from '@console/contracts';
import { ModalEntityForm, useModalEntityForm } from '@/components/entity-form';

/**
 * 'Add Member' of a workspace or a project: an existing user's Email and a Role (viewer by default);
 * closes on success. `add` is the membership call of the page that opens it, `grantableRoles` the
 * roles the caller may give there (contracts grantableRoles).
 */
export function AddMemberForm({
  add,
  grantableRoles,
  onClose,
}: {
  add: (body: CreateMembershipBody) => Promise<unknown>;
  grantableRoles: readonly Role[];
  onClose: () => void;
}) {
  const form = useModalEntityForm({
    schema: createMembershipBody,
    initialValues: { email: '', role: DEFAULT_MEMBERSHIP_ROLE as string },
    onSubmit: (body) => add(body),
    onDone: onClose,
  });
  return (
    <ModalEntityForm form={form} submitLabel="Add" onClose={onClose}>
      <TextInput label="Email" type="email" autoComplete="off" data-autofocus {...form.textProps('email')} />
      <Select label="Role" data={[...grantableRoles]} {...form.selectProps('role')} />
    </ModalEntityForm>
  );
}
