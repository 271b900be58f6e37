import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema/index';
import { queueJob } from '../job/service';

/**
 * Queues the grouping of a project's failed questions, unless one is queued already. One job groups a
 * project at a time (./grouping-job.ts holds it through a lease): a job queued while another holds it
 * ends at once, and the holder looks for what waits once it lets go. Two processes queueing at the
 * same moment may both insert; the second run then finds nothing to do.
 */
export async function queueInsightGrouping(db: Db, projectId: string, now: Date): Promise<boolean> {
  const [waiting] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, 'insight_grouping'), eq(jobs.projectId, projectId), eq(jobs.status, 'queued')))
    .limit(1);
  if (waiting) return false;
  await queueJob(db, { kind: 'insight_grouping', projectId, createdBy: null }, now);
  return true;
}
