import { Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { diffKinds, type DiffItem, type DiffKind, type VersionDiff } from '@console/contracts';
import { TextDiff } from './text-diff';

const kindTitles: Record<DiffKind, string> = {
  content: 'Content',
  intent: 'Intents',
  slot: 'Slots',
  jargon: 'Jargon',
  sequence: 'Sequences',
  scenario: 'Scenarios',
  setting: 'Settings',
};

const changeBadges: Record<DiffItem['change'], { label: string; color: string }> = {
  added: { label: 'Added', color: 'green' },
  removed: { label: 'Removed', color: 'red' },
  changed: { label: 'Changed', color: 'blue' },
};

/** A text past this length, or of several lines, is shown as a word diff rather than 'before → after'. */
const LONG_TEXT = 60;

/** 'pipeline_config' -> 'Pipeline config': the API's field names, readable. */
function fieldLabel(field: string): string {
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function Value({ text }: { text: string }) {
  if (text === '') {
    return (
      <Text span size="sm" c="dimmed" fs="italic">
        empty
      </Text>
    );
  }
  return (
    <Text span size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  );
}

const isLong = (text: string) => text.length > LONG_TEXT || text.includes('\n');

function FieldChange({ before, after }: { before: string | null; after: string | null }) {
  if (before === null) return <Value text={after ?? ''} />;
  if (after === null) return <Value text={before} />;
  if (isLong(before) || isLong(after)) return <TextDiff before={before} after={after} />;
  return (
    <Group gap={6} wrap="wrap">
      <Value text={before} />
      <Text span size="sm" aria-label="becomes">
        →
      </Text>
      <Value text={after} />
    </Group>
  );
}

/** A list's members put in and taken out, as chips marked + and −. */
function ListChange({ added, removed }: { added: string[]; removed: string[] }) {
  return (
    <Group gap={6}>
      {added.map((value) => (
        <Badge key={`+${value}`} color="green" variant="light" tt="none" title={`Added: ${value}`}>
          + {value}
        </Badge>
      ))}
      {removed.map((value) => (
        <Badge key={`-${value}`} color="red" variant="light" tt="none" title={`Removed: ${value}`} td="line-through">
          − {value}
        </Badge>
      ))}
    </Group>
  );
}

function DiffItemCard({ item }: { item: DiffItem }) {
  const badge = changeBadges[item.change];
  const rows = [
    ...item.fields.map((field) => ({ field: field.field, value: <FieldChange before={field.before} after={field.after} /> })),
    ...item.lists
      .filter((list) => list.added.length + list.removed.length > 0)
      .map((list) => ({ field: list.field, value: <ListChange added={list.added} removed={list.removed} /> })),
  ];
  return (
    <Card withBorder padding="sm" component="article" aria-label={`${badge.label}: ${item.name}`}>
      <Group gap="xs" mb={rows.length ? 'xs' : 0}>
        <Badge color={badge.color} variant="light">
          {badge.label}
        </Badge>
        <Text fw={500} size="sm">
          {item.name}
        </Text>
      </Group>
      {rows.length > 0 && (
        <Table variant="vertical" layout="fixed" withTableBorder={false} verticalSpacing={4}>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.field}>
                <Table.Th w={160} scope="row" fw={500} c="dimmed" bg="transparent">
                  {fieldLabel(row.field)}
                </Table.Th>
                <Table.Td>{row.value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

/**
 * What changed from one version to another, item by item, grouped by kind (content, intents,
 * slots, jargon, sequences, scenarios, settings): each added, removed or changed, its fields before
 * → after (long texts as a word diff) and its lists' members put in and taken out.
 */
export function VersionDiffView({ diff }: { diff: VersionDiff }) {
  if (diff.from === null) {
    return <Text size="sm">Version {diff.to} is the first version: there is nothing to compare it with.</Text>;
  }
  if (diff.items.length === 0) {
    return (
      <Text size="sm">
        Version {diff.to} holds the same as version {diff.from}: nothing differs.
      </Text>
    );
  }
  const groups = diffKinds
    .map((kind) => ({ kind, items: diff.items.filter((item) => item.kind === kind) }))
    .filter((group) => group.items.length > 0);
  return (
    <Stack gap="md">
      <Text size="sm">
        From version {diff.from} to version {diff.to}: {diff.items.length} {diff.items.length === 1 ? 'item differs' : 'items differ'}.
      </Text>
      {groups.map((group) => (
        <Stack key={group.kind} gap="xs" component="section" aria-label={kindTitles[group.kind]}>
          <Title order={3} size="h5">
            {kindTitles[group.kind]} ({group.items.length})
          </Title>
          {group.items.map((item) => (
            <DiffItemCard key={`${item.kind}:${item.id}`} item={item} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
