import { Anchor, Badge, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { fixKindLabels, type Fix } from '@console/contracts';
import { projectPaths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { checkWords } from '../insight-words';

/** The topic's fixes, newest first: what was done, by whom and when, and whether its questions are now answered as intended. */
export function FixHistory({ projectId, fixes }: { projectId: string; fixes: readonly Fix[] }) {
  const newestFirst = [...fixes].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <Stack gap="xs" component="section" aria-label="Fixes">
      <Title order={3} size="h4">
        Fixes
      </Title>
      {newestFirst.length === 0 ? (
        <Text size="sm" c="dimmed">
          No fixes yet.
        </Text>
      ) : (
        <Table striped verticalSpacing={6} aria-label="Fix history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>What</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>When</Table.Th>
              <Table.Th>Check</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {newestFirst.map((fix) => (
              <Table.Tr key={fix.id}>
                <Table.Td>
                  <Stack gap={2} align="flex-start">
                    <Badge variant="light" color="gray" tt="none" radius="sm">
                      {fixKindLabels[fix.kind]}
                    </Badge>
                    <Text size="sm">{fix.summary}</Text>
                    {fix.content_id && (
                      <Anchor component={Link} to={projectPaths.content.to(projectId, fix.content_id)} size="xs">
                        Open the item
                      </Anchor>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>{fix.created_by_name ?? '—'}</Table.Td>
                <Table.Td>{formatDateTime(fix.created_at)}</Table.Td>
                <Table.Td>{fix.check ? checkWords(fix.check) : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
