import { PasswordInput, Select, Switch, TextInput } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { DEFAULT_USER_MFA, DEFAULT_USER_STATUS, createUserBody, editableUserStatuses } from '@console/contracts';
import { ModalEntityForm, useModalEntityForm } from '@/components/entity-form';
import { FormModalButton } from '@/components/form-modal-button';
import { paths } from '@/config/paths';
import { statusOptions } from '@/lib/status';
import { useCreateUser } from '../api/create-user';

interface CreateUserValues extends Record<string, unknown> {
  display_name: string;
  email: string;
  password: string;
  password_validator: string;
  status: string;
  is_mfa_enabled: boolean;
}

const initialValues: CreateUserValues = {
  display_name: '',
  email: '',
  password: '',
  password_validator: '',
  status: DEFAULT_USER_STATUS,
  is_mfa_enabled: DEFAULT_USER_MFA,
};

function CreateUserForm({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const mutation = useCreateUser();
  const form = useModalEntityForm({
    schema: createUserBody,
    initialValues,
    // Both passwords empty: no password, the user sets one from the e-mailed invitation.
    toInput: (values) => ({
      ...values,
      password: values.password || undefined,
      password_validator: values.password ? values.password_validator : undefined,
    }),
    onSubmit: (body) => mutation.mutateAsync(body),
    onDone: (user) => {
      onClose();
      navigate(paths.user.to(user.id));
    },
  });

  return (
    <ModalEntityForm form={form} submitLabel="Create" onClose={onClose}>
      <TextInput label="Name" autoComplete="off" data-autofocus {...form.textProps('display_name')} />
      <TextInput label="Email" type="email" autoComplete="off" {...form.textProps('email')} />
      <PasswordInput
        label="Password"
        autoComplete="new-password"
        description="Optional: without one, an invitation is e-mailed."
        {...form.textProps('password')}
      />
      <PasswordInput label="Confirm Password" autoComplete="new-password" {...form.textProps('password_validator')} />
      <Select label="Status" data={statusOptions(editableUserStatuses)} {...form.selectProps('status')} />
      <Switch label="MFA" {...form.checkProps('is_mfa_enabled')} />
    </ModalEntityForm>
  );
}

/** 'Create User' (super users): the modal, and on success the new user's page. */
export function CreateUserButton() {
  return (
    <FormModalButton label="Create User" icon={<IconUserPlus size={16} />}>
      {(close) => <CreateUserForm onClose={close} />}
    </FormModalButton>
  );
}
