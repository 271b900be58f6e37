import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { contents, type UserRow } from '../../db/schema/index';
import type { ProjectAccess } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { newestSnapshotId } from '../snapshot/service';
import { chatMessages } from './messages';
import { runQuery, type ChatQuery } from './query';
import { consoleVisitor } from './visitors';

/**
 * The console's Real-Time Test: any reader of the project (super users too) asks the project's
 * newest snapshot, whatever is deployed, and sees the engine's trace. Its events say 'realtime'. The answer
 * is JSON already (./query.ts).
 */
export async function realtimeQuery(ctx: AppContext, user: UserRow, { project }: ProjectAccess, query: ChatQuery): Promise<string> {
  const receivedAt = ctx.now();
  const snapshotId = await newestSnapshotId(ctx.db, project.id);
  if (!snapshotId) throw AppError.conflict(chatMessages.notSynced);
  return runQuery(ctx, { projectId: project.id, deploymentId: null, snapshotId, integrationType: 'realtime', visitorId: consoleVisitor(user) }, query, receivedAt);
}

/** The content item a reporting id names in the project now (answers and events carry reporting ids). */
export async function convertReportingId(ctx: AppContext, { project }: ProjectAccess, reportingId: string): Promise<{ id: string }> {
  const [row] = await ctx.db
    .select({ id: contents.id })
    .from(contents)
    .where(and(eq(contents.projectId, project.id), eq(contents.reportingId, reportingId)))
    .limit(1);
  if (!row) throw AppError.notFound(chatMessages.noReportingId);
  return row;
}
