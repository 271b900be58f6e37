import { Badge } from '@mantine/core';
import type { Job } from '@console/contracts';
import { JobProgress } from '@/components/job-progress';
import { isJobFinished } from '@/lib/api/job';

const finishedColors: Partial<Record<Job['status'], string>> = { succeeded: 'green', failed: 'red', cancelled: 'gray' };
const finishedWords: Partial<Record<Job['status'], string>> = { succeeded: 'Finished', failed: 'Failed', cancelled: 'Cancelled' };

/**
 * Where the work of a list's row (a test run, a replay) stands: its job's live progress, with Cancel
 * for those who may, until it finishes, then how it ended (a failure's reason on hover). A record
 * whose job is gone has finished.
 */
export function JobStatus({ projectId, job, canCancel }: { projectId: string; job: Job | null; canCancel: boolean }) {
  if (job && !isJobFinished(job)) return <JobProgress projectId={projectId} job={job} canCancel={canCancel} />;
  const status = job?.status ?? 'succeeded';
  return (
    <Badge variant="light" color={finishedColors[status]} tt="none" radius="sm" title={job?.error ?? undefined}>
      {finishedWords[status]}
    </Badge>
  );
}
