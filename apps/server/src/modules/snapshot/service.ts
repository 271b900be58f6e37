import { eq, max, sql } from 'drizzle-orm';
import type { syncBody, SyncAnswer } from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { queueFixCheck } from '../insight/fix-check-job';
import { consistentRead } from '../../db/client';
import { projects, snapshots, type UserRow } from '../../db/schema/index';
import type { ProjectAccess } from '../../platform/access';
import { auditedProject, recordAudit } from '../audit/record';
import { AppError } from '../../platform/errors';
import { queueTestRun } from '../suite/runs';
import { pruneAfterSync } from '../version/prune';
import { readSnapshot, snapshotStats } from './read-snapshot';

/**
 * Sync: the project as it is now becomes an immutable snapshot, the project's next version. It is
 * read in one consistent transaction, its texts embedded (those whose vectors are not stored yet, in
 * the embedding workers) and compiled in the worker (a snapshot that does not compile is never
 * stored), then the snapshot, numbered under a lock of the project's row so two syncs at once take
 * two numbers, and the project's synced_at are written in one transaction, with a run of the
 * project's test cases against the new version (none without cases). Deployments keep answering
 * from their own version until the next deploy.
 */
export async function syncProject(ctx: AppContext, user: UserRow, { project }: ProjectAccess, body: z.output<typeof syncBody>): Promise<SyncAnswer> {
  const snapshot = await ctx.db.transaction((tx) => readSnapshot(tx, project.id), consistentRead);
  const { index, vectors } = await ctx.assistant.indexes.compile(snapshot, project.workspaceId);
  const now = ctx.now();
  const counts = snapshotStats(snapshot);
  const stored = await ctx.db.transaction(async (tx) => {
    // Syncing is not an edit of the project: its Modified time stays.
    const synced = await tx
      .update(projects)
      .set({ syncedAt: now, updatedAt: sql`${projects.updatedAt}` })
      .where(eq(projects.id, project.id))
      .returning({ id: projects.id });
    if (!synced.length) throw AppError.notFound();
    const [last] = await tx.select({ number: max(snapshots.number) }).from(snapshots).where(eq(snapshots.projectId, project.id));
    const number = (last?.number ?? 0) + 1;
    const [row] = await tx
      .insert(snapshots)
      .values({ projectId: project.id, number, note: body.note, counts, data: snapshot, createdBy: user.id, createdAt: now })
      .returning({ id: snapshots.id, number: snapshots.number });
    const run = await queueTestRun(tx, { projectId: project.id, snapshotId: row!.id, trigger: 'sync', createdBy: user.id }, now);
    const checksFixes = await queueFixCheck(tx, project.id, row!.id, now);
    await recordAudit({ ...ctx, db: tx }, { action: 'project.synced', ...auditedProject(project), details: { version: number, note: body.note, counts } });
    return { ...row!, testRunId: run?.id ?? null, checksFixes };
  });
  ctx.assistant.indexes.put(stored.id, index);
  await pruneAfterSync(ctx, project.id);
  if (stored.testRunId || stored.checksFixes) ctx.jobs.wake();
  const { contents, intents, utterances } = counts;
  return {
    snapshot_id: stored.id,
    version: stored.number,
    synced_at: now.toISOString(),
    test_run_id: stored.testRunId,
    stats: { contents, intents, utterances, ...vectors },
  };
}
