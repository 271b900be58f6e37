import { Checkbox, PasswordInput, Select, TextInput } from '@mantine/core';
import {
  editableUserStatuses,
  ownPasswordBody,
  updateUserBody,
  updateUserPasswordBody,
  updateUserPrivilegeBody,
  type User,
} from '@console/contracts';
import { EntityForm, useEntityForm } from '@/components/entity-form';
import { statusLabel, statusOptions } from '@/lib/status';
import { useUpdateUser } from '../api/update-user';
import { useUpdateUserPassword } from '../api/update-user-password';
import { useUpdateUserPrivilege } from '../api/update-user-privilege';

/** The profile: 'Name', button 'Save'. */
export function UserNameForm({ user }: { user: User }) {
  const mutation = useUpdateUser(user.id);
  const form = useEntityForm({
    schema: updateUserBody,
    initialValues: { display_name: user.display_name },
    onSubmit: (body) => mutation.mutateAsync(body),
  });
  return (
    <EntityForm form={form} submitLabel="Save">
      <TextInput label="Name" autoComplete="name" {...form.textProps('display_name')} />
    </EntityForm>
  );
}

const emptyPasswords = { current_password: '', password: '', password_validator: '' };

/**
 * 'Current Password' (one's own only) + 'Password' + 'Confirm Password', button 'Change Password'; the
 * fields empty again after success. A super user setting someone else's password is not asked for theirs.
 */
export function UserPasswordForm({ user, own }: { user: User; own: boolean }) {
  const mutation = useUpdateUserPassword(user.id);
  const form = useEntityForm({
    schema: own ? ownPasswordBody : updateUserPasswordBody,
    initialValues: emptyPasswords,
    toInput: ({ current_password, ...values }) => (own ? { current_password, ...values } : values),
    onSubmit: (body) => mutation.mutateAsync(body),
    savedText: own ? 'Password changed: your other sessions were signed out.' : 'Password changed: their sessions were signed out.',
    afterSave: () => emptyPasswords,
  });
  return (
    <EntityForm form={form} submitLabel="Change Password">
      {own && <PasswordInput label="Current Password" autoComplete="current-password" {...form.textProps('current_password')} />}
      <PasswordInput label="Password" autoComplete="new-password" {...form.textProps('password')} />
      <PasswordInput label="Confirm Password" autoComplete="new-password" {...form.textProps('password_validator')} />
    </EntityForm>
  );
}

/**
 * Privileges (super users on someone else; the page hides it on oneself): 'Status', 'Email',
 * 'Super User', 'MFA', button 'Save Privileges'.
 */
export function UserPrivilegesForm({ user }: { user: User }) {
  const mutation = useUpdateUserPrivilege(user.id);
  const editable = (editableUserStatuses as readonly string[]).includes(user.status);
  const form = useEntityForm({
    schema: updateUserPrivilegeBody,
    initialValues: {
      // pending and locked are reached by the system; the form offers only active or blocked.
      status: editable ? user.status : '',
      email: user.email,
      is_super_user: user.is_super_user,
      is_mfa_enabled: user.is_mfa_enabled,
    },
    onSubmit: (body) => mutation.mutateAsync(body),
  });
  return (
    <EntityForm form={form} submitLabel="Save Privileges">
      <Select
        label="Status"
        data={statusOptions(editableUserStatuses)}
        placeholder={editable ? undefined : statusLabel(user.status)}
        {...form.selectProps('status')}
      />
      <TextInput label="Email" type="email" autoComplete="off" {...form.textProps('email')} />
      <Checkbox label="Super User" {...form.checkProps('is_super_user')} />
      <Checkbox label="MFA" {...form.checkProps('is_mfa_enabled')} />
    </EntityForm>
  );
}
