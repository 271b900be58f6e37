import { Alert, Paper, SimpleGrid, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { replayGroupLabels, replayGroups, type ReplayGroup, type ReplaySummary } from '@console/contracts';

/** Why the counts say less than they seem (no traffic, calls not made): first, where they cannot be missed. */
export function ReplayNotes({ notes }: { notes: readonly string[] }) {
  if (!notes.length) return null;
  return (
    <Stack gap="xs">
      {notes.map((note) => (
        <Alert key={note} variant="light" color="yellow" icon={<IconInfoCircle size={18} />} role="note">
          {note}
        </Alert>
      ))}
    </Stack>
  );
}

/**
 * A finished replay's report: how many questions fell in each group (each a button that shows the
 * group's questions below), and the questions answered by another item, grouped by old item → new item.
 */
export function ReplayReport({ summary, onGroup }: { summary: ReplaySummary; onGroup: (group: ReplayGroup) => void }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" aria-label="Groups">
        {replayGroups.map((group) => (
          <Paper key={group} withBorder p="sm" radius="md">
            <UnstyledButton onClick={() => onGroup(group)} aria-label={`${replayGroupLabels[group]}: ${summary.groups[group] ?? 0}`} w="100%">
              <Text size="xs" c="dimmed">
                {replayGroupLabels[group]}
              </Text>
              <Text fw={600} size="xl">
                {summary.groups[group] ?? 0}
              </Text>
            </UnstyledButton>
          </Paper>
        ))}
      </SimpleGrid>
      {summary.moves.length > 0 && (
        <Stack gap="xs">
          <Title order={4} size="h5">
            Answered by another item
          </Title>
          <Table striped verticalSpacing={6} aria-label="Moves">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Before</Table.Th>
                <Table.Th>After</Table.Th>
                <Table.Th w={100}>Questions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {summary.moves.map((move) => (
                <Table.Tr key={`${move.before}→${move.after}`}>
                  <Table.Td>{move.before}</Table.Td>
                  <Table.Td>{move.after}</Table.Td>
                  <Table.Td>{move.count}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Stack>
  );
}
