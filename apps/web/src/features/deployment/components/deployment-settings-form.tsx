import { Pill, Switch, TagsInput, TextInput } from '@mantine/core';
import { splitOrigins, updateDeploymentBody, type Deployment } from '@console/contracts';
import { EntityForm, useEntityForm } from '@/components/entity-form';
import { useUpdateDeployment } from '../api/update-deployment';

interface DeploymentValues extends Record<string, unknown> {
  display_name: string;
  /** One tag per origin; the call takes them comma-joined. */
  allowed_origins: string[];
  require_passing_tests: boolean;
}

const valuesOf = (deployment: Deployment): DeploymentValues => ({
  display_name: deployment.display_name,
  allowed_origins: splitOrigins(deployment.allowed_origins),
  require_passing_tests: deployment.require_passing_tests,
});

const toInput = (values: DeploymentValues) => ({ ...values, allowed_origins: values.allowed_origins.join(',') });

/** The deployment's display name, allowed origins and deploy gate, for those with canUpdateProject. */
export function DeploymentSettingsForm({ deployment }: { deployment: Deployment }) {
  const mutation = useUpdateDeployment(deployment.project_id, deployment.id);
  const form = useEntityForm({
    schema: updateDeploymentBody,
    initialValues: valuesOf(deployment),
    toInput,
    onSubmit: (body) => mutation.mutateAsync(body),
  });
  return (
    <EntityForm form={form} submitLabel="Save">
      <TextInput label="Name" autoComplete="off" {...form.textProps('display_name')} />
      <TagsInput
        label="Allowed Origins"
        description="The sites that may use this deployment's widget, like https://www.example.com (scheme, host and port). Press Enter or type a comma after each."
        value={form.values.allowed_origins}
        onChange={(origins) => form.setField('allowed_origins', origins)}
        error={form.errors.allowed_origins}
        renderPill={({ value, onRemove, disabled }) => (
          <Pill
            withRemoveButton={!disabled}
            onRemove={onRemove}
            // Mantine hides the remove button from the keyboard; here every origin can be removed by Tab + Enter.
            removeButtonProps={{ 'aria-hidden': false, tabIndex: 0, 'aria-label': `Remove origin ${value}` }}
          >
            {value}
          </Pill>
        )}
      />
      <Switch
        label="Require passing tests"
        description="Deploy and Promote refuse a version with failing test cases or no test run, unless a project admin overrides it with a reason."
        {...form.checkProps('require_passing_tests')}
      />
    </EntityForm>
  );
}
