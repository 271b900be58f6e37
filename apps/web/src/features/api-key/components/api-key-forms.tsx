import { useMemo } from 'react';
import { MultiSelect, Select, TextInput, Textarea } from '@mantine/core';
import {
  apiKeyResourceTypes,
  apiKeyScopes,
  apiKeyStatuses,
  createApiKeyBody,
  updateApiKeyBody,
  type ApiKey,
  type CreatedApiKey,
} from '@console/contracts';
import { ModalEntityForm, useEntityForm, useModalEntityForm } from '@/components/entity-form';
import { fromDateTimeLocal } from '@/lib/format';
import { statusOptions } from '@/lib/status';
import { useCreateApiKey } from '../api/create-api-key';
import { useUpdateApiKey } from '../api/update-api-key';

interface CreateApiKeyValues extends Record<string, unknown> {
  display_name: string;
  description: string;
  resource_type: string;
  resource_id: string;
  scopes: string[];
  /** datetime-local text; '' means the key never expires. */
  expires_at: string;
}

/** 'Create API Key': Name, Description, Resource Type, Resource ID, Scopes, Expiration; submit 'Create'. */
export function CreateApiKeyForm({
  workspaceId,
  onClose,
  onCreated,
}: {
  workspaceId: string;
  onClose: () => void;
  onCreated: (created: CreatedApiKey) => void;
}) {
  const mutation = useCreateApiKey(workspaceId);
  // The expiry is checked against the browser's clock at every validation.
  const schema = useMemo(() => createApiKeyBody(), []);
  const form = useModalEntityForm({
    schema,
    initialValues: {
      display_name: '',
      description: '',
      resource_type: apiKeyResourceTypes[0],
      resource_id: '',
      scopes: [],
      expires_at: '',
    } as CreateApiKeyValues,
    toInput: (values) => ({ ...values, resource_id: values.resource_id.trim(), expires_at: fromDateTimeLocal(values.expires_at) }),
    onSubmit: (body) => mutation.mutateAsync(body),
    onDone: onCreated,
  });

  return (
    <ModalEntityForm form={form} submitLabel="Create" onClose={onClose}>
      <TextInput label="Name" autoComplete="off" data-autofocus {...form.textProps('display_name')} />
      <Textarea label="Description" autosize minRows={2} maxRows={5} {...form.textProps('description')} />
      <Select label="Resource Type" data={[...apiKeyResourceTypes]} {...form.selectProps('resource_type')} />
      <TextInput
        label="Resource ID"
       
        autoComplete="off"
        description="The deployment's ID (a UUID)."
        {...form.textProps('resource_id')}
      />
      <MultiSelect
        label="Scopes"
        searchable
       
        data={[...apiKeyScopes]}
        value={form.values.scopes}
        onChange={(value) => form.setField('scopes', value)}
        error={form.errors.scopes}
      />
      <TextInput
        type="datetime-local"
        label="Expiration"
        description="Leave empty for a key that never expires."
        {...form.textProps('expires_at')}
      />
    </ModalEntityForm>
  );
}

/** 'Update API Key': Description and Status (active or inactive); submit 'Save'. */
export function UpdateApiKeyForm({ apiKey, workspaceId, onClose }: { apiKey: ApiKey; workspaceId: string; onClose: () => void }) {
  const mutation = useUpdateApiKey(workspaceId);
  const form = useEntityForm({
    schema: updateApiKeyBody,
    initialValues: { description: apiKey.description, status: apiKey.status as string },
    onSubmit: (body) => mutation.mutateAsync({ id: apiKey.id, body }),
  });
  return (
    <ModalEntityForm form={form} submitLabel="Save" onClose={onClose} closeLabel="Close">
      <Textarea label="Description" autosize minRows={2} maxRows={5} data-autofocus {...form.textProps('description')} />
      <Select label="Status" data={statusOptions(apiKeyStatuses)} {...form.selectProps('status')} />
    </ModalEntityForm>
  );
}
