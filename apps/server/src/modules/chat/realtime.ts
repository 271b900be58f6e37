import { and, eq } from 'drizzle-orm';
import type { realtimeQueryBody } from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { contents, type UserRow } from '../../db/schema/index';
import type { ProjectAccess } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { redactionOf } from '../privacy/settings';
import { newestVersion, versionByNumber } from '../version/service';
import { chatMessages } from './messages';
import { runQuery } from './query';
import { consoleVisitor } from './visitors';

/**
 * The console's Real-Time Test: any reader of the project (super users too) asks the version named
 * (the console names a deployment's; 404 for one the project does not have), else the newest,
 * whatever is deployed, and sees the engine's trace and the version that answered. Its events say
 * 'realtime'. The answer is JSON already (./query.ts): the version is spliced in, not parsed and
 * rendered again.
 */
export async function realtimeQuery(ctx: AppContext, user: UserRow, { project }: ProjectAccess, query: z.output<typeof realtimeQueryBody>): Promise<string> {
  const receivedAt = ctx.now();
  const version = query.version === undefined ? await newestVersion(ctx.db, project.id) : await versionByNumber(ctx.db, project.id, query.version);
  if (!version) throw AppError.conflict(chatMessages.notSynced);
  const target = { projectId: project.id, deploymentId: null, snapshotId: version.id, integrationType: 'realtime', visitorId: consoleVisitor(user), redaction: redactionOf(project) } as const;
  const answer = await runQuery(ctx, target, query, receivedAt);
  return `{"version":${version.number},${answer.slice(1)}`;
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
