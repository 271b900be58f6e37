import { desc, eq } from 'drizzle-orm';
import { deploymentMessages, type DeployPreview } from '@console/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { testRuns, users, type DeploymentRow, type JobRow, type TestRunRow } from '../../db/schema/index';
import type { ProjectAccess } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { jobsById } from '../job/service';
import type { VersionRef } from '../version/service';

/**
 * "Require passing tests": a deployment with the setting answers only from a version whose latest
 * test run finished with every case passing, unless a project admin deploys past it with a reason.
 * A rollback is not gated (./deploy.ts says why).
 */

export interface LatestRun {
  row: TestRunRow;
  job: JobRow | null;
  createdByName: string | null;
}

/** The version's latest test run (the newest started), with its job. */
export async function latestTestRun(db: Db, snapshotId: string): Promise<LatestRun | null> {
  const [found] = await db
    .select({ row: testRuns, createdByName: users.displayName })
    .from(testRuns)
    .leftJoin(users, eq(users.id, testRuns.createdBy))
    .where(eq(testRuns.snapshotId, snapshotId))
    .orderBy(desc(testRuns.createdAt), desc(testRuns.id))
    .limit(1);
  if (!found) return null;
  const jobs = await jobsById(db, [found.row.jobId]);
  return { ...found, job: found.row.jobId ? (jobs.get(found.row.jobId) ?? null) : null };
}

/**
 * Whether the gate lets the version through, and if not, why. A run still queued or running has not
 * finished; one whose job failed or was cancelled tested only some cases, so it counts as no run.
 */
export function gateVerdict(required: boolean, version: number, run: LatestRun | null): DeployPreview['gate'] {
  const refusal = required ? runRefusal(version, run) : null;
  return { required, passes: refusal === null, message: refusal };
}

function runRefusal(version: number, run: LatestRun | null): string | null {
  if (!run) return deploymentMessages.gateNoRun(version);
  const status = run.job?.status;
  if (status === 'queued' || status === 'running') return deploymentMessages.gateRunning(version);
  const completed = run.row.finishedAt !== null && (status === undefined || status === 'succeeded');
  if (!completed) return deploymentMessages.gateNoRun(version);
  if (run.row.failed > 0) return deploymentMessages.gateFailing(version, run.row.failed, run.row.total);
  return null;
}

/**
 * Checks the gate before a deploy or promote: a refusal is a 409 naming the version, unless an
 * override reason is given by a project admin (anyone else: 403). Answers the override reason to
 * record, null when the gate let the version through (a reason given anyway is not needed).
 */
export async function passGate(
  ctx: AppContext,
  access: ProjectAccess,
  deployment: DeploymentRow,
  target: VersionRef,
  overrideReason: string | undefined,
): Promise<string | null> {
  if (!deployment.requirePassingTests) return null;
  const verdict = gateVerdict(true, target.number, await latestTestRun(ctx.db, target.id));
  if (verdict.passes) return null;
  if (overrideReason === undefined) throw AppError.conflict(verdict.message!);
  if (!access.permissions.canOverrideDeployGate) throw AppError.forbidden(deploymentMessages.overrideNeedsAdmin);
  return overrideReason;
}
