import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { deploymentMessages, type deployPreviewQuery, type DeployPreview } from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { replays, snapshots } from '../../db/schema/index';
import type { ProjectAccess } from '../../platform/access';
import { AppError } from '../../platform/errors';
import type { VersionRef } from '../version/service';
import { sourceVersion, versionToDeploy } from './deploy';
import { toTestRun } from '../suite/runs';
import { gateVerdict, latestTestRun } from './gate';
import { loadDeployment } from './service';

const base = alias(snapshots, 'base');

/**
 * What Deploy and Promote show before their confirmation: the version about to go live (the one
 * named, the one the deployment to promote from answers from, else the newest), what the deployment
 * answers from now, the version's latest test run, its latest replay against this deployment (whose
 * base may be an earlier version than the one answering now: the replay says which) and the gate.
 */
export async function readDeployPreview(ctx: AppContext, access: ProjectAccess, deploymentId: string, query: z.output<typeof deployPreviewQuery>): Promise<DeployPreview> {
  const deployment = await loadDeployment(ctx, access, deploymentId);
  const version = await previewedVersion(ctx, access, deployment.id, query);
  const [held] = await ctx.db.select({ note: snapshots.note, counts: snapshots.counts }).from(snapshots).where(eq(snapshots.id, version.id)).limit(1);
  if (!held) throw AppError.notFound();
  const run = await latestTestRun(ctx.db, version.id);
  const [replay] = await ctx.db
    .select({ row: replays, baseVersion: base.number })
    .from(replays)
    .innerJoin(base, eq(base.id, replays.baseSnapshotId))
    .where(and(eq(replays.deploymentId, deployment.id), eq(replays.candidateSnapshotId, version.id)))
    .orderBy(desc(replays.createdAt), desc(replays.id))
    .limit(1);
  return {
    deployment_id: deployment.id,
    version: version.number,
    version_note: held.note,
    counts: held.counts,
    current_version: deployment.version,
    test_run: run ? toTestRun({ row: run.row, version: version.number, createdByName: run.createdByName }, run.job, ctx.now()) : null,
    replay: replay
      ? {
          id: replay.row.id,
          candidate_version: version.number,
          base_version: replay.baseVersion,
          summary: replay.row.summary,
          finished_at: replay.row.finishedAt?.toISOString() ?? null,
        }
      : null,
    gate: gateVerdict(deployment.requirePassingTests, version.number, run),
  };
}

async function previewedVersion(ctx: AppContext, access: ProjectAccess, deploymentId: string, query: z.output<typeof deployPreviewQuery>): Promise<VersionRef> {
  const projectId = access.project.id;
  if (query.from_deployment_id !== undefined) {
    if (query.from_deployment_id === deploymentId) throw AppError.badRequest(deploymentMessages.promoteFromItself);
    return sourceVersion(ctx.db, projectId, query.from_deployment_id);
  }
  return versionToDeploy(ctx.db, projectId, query.version);
}
