import { and, count, eq } from 'drizzle-orm';
import {
  DEFAULT_DEPLOYMENT_NAMES,
  projectList,
  type createProjectBody,
  type ListQuery,
  type ListResponse,
  type Project,
  type ProjectSummary,
  type updateProjectBody,
} from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { deployments, projectIsComplete, projects, type ProjectRow } from '../../db/schema/index';
import type { ProjectAccess, WorkspaceAccess } from '../../platform/access';
import { auditedProject, changedFields, recordAudit } from '../audit/record';
import { refuseUnallowedModelEndpoint } from './model-endpoint-guard';
import { AppError } from '../../platform/errors';
import { listPage } from '../../platform/listing';
import { randomToken } from '../../platform/secrets';
import { privacyOf } from '../privacy/settings';

export function toProjectSummary(row: ProjectRow): ProjectSummary {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    display_name: row.displayName,
    description: row.description,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    synced_at: row.syncedAt?.toISOString() ?? null,
  };
}

export function toProject(row: ProjectRow): Project {
  return {
    ...toProjectSummary(row),
    response_word_cutoff: row.responseWordCutoff,
    out_of_scope_response: row.outOfScopeResponse,
    handoff_message: row.handoffMessage,
    pipeline_config: row.pipelineConfig,
    jargon: row.jargon,
    ...privacyOf(row),
  };
}

/** Every reader of the workspace sees all its projects. */
export async function listProjects(
  ctx: AppContext,
  { workspace }: WorkspaceAccess,
  query: ListQuery,
): Promise<ListResponse<ProjectSummary>> {
  const page = await listPage(
    projectList,
    query,
    {
      display_name: projects.displayName,
      updated_at: projects.updatedAt,
      created_at: projects.createdAt,
      synced_at: projects.syncedAt,
    },
    {
      rows: ctx.db.select().from(projects).$dynamic(),
      count: ctx.db.select({ total: count() }).from(projects).$dynamic(),
      where: and(eq(projects.workspaceId, workspace.id), projectIsComplete()),
      id: projects.id,
    },
  );
  return { records: page.records.map(toProjectSummary), total: page.total };
}

/** What a new project is made of; the settings left out take their defaults. */
type NewProject = Pick<typeof projects.$inferInsert, 'displayName' | 'description'> &
  Partial<Pick<typeof projects.$inferInsert, 'responseWordCutoff' | 'outOfScopeResponse' | 'handoffMessage' | 'pipelineConfig' | 'jargon' | 'importingSince'>>;

/**
 * Writes a project with its 'Production' and 'Staging' deployments inside the caller's transaction:
 * the one way a project comes to exist (creation, import, clone).
 */
export async function insertProject(tx: Db, workspaceId: string, values: NewProject, now: Date): Promise<ProjectRow> {
  const [project] = await tx
    .insert(projects)
    .values({ ...values, workspaceId, createdAt: now, updatedAt: now })
    .returning();
  if (!project) throw new Error('insert returned no project');
  // The widget's public identifier: random, so nobody can guess another customer's deployment.
  await tx
    .insert(deployments)
    .values(DEFAULT_DEPLOYMENT_NAMES.map((displayName) => ({ projectId: project.id, displayName, key: randomToken(24), createdAt: now, updatedAt: now })));
  return project;
}

/** A project starts with its 'Production' and 'Staging' deployments, all written in one transaction. */
export async function createProject(
  ctx: AppContext,
  { workspace }: WorkspaceAccess,
  input: z.output<typeof createProjectBody>,
): Promise<ProjectSummary> {
  const row = await ctx.db.transaction(async (tx) => {
    const created = await insertProject(tx, workspace.id, { displayName: input.display_name, description: input.description }, ctx.now());
    await recordAudit({ ...ctx, db: tx }, { action: 'project.created', ...auditedProject(created) });
    return created;
  });
  return toProjectSummary(row);
}

export function readProject({ project }: ProjectAccess): Project {
  return toProject(project);
}

/** Settings and jargon (project admins and editors); a field left out keeps its value. */
export async function updateProject(
  ctx: AppContext,
  { project }: ProjectAccess,
  input: z.output<typeof updateProjectBody>,
): Promise<Project> {
  await refuseUnallowedModelEndpoint(ctx, input.pipeline_config, auditedProject(project));
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(projects)
      .set({
        displayName: input.display_name,
        description: input.description,
        responseWordCutoff: input.response_word_cutoff,
        outOfScopeResponse: input.out_of_scope_response,
        handoffMessage: input.handoff_message,
        pipelineConfig: input.pipeline_config,
        jargon: input.jargon,
        updatedAt: ctx.now(),
      })
      .where(eq(projects.id, project.id))
      .returning();
    // Deleted between the access check and the update.
    if (!updated) throw AppError.notFound();
    const changes = changedFields(auditedSettings(project), auditedSettings(updated));
    if (Object.keys(changes).length > 0) {
      await recordAudit({ ...ctx, db: tx }, { action: 'project.settings_changed', ...auditedProject(updated), details: { changes } });
    }
    return updated;
  });
  return toProject(row);
}

/** Deployments and content go with it through foreign-key cascades, its events and conversations through a trigger (migration 0010). */
export async function deleteProject(ctx: AppContext, { project }: ProjectAccess): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(projects).where(eq(projects.id, project.id)).returning({ id: projects.id });
    if (deleted) await recordAudit({ ...ctx, db: tx }, { action: 'project.deleted', ...auditedProject(project) });
  });
}

/** The settings whose changes the audit log records, by their API names. */
function auditedSettings(row: ProjectRow): Record<string, unknown> {
  const { display_name, description, response_word_cutoff, out_of_scope_response, handoff_message, pipeline_config, jargon } = toProject(row);
  return { display_name, description, response_word_cutoff, out_of_scope_response, handoff_message, pipeline_config, jargon };
}
