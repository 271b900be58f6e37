import { useMemo } from 'react';
import { MultiSelect, Select, TextInput, Textarea } from '@mantine/core';
import {
  MAX_PAGE_SIZE,
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
import { useWorkspaceDeployments } from '../api/get-workspace-deployments';
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

// A workspace has a handful of deployments: one page of the largest size names them all.
const deploymentsByProject = { limit: MAX_PAGE_SIZE, sort_field: 'project_display_name', sort_direction: 'ascending' };

/** The workspace's deployments as choices, each named 'project / deployment', in that order. */
function useDeploymentOptions(workspaceId: string) {
  const query = useWorkspaceDeployments(workspaceId, deploymentsByProject);
  const options = useMemo(
    () =>
      (query.data?.records ?? [])
        .map((deployment) => ({ value: deployment.id, label: `${deployment.project_display_name} / ${deployment.display_name}` }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [query.data],
  );
  return { options, isPending: query.isPending };
}

/** 'Create API Key': Name, Description, Resource Type, Deployment (a picker), Scopes, Expiration; submit 'Create'. */
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
  const deployments = useDeploymentOptions(workspaceId);
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
    toInput: (values) => ({ ...values, expires_at: fromDateTimeLocal(values.expires_at) }),
    onSubmit: (body) => mutation.mutateAsync(body),
    onDone: onCreated,
  });

  return (
    <ModalEntityForm form={form} submitLabel="Create" onClose={onClose}>
      <TextInput label="Name" autoComplete="off" data-autofocus {...form.textProps('display_name')} />
      <Textarea label="Description" autosize minRows={2} maxRows={5} {...form.textProps('description')} />
      <Select label="Resource Type" data={[...apiKeyResourceTypes]} {...form.selectProps('resource_type')} />
      <Select
        label="Deployment"
        description="The deployment whose conversations the key reads or erases, as its scopes say."
        searchable
        data={deployments.options}
        placeholder={deployments.isPending ? 'Loading deployments…' : deployments.options.length ? 'Choose a deployment' : undefined}
        nothingFoundMessage={deployments.options.length ? 'No deployment matches.' : 'No deployments yet: create one in a project first.'}
        {...form.selectProps('resource_id')}
      />
      <MultiSelect
        label="Scopes"
        description="read_conversation_store reads the deployment's conversations; erase_conversations erases them for good when a visitor asks."
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
