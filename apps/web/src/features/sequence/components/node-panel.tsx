import { ActionIcon, Button, Fieldset, Group, Menu, MultiSelect, NumberInput, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { SEQUENCE_NODE_MAX_ATTRIBUTES, SLOT_MAX_ATTEMPTS, defaultSlotPrompt, defaultSlotReprompt, sequenceAttributeLabels } from '@console/contracts';
import type { FlowOption, SlotOption } from '@/hooks/use-flow-options';
import { addableAttributeTypes, emptyAttribute, issueAt, type DraftAttribute, type DraftNode, type NodeIssue } from '../sequence-draft';
import { UNNAMED_NODE } from './sequence-canvas';

interface AttributeFieldsProps {
  attribute: DraftAttribute;
  /** The problems of this attribute, paths below it. */
  issues: NodeIssue[];
  slots: SlotOption[];
  intents: FlowOption[];
  readOnly: boolean;
  onChange: (attribute: DraftAttribute) => void;
}

type CollectedSlot = Extract<DraftAttribute, { type: 'collect_slots' }>['slots'][number];

/**
 * How this node asks for one slot: its prompt, re-prompt and attempts, each empty (blank) for the
 * slot's own, which the placeholders show.
 */
function CollectedSlotFields({
  slot,
  option,
  issues,
  readOnly,
  onChange,
}: {
  slot: CollectedSlot;
  option: SlotOption | undefined;
  issues: NodeIssue[];
  readOnly: boolean;
  onChange: (slot: CollectedSlot) => void;
}) {
  const name = option?.label ?? slot.slot_id;
  return (
    <>
      <TextInput
        label={`Prompt for ${name}`}
        placeholder={option?.asked.prompt || defaultSlotPrompt(name)}
        value={slot.prompt}
        onChange={(event) => onChange({ ...slot, prompt: event.currentTarget.value })}
        error={issueAt(issues, 'prompt')}
        readOnly={readOnly}
      />
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          label={`Re-prompt for ${name}`}
          placeholder={option?.asked.reprompt || defaultSlotReprompt(name)}
          value={slot.reprompt}
          onChange={(event) => onChange({ ...slot, reprompt: event.currentTarget.value })}
          error={issueAt(issues, 'reprompt')}
          readOnly={readOnly}
          style={{ flex: 1 }}
        />
        <NumberInput
          label={`Max attempts for ${name}`}
          placeholder={option ? `${option.asked.max_attempts} (the slot's)` : "The slot's"}
          value={slot.max_attempts ?? ''}
          onChange={(value) => onChange({ ...slot, max_attempts: typeof value === 'number' ? value : null })}
          error={issueAt(issues, 'max_attempts')}
          readOnly={readOnly}
          min={1}
          max={SLOT_MAX_ATTEMPTS}
          allowDecimal={false}
          allowNegative={false}
          w={150}
        />
      </Group>
    </>
  );
}

/** The fields of one attribute type: slots with how they are asked, URL and configuration, or intents. */
function AttributeFields({ attribute, issues, slots, intents, readOnly, onChange }: AttributeFieldsProps) {
  switch (attribute.type) {
    case 'collect_slots': {
      const options = new Map(slots.map((slot) => [slot.value, slot]));
      const kept = new Map(attribute.slots.map((slot) => [slot.slot_id, slot]));
      return (
        <>
          <MultiSelect
            label="Slots"
            data={slots}
            value={attribute.slots.map((slot) => slot.slot_id)}
            onChange={(ids) => onChange({ ...attribute, slots: ids.map((slot_id) => kept.get(slot_id) ?? { slot_id, prompt: '', reprompt: '', max_attempts: null }) })}
            error={issueAt(issues, 'slots')}
            readOnly={readOnly}
            searchable
            nothingFoundMessage="No slots in this project"
          />
          {attribute.slots.map((slot, index) => (
            <CollectedSlotFields
              key={slot.slot_id}
              slot={slot}
              option={options.get(slot.slot_id)}
              issues={issues.filter((issue) => issue.path[0] === 'slots' && issue.path[1] === index).map((issue) => ({ ...issue, path: issue.path.slice(2) }))}
              readOnly={readOnly}
              onChange={(changed) => onChange({ ...attribute, slots: attribute.slots.map((other, at) => (at === index ? changed : other)) })}
            />
          ))}
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
  slots: SlotOption[];
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
