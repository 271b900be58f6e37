import { ActionIcon, Button, Fieldset, Group, Menu, MultiSelect, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { SEQUENCE_NODE_MAX_ATTRIBUTES, defaultSlotPrompt, sequenceAttributeLabels } from '@console/contracts';
import { addableAttributeTypes, emptyAttribute, issueAt, type DraftAttribute, type DraftNode, type NodeIssue } from '../sequence-draft';
import type { FlowOption } from '../use-flow-options';
import { UNNAMED_NODE } from './sequence-canvas';

interface AttributeFieldsProps {
  attribute: DraftAttribute;
  /** The problems of this attribute, paths below it. */
  issues: NodeIssue[];
  slots: FlowOption[];
  intents: FlowOption[];
  readOnly: boolean;
  onChange: (attribute: DraftAttribute) => void;
}

/** The fields of one attribute type: slots with their prompts, URL and configuration, or intents. */
function AttributeFields({ attribute, issues, slots, intents, readOnly, onChange }: AttributeFieldsProps) {
  switch (attribute.type) {
    case 'collect_slots': {
      const names = new Map(slots.map((slot) => [slot.value, slot.label]));
      const prompts = new Map(attribute.slots.map((slot) => [slot.slot_id, slot.prompt]));
      return (
        <>
          <MultiSelect
            label="Slots"
            data={slots}
            value={attribute.slots.map((slot) => slot.slot_id)}
            onChange={(ids) => onChange({ ...attribute, slots: ids.map((slot_id) => ({ slot_id, prompt: prompts.get(slot_id) ?? '' })) })}
            error={issueAt(issues, 'slots')}
            readOnly={readOnly}
            searchable
            nothingFoundMessage="No slots in this project"
          />
          {attribute.slots.map((slot, index) => {
            const name = names.get(slot.slot_id) ?? slot.slot_id;
            return (
              <TextInput
                key={slot.slot_id}
                label={`Prompt for ${name}`}
                placeholder={defaultSlotPrompt(name)}
                value={slot.prompt}
                onChange={(event) => {
                  const prompt = event.currentTarget.value;
                  onChange({ ...attribute, slots: attribute.slots.map((other, at) => (at === index ? { ...other, prompt } : other)) });
                }}
                error={issueAt(issues, 'slots', index, 'prompt')}
                readOnly={readOnly}
              />
            );
          })}
        </>
      );
    }
    case 'business_logic':
      return (
        <>
          <TextInput
            label="URL"
            placeholder="https://"
            value={attribute.url}
            onChange={(event) => onChange({ ...attribute, url: event.currentTarget.value })}
            error={issueAt(issues, 'url')}
            readOnly={readOnly}
          />
          <Textarea
            label="Configuration"
            description="A JSON object sent with the collected slots"
            value={attribute.configuration}
            onChange={(event) => onChange({ ...attribute, configuration: event.currentTarget.value })}
            error={issueAt(issues, 'configuration')}
            readOnly={readOnly}
            autosize
            minRows={3}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
        </>
      );
    default:
      return (
        <MultiSelect
          label="Intents"
          data={intents}
          value={attribute.intents}
          onChange={(ids) => onChange({ ...attribute, intents: ids })}
          error={issueAt(issues, 'intents')}
          readOnly={readOnly}
          searchable
          nothingFoundMessage="No intents in this project"
        />
      );
  }
}

interface NodePanelProps {
  node: DraftNode;
  issues: NodeIssue[];
  /** The other nodes, which this one may lead to. */
  others: FlowOption[];
  /** The nodes this one leads to. */
  followers: string[];
  slots: FlowOption[];
  intents: FlowOption[];
  /** Absent for a reader. */
  edit?: {
    onChange: (node: DraftNode) => void;
    onFollowersChange: (targets: string[]) => void;
    onDelete: () => void;
  };
}

/**
 * The selected node's side panel: its name, the nodes it leads to (the keyboard's way to draw
 * transitions) and its attributes, each type once, at most SEQUENCE_NODE_MAX_ATTRIBUTES.
 */
export function NodePanel({ node, issues, others, followers, slots, intents, edit }: NodePanelProps) {
  const readOnly = !edit;
  const addable = addableAttributeTypes(node);
  const setAttributes = (attributes: DraftAttribute[]) => edit?.onChange({ ...node, attributes });

  return (
    <Stack gap="sm" component="section" aria-label="Selected node">
      <Group justify="space-between">
        <Title order={3} size="h5">
          {node.name || UNNAMED_NODE}
        </Title>
        {edit && (
          <Button size="xs" color="red" variant="light" leftSection={<IconTrash size={14} />} onClick={edit.onDelete}>
            Delete Node
          </Button>
        )}
      </Group>
      <TextInput
        label="Node name"
        autoComplete="off"
        value={node.name}
        onChange={(event) => edit?.onChange({ ...node, name: event.currentTarget.value })}
        error={issueAt(issues, 'name')}
        readOnly={readOnly}
      />
      <MultiSelect
        label="Followed by"
        description="The nodes this one leads to"
        data={others}
        value={followers}
        onChange={(targets) => edit?.onFollowersChange(targets)}
        readOnly={readOnly}
        searchable
        nothingFoundMessage="No other nodes"
      />
      {node.attributes.map((attribute, index) => {
        const label = sequenceAttributeLabels[attribute.type];
        return (
          <Fieldset key={attribute.type} legend={label} variant="filled" p="sm">
            <Stack gap="xs">
              <AttributeFields
                attribute={attribute}
                issues={issues.filter((issue) => issue.path[0] === 'attributes' && issue.path[1] === index).map((issue) => ({ ...issue, path: issue.path.slice(2) }))}
                slots={slots}
                intents={intents}
                readOnly={readOnly}
                onChange={(changed) => setAttributes(node.attributes.map((other, at) => (at === index ? changed : other)))}
              />
              {edit && (
                <Group justify="flex-end">
                  <ActionIcon variant="subtle" color="red" aria-label={`Remove ${label}`} onClick={() => setAttributes(node.attributes.filter((_, at) => at !== index))}>
                    <IconX size={16} />
                  </ActionIcon>
                </Group>
              )}
            </Stack>
          </Fieldset>
        );
      })}
      {edit && addable.length > 0 && (
        <Menu position="bottom-start">
          <Menu.Target>
            <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} w="fit-content">
              Add Attribute
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {addable.map((type) => (
              <Menu.Item key={type} onClick={() => setAttributes([...node.attributes, emptyAttribute(type)])}>
                {sequenceAttributeLabels[type]}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      {node.attributes.length >= SEQUENCE_NODE_MAX_ATTRIBUTES && (
        <Text size="xs" c="dimmed">
          {`A node has at most ${SEQUENCE_NODE_MAX_ATTRIBUTES} attributes, one of each type.`}
        </Text>
      )}
    </Stack>
  );
}
