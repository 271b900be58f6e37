import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ListQueryControls } from '@/components/data-table';
import { errorMessage } from '@/lib/api-client';
import { useExportQueryLog, type ExportCount } from '../api/export-query-log';

function countText({ received, total }: ExportCount): string {
  return total === null ? `${received.toLocaleString()} events` : `${received.toLocaleString()} of ${total.toLocaleString()} events`;
}

/**
 * 'Export as JSON': the query log with the list's filters, timestamps in the
 * browser's zone, saved as a file; while it streams, the events received against the total and Cancel.
 */
export function ExportQueryLogButton({ projectId, list }: { projectId: string; list: ListQueryControls }) {
  const exporter = useExportQueryLog(projectId);
  const count = exporter.count;

  return (
    <Stack gap={4} align="flex-end">
      {exporter.running ? (
        <Group gap="xs" wrap="nowrap">
          <Stack gap={2} w={200}>
            {/* Until the total is known (or with none to count) the bar is full and moving; events
                asked after the count was taken may add a few beyond it. */}
            <Progress
              value={count?.total ? Math.min(100, (100 * count.received) / count.total) : 100}
              animated={!count?.total}
              aria-label="Export progress"
            />
            <Text size="xs" c="dimmed" role="status">
              {count ? countText(count) : 'Starting the export…'}
            </Text>
          </Stack>
          <Button variant="default" onClick={exporter.cancel}>
            Cancel
          </Button>
        </Group>
      ) : (
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => exporter.start(list.apiQuery)}>
          Export as JSON
        </Button>
      )}
      {exporter.error !== null && (
        <Text size="xs" c="red.7" role="alert" maw="24rem">
          {`The export failed. ${errorMessage(exporter.error)}`}
        </Text>
      )}
    </Stack>
  );
}
