import {
  cloneName,
  projectSettingsFields,
  workspacePermissions,
  type cloneProjectBody,
  type ProjectArchive,
  type ProjectSummary,
} from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { consistentRead, type Db } from '../../db/client';
import type { ProjectRow, UserRow } from '../../db/schema/index';
import { actorOf, demand, type ProjectAccess, type WorkspaceAccess } from '../../platform/access';
import { AppError, refusingDuplicates } from '../../platform/errors';
import { auditedProject, recordAudit, type AuditRecord } from '../audit/record';
import { findWorkspaceRole } from '../session/service';
import { refuseUnallowedModelEndpoint } from '../project/model-endpoint-guard';
import { toProjectSummary } from '../project/service';
import { removeAbandonedImports } from './abandoned-imports';
import { parseArchiveFileInWorker } from './check-in-worker';
import { readArchive, type ArchiveFile } from './read-archive';
import type { ArchiveUpload } from './upload';
import { writeArchive } from './write-archive';

export const archiveServiceMessages = {
  // The checks mirror the unique indexes; this is the last guard should a rare spelling slip past them.
  notUnique: 'The archive holds entries that must be unique but are not.',
} as const;

function readProjectArchive(ctx: AppContext, projectId: string): Promise<ArchiveFile> {
  return ctx.db.transaction((tx) => readArchive(tx, projectId, ctx.now()), consistentRead);
}

/** Any reader of the project (the route's access) downloads it whole. */
export function exportProject(ctx: AppContext, { project }: ProjectAccess): Promise<ArchiveFile> {
  return readProjectArchive(ctx, project.id);
}

/** The archive's checks compare as JavaScript does; the unique indexes as PostgreSQL's lower() does. */
const duplicateInArchive = () => AppError.badRequest(archiveServiceMessages.notUnique);

function importName(displayName: string | undefined, archive: ProjectArchive): string {
  if (displayName === undefined) return archive.project.display_name;
  const parsed = projectSettingsFields.display_name.safeParse(displayName);
  if (!parsed.success) throw AppError.badRequest(parsed.error.issues[0]?.message ?? parsed.error.message);
  return parsed.data;
}

/** Writes a checked archive as a new project; what a stopped process left half written goes first. */
async function writeNewProject(
  ctx: AppContext,
  workspaceId: string,
  archive: ProjectArchive,
  displayName: string,
  audit: { action: AuditRecord['action']; details?: AuditRecord['details'] },
): Promise<ProjectSummary> {
  // An archive carries its pipeline_config: it may name a model key for an endpoint not allowed here.
  await refuseUnallowedModelEndpoint(ctx, archive.project.pipeline_config, {
    resourceType: 'project',
    resourceId: null,
    resourceLabel: displayName,
    workspaceId,
  });
  await removeAbandonedImports(ctx);
  const recordMade = (tx: Db, project: ProjectRow) => recordAudit({ ...ctx, db: tx }, { ...audit, ...auditedProject(project) });
  return refusingDuplicates(
    async () => toProjectSummary(await writeArchive(ctx.db, workspaceId, archive, displayName, ctx.now(), recordMade)),
    duplicateInArchive(),
  );
}

/**
 * A new project of the workspace from an uploaded archive (workspace admins and editors: the route's
 * access, checked before the upload is read). The whole file is checked before anything is written
 * (in a worker thread: a file of many megabytes takes seconds to check), and the project appears
 * whole or not at all (see writeArchive).
 */
export async function importProject(
  ctx: AppContext,
  { workspace }: WorkspaceAccess,
  readUpload: () => Promise<ArchiveUpload>,
): Promise<ProjectSummary> {
  const upload = await readUpload();
  const archive = await parseArchiveFileInWorker(upload.file);
  return writeNewProject(ctx, workspace.id, archive, importName(upload.displayName, archive), { action: 'project.imported' });
}

/**
 * A copy of the project in its workspace: exactly what exporting and importing it would make (the
 * same read of one snapshot, the same check in the worker thread, the same write). Readers of the
 * project (the route's access) who may also create projects in its workspace, a second resource
 * checked here; a project member without a workspace role may read but not clone (403).
 */
export async function cloneProject(
  ctx: AppContext,
  user: UserRow,
  { project }: ProjectAccess,
  input: z.output<typeof cloneProjectBody>,
): Promise<ProjectSummary> {
  const workspaceRole = await findWorkspaceRole(ctx, user.id, project.workspaceId);
  demand(workspacePermissions(actorOf(user), workspaceRole).canCreateProject);
  const file = await readProjectArchive(ctx, project.id);
  const archive = await parseArchiveFileInWorker(Buffer.from(JSON.stringify(file)));
  return writeNewProject(ctx, project.workspaceId, archive, input.display_name ?? cloneName(archive.project.display_name), {
    action: 'project.cloned',
    details: { cloned_from: { id: project.id, name: project.displayName } },
  });
}
