import { useState } from 'react';
import { Box, Button, Card, Grid, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { sequenceUpdateBody, type Sequence } from '@console/contracts';
import { EntityForm, useEntityForm } from '@/components/entity-form';
import { ErrorView } from '@/components/error-view';
import { FullPageLoader } from '@/components/full-page-loader';
import { ProjectSubPageHeader } from '@/components/project-sub-page-header';
import { UnsavedChangesPrompt } from '@/components/unsaved-changes-prompt';
import { projectPaths } from '@/config/paths';
import { useIntentOptions, useSlotOptions } from '@/hooks/use-flow-options';
import { useProjectAccess } from '@/hooks/use-project-access';
import { sequenceApi } from '@/lib/api/sequence-api';
import { withFollowers } from '@/lib/flow-transitions';
import { randomId } from '@/lib/random-id';
import { newNode, nodeIssues, removeNodes, sequenceDraft, sequenceInput, type DraftFlow } from '../sequence-draft';
import { NodePanel } from './node-panel';
import { SequenceCanvas, UNNAMED_NODE } from './sequence-canvas';

/**
 * The builder of one sequence: its name, the canvas and the selected node's panel, checked on every
 * change with the contracts' sequenceUpdateBody (the server's own rules and messages). Save needs
 * canCreateSubProject; others see the flow read-only. Leaving with unsaved changes asks first.
 */
/** The canvas's height in pixels; the node panel scrolls within the same height. */
const CANVAS_HEIGHT = 560;

function SequenceBuilder({ sequence, canSave }: { sequence: Sequence; canSave: boolean }) {
  const projectId = sequence.project_id;
  const mutation = sequenceApi.useUpdate(sequence.id);
  const form = useEntityForm({
    schema: sequenceUpdateBody,
    initialValues: sequenceDraft(sequence),
    toInput: sequenceInput,
    onSubmit: (body) => mutation.mutateAsync(body),
  });
  const slots = useSlotOptions(projectId);
  const intents = useIntentOptions(projectId);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const { flow } = form.values;
  const issues = nodeIssues(form.issues, flow.nodes);
  const selected = flow.nodes.find((node) => node.id === selectedId);
  const changeFlow = canSave ? (change: (current: DraftFlow) => DraftFlow) => form.updateField('flow', change) : undefined;

  function addNode() {
    const node = newNode(flow.nodes, randomId());
    form.updateField('flow', (current) => ({ ...current, nodes: [...current.nodes, node] }));
    setSelectedId(node.id);
  }

  const panel = selected ? (
    <NodePanel
      key={selected.id}
      node={selected}
      issues={issues.get(selected.id) ?? []}
      others={flow.nodes.filter((node) => node.id !== selected.id).map((node) => ({ value: node.id, label: node.name || UNNAMED_NODE }))}
      followers={flow.transitions.filter((transition) => transition.source === selected.id).map((transition) => transition.target)}
      slots={slots}
      intents={intents}
      edit={
        changeFlow && {
          onChange: (node) => changeFlow((current) => ({ ...current, nodes: current.nodes.map((other) => (other.id === node.id ? node : other)) })),
          onFollowersChange: (targets) =>
            changeFlow((current) => ({ ...current, transitions: withFollowers(current.transitions, selected.id, targets) })),
          onDelete: () => {
            changeFlow((current) => removeNodes(current, new Set([selected.id])));
            setSelectedId(null);
          },
        }
      }
    />
  ) : (
    <Text size="sm" c="dimmed">
      {flow.nodes.length ? 'Select a node to edit it.' : canSave ? 'No nodes yet: add one to start the flow.' : 'This sequence has no nodes.'}
    </Text>
  );

  const builder = (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm">
        <TextInput label="Sequence name" autoComplete="off" readOnly={!canSave} {...form.textProps('name')} style={{ flex: 1 }} />
        {canSave && (
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={addNode}>
            Add Node
          </Button>
        )}
      </Group>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder padding={0} component="section" aria-label="Flow">
            <Box h={CANVAS_HEIGHT}>
              <SequenceCanvas flow={flow} issues={issues} selectedId={selectedId} onSelect={setSelectedId} onChange={changeFlow} />
            </Box>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          {/* As tall as the canvas, so Save stays just below both however many attributes the node has. */}
          <Card withBorder padding="md" mah={CANVAS_HEIGHT} style={{ overflowY: 'auto' }}>
            {panel}
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );

  return (
    <>
      <ProjectSubPageHeader parent={{ label: 'Sequences', to: projectPaths.sequences.to(projectId) }} title={sequence.name} />
      {canSave ? (
        <EntityForm form={form} submitLabel="Save">
          {builder}
        </EntityForm>
      ) : (
        builder
      )}
      <UnsavedChangesPrompt when={canSave && form.changed} />
    </>
  );
}

/** project/{id}/sequence/{sequenceId}: the sequence builder. */
export function SequenceBuilderPage() {
  const { projectId = '', sequenceId = '' } = useParams();
  const { permissions } = useProjectAccess(projectId);
  const query = sequenceApi.useOne(sequenceId);

  if (query.isPending) return <FullPageLoader label="Loading sequence" />;
  if (query.isError) {
    return (
      <>
        <ProjectSubPageHeader parent={{ label: 'Sequences', to: projectPaths.sequences.to(projectId) }} title="Sequence" />
        <ErrorView error={query.error} />
      </>
    );
  }
  return <SequenceBuilder key={query.data.id} sequence={query.data} canSave={permissions.canCreateSubProject} />;
}
