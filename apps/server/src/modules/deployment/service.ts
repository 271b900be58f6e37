import { and, count, eq, getTableColumns } from 'drizzle-orm';
import {
  deploymentList,
  splitOrigins,
  type createDeploymentBody,
  type Deployment,
  type ListQuery,
  type ListResponse,
  type updateDeploymentBody,
  type WorkspaceDeployment,
  workspaceDeploymentList,
} from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { deployments, projectIsComplete, projects, snapshots, users, type DeploymentRow } from '../../db/schema/index';
import type { ProjectAccess, WorkspaceAccess } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { listPage } from '../../platform/listing';
import { randomToken } from '../../platform/secrets';
import { showsWho } from './shows-who';

/**
 * Deployments of a project: a public key for the widget, the origins allowed to use it, the version
 * it answers from and whether a deploy needs passing tests. Deploy, rollback and promote (./deploy.ts)
 * point it at a version; editing content or syncing again changes no deployment until then.
 */

/** A deployment with its deployer's name (a left join: the deployer may be gone) and its version's number. */
const withDeployer = { ...getTableColumns(deployments), deployerName: users.displayName, version: snapshots.number };
type DeploymentWithDeployer = DeploymentRow & { deployerName: string | null; version: number | null };

/**
 * Who deployed is shown to super users and to those who may update the project; other readers get
 * the deployment without it (its deployed time stays, as the session shows it).
 */
function toDeployment(row: DeploymentWithDeployer, access: ProjectAccess): Deployment {
  const showDeployer = showsWho(access);
  return {
    id: row.id,
    project_id: row.projectId,
    workspace_id: access.project.workspaceId,
    key: row.key,
    display_name: row.displayName,
    allowed_origins: row.allowedOrigins.join(','),
    snapshot_id: row.snapshotId,
    version: row.version,
    require_passing_tests: row.requirePassingTests,
    deployed_at: row.deployedAt?.toISOString() ?? null,
    deployer_id: showDeployer ? row.deployerId : null,
    deployer_name: showDeployer ? row.deployerName : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function selectDeployment(ctx: AppContext, id: string): Promise<DeploymentWithDeployer | undefined> {
  const [row] = await ctx.db.select(withDeployer).from(deployments).leftJoin(users, eq(users.id, deployments.deployerId)).leftJoin(snapshots, eq(snapshots.id, deployments.snapshotId)).where(eq(deployments.id, id)).limit(1);
  return row;
}

/** A deployment of the checked project, the one in the path (else 404). */
export async function loadDeployment(ctx: AppContext, access: ProjectAccess, deploymentId: string): Promise<DeploymentWithDeployer> {
  const row = await selectDeployment(ctx, deploymentId);
  if (!row || row.projectId !== access.project.id) throw AppError.notFound();
  return row;
}

export async function listDeployments(ctx: AppContext, access: ProjectAccess, query: ListQuery): Promise<ListResponse<Deployment>> {
  const page = await listPage(
    deploymentList,
    query,
    {
      display_name: deployments.displayName,
      key: deployments.key,
      updated_at: deployments.updatedAt,
      created_at: deployments.createdAt,
      deployed_at: deployments.deployedAt,
    },
    {
      rows: ctx.db.select(withDeployer).from(deployments).leftJoin(users, eq(users.id, deployments.deployerId)).leftJoin(snapshots, eq(snapshots.id, deployments.snapshotId)).$dynamic(),
      count: ctx.db.select({ total: count() }).from(deployments).$dynamic(),
      where: eq(deployments.projectId, access.project.id),
      id: deployments.id,
    },
  );
  return { records: page.records.map((row) => toDeployment(row, access)), total: page.total };
}

/**
 * The deployments of every project of the workspace (an import still being written has none yet),
 * with their project's name: what an API key of the workspace may be made for.
 */
export async function listWorkspaceDeployments(
  ctx: AppContext,
  { workspace }: WorkspaceAccess,
  query: ListQuery,
): Promise<ListResponse<WorkspaceDeployment>> {
  const ofProject = eq(projects.id, deployments.projectId);
  const page = await listPage(
    workspaceDeploymentList,
    query,
    { display_name: deployments.displayName, project_display_name: projects.displayName, updated_at: deployments.updatedAt },
    {
      rows: ctx.db
        .select({ id: deployments.id, displayName: deployments.displayName, projectId: projects.id, projectName: projects.displayName })
        .from(deployments)
        .innerJoin(projects, ofProject)
        .$dynamic(),
      count: ctx.db.select({ total: count() }).from(deployments).innerJoin(projects, ofProject).$dynamic(),
      where: and(eq(projects.workspaceId, workspace.id), projectIsComplete()),
      id: deployments.id,
    },
  );
  return {
    records: page.records.map((row) => ({
      id: row.id,
      display_name: row.displayName,
      project_id: row.projectId,
      project_display_name: row.projectName,
    })),
    total: page.total,
  };
}

/** Creating a deployment is a create in the project (admins and editors). */
export async function createDeployment(
  ctx: AppContext,
  access: ProjectAccess,
  input: z.output<typeof createDeploymentBody>,
): Promise<Deployment> {
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(deployments)
    .values({
      projectId: access.project.id,
      displayName: input.display_name,
      // The widget's public identifier: random, so nobody can guess another customer's deployment.
      key: randomToken(24),
      allowedOrigins: splitOrigins(input.allowed_origins),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return toDeployment({ ...row!, deployerName: null, version: null }, access);
}

export async function readDeployment(ctx: AppContext, access: ProjectAccess, deploymentId: string): Promise<Deployment> {
  return toDeployment(await loadDeployment(ctx, access, deploymentId), access);
}

export async function updateDeployment(
  ctx: AppContext,
  access: ProjectAccess,
  deploymentId: string,
  input: z.output<typeof updateDeploymentBody>,
): Promise<Deployment> {
  const row = await loadDeployment(ctx, access, deploymentId);
  await ctx.db
    .update(deployments)
    .set({
      displayName: input.display_name,
      allowedOrigins: input.allowed_origins === undefined ? undefined : splitOrigins(input.allowed_origins),
      requirePassingTests: input.require_passing_tests,
      updatedAt: ctx.now(),
    })
    .where(eq(deployments.id, row.id));
  ctx.assistant.deployments.forget(row.key);
  return readDeployment(ctx, access, deploymentId);
}
