import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema/index';
import { queueJob } from '../job/service';

/**
 * Queues the grouping of a project's failed questions, unless one is queued already: at most one
 * queued and one running, and a question that failed while a grouping runs is taken by the queued
 * one (./grouping-job.ts holds the project while it groups). Two processes queueing at the same
 * moment may both insert; the second run then finds nothing to do.
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
