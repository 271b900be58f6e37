import { randomUUID } from 'node:crypto';
import { and, count, eq, getTableColumns } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  REPLAY_DEFAULT_DAYS,
  replayItemList,
  replayList,
  replayMessages,
  type ListQuery,
  type ListResponse,
  type Replay,
  type replayBody,
  type ReplayItem,
  type ReplayItemDetail,
} from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { deployments, replayItems, replays, snapshots, users, type JobRow, type ReplayRow, type UserRow } from '../../db/schema/index';
import type { ProjectAccess } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { listPage } from '../../platform/listing';
import { jobsById, queueJob, toJob } from '../job/service';
import { newestVersion, versionByNumber } from '../version/service';

/**
 * Replays of a deployment's traffic: created with the versions they compare and the window, run as a
 * job (./run-job.ts), read as a report and its items.
 */

const DAY_MS = 86_400_000;
const base = alias(snapshots, 'base');
const candidate = alias(snapshots, 'candidate');

/** A replay with the names and numbers it is shown with (left joins: the creator may be gone). */
const replayColumns = {
  ...getTableColumns(replays),
  deploymentName: deployments.displayName,
  baseVersion: base.number,
  candidateVersion: candidate.number,
  createdByName: users.displayName,
};
type ReplayWithNames = ReplayRow & { deploymentName: string; baseVersion: number; candidateVersion: number; createdByName: string | null };

function replaysWithNames(ctx: AppContext) {
  return ctx.db
    .select(replayColumns)
    .from(replays)
    .innerJoin(deployments, eq(deployments.id, replays.deploymentId))
    .innerJoin(base, eq(base.id, replays.baseSnapshotId))
    .innerJoin(candidate, eq(candidate.id, replays.candidateSnapshotId))
    .leftJoin(users, eq(users.id, replays.createdBy));
}

function toReplay(row: ReplayWithNames, job: JobRow | undefined, now: Date): Replay {
  // A replay that failed or was cancelled ended with its job.
  const ended = row.finishedAt ?? (job && job.status !== 'succeeded' ? job.finishedAt : null);
  return {
    id: row.id,
    deployment_id: row.deploymentId,
    deployment_name: row.deploymentName,
    base_version: row.baseVersion,
    candidate_version: row.candidateVersion,
    from: row.windowFrom.toISOString(),
    to: row.windowTo.toISOString(),
    limit: row.questionLimit,
    job: job ? toJob(job, now) : null,
    summary: row.summary,
    created_at: row.createdAt.toISOString(),
    created_by_name: row.createdByName,
    finished_at: ended?.toISOString() ?? null,
  };
}

/**
 * Starts a replay of the deployment's traffic: the base is the version the deployment answers from
 * now, the candidate the version named (default the newest). The replay and its job are written in
 * one transaction, so neither exists without the other; the job runs in whichever process claims it.
 */
export async function createReplay(ctx: AppContext, user: UserRow, access: ProjectAccess, body: z.output<typeof replayBody>): Promise<Replay> {
  const { project } = access;
  const now = ctx.now();
  const to = body.to ? new Date(body.to) : now;
  const from = body.from ? new Date(body.from) : new Date(to.getTime() - REPLAY_DEFAULT_DAYS * DAY_MS);
  if (from >= to) throw AppError.badRequest(replayMessages.windowOrder);
  const [deployment] = await ctx.db
    .select({ id: deployments.id, snapshotId: deployments.snapshotId })
    .from(deployments)
    .where(and(eq(deployments.id, body.deployment_id), eq(deployments.projectId, project.id)))
    .limit(1);
  if (!deployment) throw AppError.notFound();
  if (!deployment.snapshotId) throw AppError.conflict(replayMessages.notDeployed);
  const version = body.version === undefined ? await newestVersion(ctx.db, project.id) : await versionByNumber(ctx.db, project.id, body.version);
  if (!version) throw AppError.notFound();

  const id = randomUUID();
  await ctx.db.transaction(async (tx) => {
    const job = await queueJob(tx, { kind: 'replay', projectId: project.id, params: { replay_id: id }, createdBy: user.id }, now);
    await tx.insert(replays).values({
      id,
      projectId: project.id,
      deploymentId: deployment.id,
      baseSnapshotId: deployment.snapshotId!,
      candidateSnapshotId: version.id,
      jobId: job.id,
      windowFrom: from,
      windowTo: to,
      questionLimit: body.limit,
      createdBy: user.id,
      createdAt: now,
    });
  });
  ctx.jobs.wake();
  return readReplay(ctx, access, id);
}

export async function listReplays(ctx: AppContext, { project }: ProjectAccess, query: ListQuery): Promise<ListResponse<Replay>> {
  const page = await listPage(
    replayList,
    query,
    { created_at: replays.createdAt, candidate_version: candidate.number },
    {
      rows: replaysWithNames(ctx).$dynamic(),
      count: ctx.db.select({ total: count() }).from(replays).innerJoin(candidate, eq(candidate.id, replays.candidateSnapshotId)).$dynamic(),
      where: eq(replays.projectId, project.id),
      id: replays.id,
    },
  );
  const jobs = await jobsById(ctx.db, page.records.map((row) => row.jobId));
  const now = ctx.now();
  return { records: page.records.map((row) => toReplay(row, row.jobId ? jobs.get(row.jobId) : undefined, now)), total: page.total };
}

/** A replay of the checked project (else 404). */
async function projectReplay(ctx: AppContext, { project }: ProjectAccess, replayId: string): Promise<ReplayWithNames> {
  const [row] = await replaysWithNames(ctx)
    .where(and(eq(replays.id, replayId), eq(replays.projectId, project.id)))
    .limit(1);
  if (!row) throw AppError.notFound();
  return row;
}

export async function readReplay(ctx: AppContext, access: ProjectAccess, replayId: string): Promise<Replay> {
  const row = await projectReplay(ctx, access, replayId);
  const jobs = await jobsById(ctx.db, [row.jobId]);
  return toReplay(row, row.jobId ? jobs.get(row.jobId) : undefined, ctx.now());
}

/** An item's columns without its traces (a list shows thousands). */
const itemColumns = {
  position: replayItems.position,
  question: replayItems.question,
  context: replayItems.context,
  asked: replayItems.asked,
  group: replayItems.group,
  before: replayItems.before,
  after: replayItems.after,
};

export async function listReplayItems(ctx: AppContext, access: ProjectAccess, replayId: string, query: ListQuery): Promise<ListResponse<ReplayItem>> {
  const replay = await projectReplay(ctx, access, replayId);
  return listPage(
    replayItemList,
    query,
    { position: replayItems.position, asked: replayItems.asked, group: replayItems.group, question: replayItems.question },
    {
      rows: ctx.db.select(itemColumns).from(replayItems).$dynamic(),
      count: ctx.db.select({ total: count() }).from(replayItems).$dynamic(),
      where: eq(replayItems.replayId, replay.id),
      id: replayItems.position,
    },
  );
}

/** One replayed question with both answers' traces, side by side. */
export async function readReplayItem(ctx: AppContext, access: ProjectAccess, replayId: string, position: number): Promise<ReplayItemDetail> {
  const replay = await projectReplay(ctx, access, replayId);
  const [row] = await ctx.db
    .select({ ...itemColumns, beforeTrace: replayItems.beforeTrace, afterTrace: replayItems.afterTrace })
    .from(replayItems)
    .where(and(eq(replayItems.replayId, replay.id), eq(replayItems.position, position)))
    .limit(1);
  if (!row) throw AppError.notFound();
  const { beforeTrace, afterTrace, ...item } = row;
  return { ...item, before_trace: beforeTrace, after_trace: afterTrace };
}
