import { useState } from 'react';
import { Button, PasswordInput, Select, Switch, TextInput } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { DEFAULT_USER_MFA, DEFAULT_USER_STATUS, createUserBody, editableUserStatuses } from '@console/contracts';
import { EntityForm, useEntityForm } from '@/components/entity-form';
import { FormModal } from '@/components/form-modal';
import { paths } from '@/config/paths';
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
  const form = useEntityForm({
    schema: createUserBody,
    initialValues,
    // Both passwords empty: no password, the user sets one from the e-mailed invitation.
    toInput: (values) => ({
      ...values,
      password: values.password || undefined,
      password_validator: values.password ? values.password_validator : undefined,
    }),
    savedText: null,
    onSubmit: async (body) => {
      const user = await mutation.mutateAsync(body);
      onClose();
      navigate(paths.user.to(user.id));
    },
  });

  return (
    <EntityForm
      form={form}
      submitLabel="Create"
     
      actions={
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
      }
    >
      <TextInput label="Name" autoComplete="off" data-autofocus {...form.textProps('display_name')} />
      <TextInput label="Email" type="email" autoComplete="off" {...form.textProps('email')} />
      <PasswordInput
        label="Password"
        autoComplete="new-password"
        description="Optional: without one, an invitation is e-mailed."
        {...form.textProps('password')}
      />
      <PasswordInput label="Confirm Password" autoComplete="new-password" {...form.textProps('password_validator')} />
      <Select label="Status" data={[...editableUserStatuses]} {...form.selectProps('status')} />
      <Switch label="MFA" {...form.checkProps('is_mfa_enabled')} />
    </EntityForm>
  );
}

/** 'Create User' (super users): the modal, and on success the new user's page. */
export function CreateUserButton() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button leftSection={<IconUserPlus size={16} />} onClick={() => setOpened(true)}>
        Create User
      </Button>
      <FormModal opened={opened} onClose={() => setOpened(false)} title="Create User">
        <CreateUserForm onClose={() => setOpened(false)} />
      </FormModal>
    </>
  );
}
