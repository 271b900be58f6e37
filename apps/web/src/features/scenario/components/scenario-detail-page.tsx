import { useState } from 'react';
import { Button, Card, Fieldset, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { combinationModeDescriptions, scenarioStatuses, scenarioUpdateBody, type Scenario, type ScenarioNode, type SequenceTransition } from '@console/contracts';
import { ConfirmDelete } from '@/components/confirm-delete';
import { DetailList } from '@/components/detail-list';
import { EntityForm, useEntityForm } from '@/components/entity-form';
import { ErrorView } from '@/components/error-view';
import { FullPageLoader } from '@/components/full-page-loader';
import { ProjectSubPageHeader } from '@/components/project-sub-page-header';
import { projectPaths } from '@/config/paths';
import { useSequenceOptions } from '@/hooks/use-flow-options';
import { useProjectAccess } from '@/hooks/use-project-access';
import { withFollowers } from '@/lib/flow-transitions';
import { formatDateTime } from '@/lib/format';
import { randomId } from '@/lib/random-id';
import { statusOptions } from '@/lib/status';
import { scenarioApi } from '../api/scenario-api';
import { combinationOptions } from '../scenario-labels';

type ScenarioValues = Pick<Scenario['scenario'], 'display_name' | 'status' | 'combination'> & {
  nodes: ScenarioNode[];
  transitions: SequenceTransition[];
};

function scenarioValues({ scenario, nodes, transitions }: Scenario): ScenarioValues {
  return { display_name: scenario.display_name, status: scenario.status, combination: scenario.combination, nodes, transitions };
}

/** The chosen sequences as nodes: a sequence kept keeps its node (id, position), a new one gets a node. */
function withSequences(values: ScenarioValues, sequenceIds: string[]): Pick<ScenarioValues, 'nodes' | 'transitions'> {
  const nodes = sequenceIds.map(
    (sequence_id) => values.nodes.find((node) => node.sequence_id === sequence_id) ?? { id: randomId(), sequence_id, position: { x: 0, y: 0 } },
  );
  const ids = new Set(nodes.map((node) => node.id));
  return { nodes, transitions: values.transitions.filter((transition) => ids.has(transition.source) && ids.has(transition.target)) };
}

/** Name, status, combination mode, the sequences it joins and which follows which; read-only without canUpdateSubProject. */
function ScenarioEditor({ record, canUpdate }: { record: Scenario; canUpdate: boolean }) {
  const projectId = record.scenario.project_id;
  const mutation = scenarioApi.useUpdate(record.scenario.id);
  const sequences = useSequenceOptions(projectId);
  const form = useEntityForm({
    schema: scenarioUpdateBody,
    initialValues: scenarioValues(record),
    onSubmit: (body) => mutation.mutateAsync(body),
  });
  const { nodes, transitions } = form.values;
  const names = new Map(sequences.map((sequence) => [sequence.value, sequence.label]));
  const nameOf = (node: ScenarioNode) => names.get(node.sequence_id) ?? node.sequence_id;
  const readOnly = !canUpdate;

  const fields = (
    <>
      <TextInput label="Name" autoComplete="off" readOnly={readOnly} {...form.textProps('display_name')} />
      <Select label="Status" data={statusOptions(scenarioStatuses)} readOnly={readOnly} {...form.selectProps('status')} />
      <Select
        label="Combination mode"
        description={form.values.combination ? combinationModeDescriptions[form.values.combination] : undefined}
        data={combinationOptions}
        readOnly={readOnly}
        {...form.selectProps('combination')}
      />
      <MultiSelect
        label="Sequences"
        description="The sequences this scenario joins"
        data={sequences}
        value={nodes.map((node) => node.sequence_id)}
        onChange={(ids) => {
          const next = withSequences(form.values, ids);
          form.setField('nodes', next.nodes);
          form.setField('transitions', next.transitions);
        }}
        error={form.errors.nodes}
        readOnly={readOnly}
        searchable
        nothingFoundMessage="No sequences in this project"
      />
      {nodes.length > 1 && (
        <Fieldset legend="Transitions" variant="unstyled">
          <Stack gap="xs">
            {nodes.map((node) => (
              <MultiSelect
                key={node.id}
                label={`${nameOf(node)} is followed by`}
                data={nodes.filter((other) => other.id !== node.id).map((other) => ({ value: other.id, label: nameOf(other) }))}
                value={transitions.filter((transition) => transition.source === node.id).map((transition) => transition.target)}
                onChange={(targets) => form.setField('transitions', withFollowers(transitions, node.id, targets))}
                readOnly={readOnly}
                searchable
              />
            ))}
          </Stack>
        </Fieldset>
      )}
      {form.errors.transitions && (
        <Text size="sm" c="red.7">
          {form.errors.transitions}
        </Text>
      )}
    </>
  );

  return canUpdate ? (
    <EntityForm form={form} submitLabel="Save">
      {fields}
    </EntityForm>
  ) : (
    <Stack gap="sm">{fields}</Stack>
  );
}

/** project/{id}/scenario/{scenarioId}: details with node and transition counts, the editor, Delete Scenario (back to the list). */
export function ScenarioDetailPage() {
  const { projectId = '', scenarioId = '' } = useParams();
  const navigate = useNavigate();
  const { permissions } = useProjectAccess(projectId);
  const query = scenarioApi.useOne(scenarioId);
  const remove = scenarioApi.useDelete(projectId);
  const [deleting, setDeleting] = useState(false);
  const parent = { label: 'Scenarios', to: projectPaths.scenarios.to(projectId) };

  if (query.isPending) return <FullPageLoader label="Loading scenario" />;
  if (query.isError) {
    return (
      <>
        <ProjectSubPageHeader parent={parent} title="Scenario" />
        <ErrorView error={query.error} />
      </>
    );
  }
  const { scenario, nodes, transitions } = query.data;

  return (
    <>
      <ProjectSubPageHeader parent={parent} title={scenario.display_name}>
        {permissions.canDeleteSubProject && (
          <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)}>
            Delete Scenario
          </Button>
        )}
      </ProjectSubPageHeader>
      <Stack gap="lg">
        <Card withBorder padding="md" component="section" aria-label="Scenario details">
          <DetailList
            items={[
              { label: 'ID', value: <Text ff="monospace" size="xs">{scenario.id}</Text> },
              { label: 'Nodes', value: String(nodes.length) },
              { label: 'Transitions', value: String(transitions.length) },
              { label: 'Created', value: formatDateTime(scenario.created_at) },
              { label: 'Modified', value: formatDateTime(scenario.updated_at) },
            ]}
          />
        </Card>
        <Card withBorder padding="md" component="section" aria-label="Edit scenario">
          <ScenarioEditor key={scenario.id} record={query.data} canUpdate={permissions.canUpdateSubProject} />
        </Card>
      </Stack>
      <ConfirmDelete
        opened={deleting}
        onClose={() => setDeleting(false)}
        title="Delete Scenario"
        message={`Delete the scenario ${scenario.display_name}?`}
        onConfirm={async () => {
          await remove.mutateAsync(scenario.id);
          navigate(projectPaths.scenarios.to(projectId));
        }}
      />
    </>
  );
}
