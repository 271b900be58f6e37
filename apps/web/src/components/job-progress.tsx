import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { Job } from '@console/contracts';
import { isJobFinished, useCancelJob } from '@/lib/api/job';

const statusWords: Record<Job['status'], string> = {
  queued: 'Waiting to start',
  running: 'Running',
  succeeded: 'Finished',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

function timeLeft(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return seconds < 60 ? `about ${seconds} s left` : `about ${Math.ceil(seconds / 60)} min left`;
}

/**
 * A background job's progress: done / total, the time left at its pace so far, and Cancel for those
 * who may (the job may run in any server process; the bar follows what it stored).
 */
export function JobProgress({ projectId, job, canCancel }: { projectId: string; job: Job; canCancel: boolean }) {
  const cancel = useCancelJob(projectId);
  const finished = isJobFinished(job);
  const percent = job.total > 0 ? Math.round((job.done / job.total) * 100) : finished ? 100 : 0;
  return (
    <Stack gap={4} aria-label="Job progress">
      <Group justify="space-between">
        <Text size="sm">
          {statusWords[job.status]}
          {job.total > 0 ? `: ${job.done} / ${job.total}` : ''}
          {job.eta_ms !== null && !finished ? ` (${timeLeft(job.eta_ms)})` : ''}
          {job.cancel_requested && !finished ? ' (cancelling)' : ''}
        </Text>
        {canCancel && !finished ? (
          <Button size="xs" variant="default" loading={cancel.isPending} disabled={job.cancel_requested} onClick={() => cancel.mutate(job.id)}>
            Cancel
          </Button>
        ) : null}
      </Group>
      <Progress value={percent} animated={job.status === 'running'} aria-label={`${percent}%`} />
      {job.status === 'failed' && job.error ? (
        <Text size="sm" c="red">
          {job.error}
        </Text>
      ) : null}
    </Stack>
  );
}
