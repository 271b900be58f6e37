import { Alert, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import type { PullSummary, SourcePull } from '@console/contracts';
import { errorDetail } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

function pullSummaryText(summary: PullSummary): string {
  return `Created ${summary.created}, updated ${summary.updated}, omitted ${summary.omitted}, unchanged ${summary.unchanged}`;
}

function RunningPull({ pull }: { pull: SourcePull }) {
  const { done, total, message } = pull.progress;
  // Until the pull knows how much there is, the bar only says that it works.
  const known = total > 0;
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">{message || 'Pulling...'}</Text>
        {known && (
          <Text size="sm" c="dimmed">
            {`${done}/${total}`}
          </Text>
        )}
      </Group>
      <Progress
        value={known ? Math.min(100, (done / total) * 100) : 100}
        striped={!known}
        animated={!known}
        aria-label="Pull progress"
      />
    </Stack>
  );
}

/** The pull of a source: progress while it runs, then its summary or its error in red. */
export function SourcePullStatus({ pull, startError }: { pull: SourcePull | null; startError: unknown }) {
  if (!pull && !startError) return null;
  return (
    <Stack gap="xs" role="status" aria-label="Pull" data-testid="pull-status">
      {pull?.status === 'running' && <RunningPull pull={pull} />}
      {pull?.status === 'succeeded' && pull.summary && (
        <Group gap={6} c="green.8" wrap="nowrap">
          <IconCheck size={16} />
          <Text size="sm" c="green.8">
            {pullSummaryText(pull.summary)}
          </Text>
          <Text size="xs" c="dimmed">
            {`(pulled ${formatDateTime(pull.finished_at)})`}
          </Text>
        </Group>
      )}
      {pull?.status === 'failed' && (
        <Text size="sm" c="red.7">
          {pull.error ? `Pull failed: ${pull.error}` : 'Pull failed.'}
        </Text>
      )}
      {startError !== null && startError !== undefined && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} p="xs">
          <Text size="sm" c="red.8">
            {errorDetail(startError)}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
