import { and, desc, eq } from 'drizzle-orm';
import { deploymentMessages, type AuditAction, type Deployment, type DeploymentAction, type deployBody, type promoteBody, type rollbackBody } from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { deployHistory, deployments, snapshots, type DeploymentRow, type UserRow } from '../../db/schema/index';
import type { ProjectAccess } from '../../platform/access';
import { AppError, pgErrorCode } from '../../platform/errors';
import { newestVersion, versionByNumber, type VersionRef } from '../version/service';
import { recordAudit } from '../audit/record';
import { passGate } from './gate';
import { loadDeployment, readDeployment } from './service';

/**
 * Deploy, rollback and promote: each points a deployment at a version and adds an entry to its
 * deploy history (the version, the one it replaced, who, when, why), in one transaction holding the
 * deployment's row, so deploys of one deployment at the same moment (in any process) land in the
 * history one after the other, each replacing the version the one before left, and the last to
 * commit answers. A version that no longer compiles (an engine upgrade) is refused with a 409 before
 * anything changes. Other processes see the switch within DEPLOYMENT_CACHE_MS; this one at once.
 */

interface VersionSwitch {
  action: DeploymentAction;
  reason: string;
  /** The version to answer from, found again under the deployment's lock (it may have changed meanwhile). */
  target: (db: Db, deployment: DeploymentRow) => Promise<VersionRef>;
  /** Deploy and promote pass the deployment's gate (with a project admin's reason to override it); rollback does not. */
  gate: { overrideReason: string | undefined } | null;
}

const auditedActions = { deploy: 'deployment.deployed', rollback: 'deployment.rolled_back', promote: 'deployment.promoted' } as const satisfies Record<
  DeploymentAction,
  AuditAction
>;

/** How often a switch whose version changed under it (a sync or deploy at the same moment) is tried again. */
const SWITCH_ATTEMPTS = 3;

async function switchVersion(ctx: AppContext, user: UserRow, access: ProjectAccess, deploymentId: string, change: VersionSwitch): Promise<Deployment> {
  for (let attempt = 0; attempt < SWITCH_ATTEMPTS; attempt++) {
    const deployment = await loadDeployment(ctx, access, deploymentId);
    const target = await change.target(ctx.db, deployment);
    const overrideReason = change.gate ? await passGate(ctx, access, deployment, target, change.gate.overrideReason) : null;
    // Compiled outside the transaction: a compile reads the database and may take seconds.
    await ensureCompiles(ctx, target);
    const switched = await ctx.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(deployments).where(eq(deployments.id, deployment.id)).for('update');
      if (!locked) throw AppError.notFound();
      if ((await change.target(tx, locked)).id !== target.id) return false;
      // Held until commit: pruning cannot delete the version between here and the history entry naming it.
      const [kept] = await tx.select({ id: snapshots.id }).from(snapshots).where(eq(snapshots.id, target.id)).for('share');
      if (!kept) throw AppError.notFound();
      const now = ctx.now();
      await tx.update(deployments).set({ snapshotId: target.id, deployedAt: now, deployerId: user.id, updatedAt: now }).where(eq(deployments.id, locked.id));
      await tx.insert(deployHistory).values({
        deploymentId: locked.id,
        projectId: locked.projectId,
        action: change.action,
        snapshotId: target.id,
        previousSnapshotId: locked.snapshotId,
        reason: change.reason,
        overrideReason,
        deployedBy: user.id,
        deployedAt: now,
      });
      const [previous] = locked.snapshotId
        ? await tx.select({ number: snapshots.number }).from(snapshots).where(eq(snapshots.id, locked.snapshotId))
        : [];
      await recordAudit(
        { ...ctx, db: tx },
        {
          action: auditedActions[change.action],
          resourceType: 'deployment',
          resourceId: locked.id,
          resourceLabel: `${locked.displayName} (${access.project.displayName})`,
          workspaceId: access.project.workspaceId,
          projectId: locked.projectId,
          details: { version: target.number, previous_version: previous?.number ?? null, reason: change.reason, override_reason: overrideReason },
        },
      );
      return true;
    });
    if (switched) {
      ctx.assistant.deployments.forget(deployment.key);
      return readDeployment(ctx, access, deploymentId);
    }
  }
  throw AppError.conflict(deploymentMessages.changedMeanwhile);
}

/**
 * The index is compiled now (kept for the first visitor's question), or the version is refused; a
 * database error is no verdict on the version and goes on as it is.
 */
async function ensureCompiles(ctx: AppContext, version: VersionRef): Promise<void> {
  try {
    await ctx.assistant.indexes.get(version.id);
  } catch (error) {
    if (pgErrorCode(error) !== null) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new AppError(409, deploymentMessages.doesNotCompile(version.number, detail), { cause: error });
  }
}

/** Deploys a version of the project, by default the newest (409 when the project never synced). */
export function deployVersion(ctx: AppContext, user: UserRow, access: ProjectAccess, deploymentId: string, body: z.output<typeof deployBody>): Promise<Deployment> {
  const projectId = access.project.id;
  return switchVersion(ctx, user, access, deploymentId, {
    action: 'deploy',
    reason: body.reason,
    gate: { overrideReason: body.override_reason },
    target: (db) => versionToDeploy(db, projectId, body.version),
  });
}

/** The version of this number, else the newest (409 when the project never synced). */
export async function versionToDeploy(db: Db, projectId: string, number: number | undefined): Promise<VersionRef> {
  if (number !== undefined) return versionByNumber(db, projectId, number);
  const newest = await newestVersion(db, projectId);
  if (!newest) throw AppError.conflict(deploymentMessages.notSynced);
  return newest;
}

/**
 * Back to the version the deployment answered from before its latest deploy, rollback or promote
 * (409 when there is none). Not gated: a rollback returns to a version visitors were already
 * answered from, and a gate must not stand between a team and undoing a bad deploy.
 */
export function rollbackDeployment(ctx: AppContext, user: UserRow, access: ProjectAccess, deploymentId: string, body: z.output<typeof rollbackBody>): Promise<Deployment> {
  return switchVersion(ctx, user, access, deploymentId, { action: 'rollback', reason: body.reason, gate: null, target: earlierVersion });
}

async function earlierVersion(db: Db, deployment: DeploymentRow): Promise<VersionRef> {
  const [latest] = await db
    .select({ previous: deployHistory.previousSnapshotId })
    .from(deployHistory)
    .where(eq(deployHistory.deploymentId, deployment.id))
    .orderBy(desc(deployHistory.position))
    .limit(1);
  if (!latest?.previous) throw AppError.conflict(deploymentMessages.noEarlierVersion);
  const [version] = await db.select({ id: snapshots.id, number: snapshots.number }).from(snapshots).where(eq(snapshots.id, latest.previous)).limit(1);
  // A version a history entry names is never pruned.
  if (!version) throw AppError.conflict(deploymentMessages.noEarlierVersion);
  return version;
}

/** Deploys exactly the version another deployment of the project answers from, through this deployment's gate. */
export function promoteDeployment(ctx: AppContext, user: UserRow, access: ProjectAccess, deploymentId: string, body: z.output<typeof promoteBody>): Promise<Deployment> {
  if (body.from_deployment_id === deploymentId.toLowerCase()) throw AppError.badRequest(deploymentMessages.promoteFromItself);
  return switchVersion(ctx, user, access, deploymentId, {
    action: 'promote',
    reason: body.reason,
    gate: { overrideReason: body.override_reason },
    target: (db) => sourceVersion(db, access.project.id, body.from_deployment_id),
  });
}

/** The version a deployment of the project answers from (404 for another project's; 409 when it answers from none). */
export async function sourceVersion(db: Db, projectId: string, sourceId: string): Promise<VersionRef> {
  const [source] = await db
    .select({ displayName: deployments.displayName, id: snapshots.id, number: snapshots.number })
    .from(deployments)
    .leftJoin(snapshots, eq(snapshots.id, deployments.snapshotId))
    .where(and(eq(deployments.id, sourceId), eq(deployments.projectId, projectId)))
    .limit(1);
  if (!source) throw AppError.notFound();
  if (source.id === null || source.number === null) throw AppError.conflict(deploymentMessages.sourceNotDeployed(source.displayName));
  return { id: source.id, number: source.number };
}
