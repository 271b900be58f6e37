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
import type { UserRow } from '../../db/schema/index';
import { actorOf, demand, readableProject, readableWorkspace } from '../../platform/access';
import { AppError, refusingDuplicates } from '../../platform/errors';
import { findWorkspaceRole } from '../session/service';
import { toProjectSummary } from '../projects/service';
import { checkArchive } from './check-archive';
import { parseArchiveFileInWorker } from './check-in-worker';
import { readArchive, type ArchiveFile } from './read-archive';
import type { ArchiveUpload } from './upload';
import { writeArchive } from './write-archive';

export const archiveServiceMessages = {
  // The checks mirror the unique indexes; this is the last guard should a rare spelling slip past them.
  notUnique: 'The archive holds entries that must be unique but are not.',
} as const;

/** One snapshot of the project: no edit can land between two of the reads. */
const consistentRead = { isolationLevel: 'repeatable read' } as const;

/** Any reader of the project downloads it whole. */
export async function exportProject(ctx: AppContext, user: UserRow, projectId: string): Promise<ArchiveFile> {
  await readableProject(ctx, user, projectId);
  return ctx.db.transaction((tx) => readArchive(tx, projectId, ctx.now()), { ...consistentRead, accessMode: 'read only' });
}

/** The archive's checks compare as JavaScript does; the unique indexes as PostgreSQL's lower() does. */
const duplicateInArchive = () => AppError.badRequest(archiveServiceMessages.notUnique);

function importName(displayName: string | undefined, archive: ProjectArchive): string {
  if (displayName === undefined) return archive.project.display_name;
  const parsed = projectSettingsFields.display_name.safeParse(displayName);
  if (!parsed.success) throw AppError.badRequest(parsed.error.issues[0]?.message ?? parsed.error.message);
  return parsed.data;
}

/**
 * A new project of the workspace from an uploaded archive (workspace admins and editors). The
 * caller's right is checked before the upload is read, the whole file before anything is written
 * (in a worker thread: a file of many megabytes takes seconds to check), and everything is written
 * in one transaction.
 */
export async function importProject(
  ctx: AppContext,
  user: UserRow,
  workspaceId: string,
  readUpload: () => Promise<ArchiveUpload>,
): Promise<ProjectSummary> {
  const { permissions } = await readableWorkspace(ctx, user, workspaceId);
  demand(permissions.canCreateProject);
  const upload = await readUpload();
  const archive = await parseArchiveFileInWorker(upload.file);
  const displayName = importName(upload.displayName, archive);
  return refusingDuplicates(
    async () => toProjectSummary(await ctx.db.transaction((tx) => writeArchive(tx, workspaceId, archive, displayName, ctx.now()))),
    duplicateInArchive(),
  );
}

/**
 * A copy of the project in its workspace: exactly what exporting and importing it would make (the
 * same read, check and write), in one transaction. Readers of the project who may create projects in
 * its workspace; a project member without a workspace role may read but not clone (403).
 */
export async function cloneProject(
  ctx: AppContext,
  user: UserRow,
  projectId: string,
  input: z.output<typeof cloneProjectBody>,
): Promise<ProjectSummary> {
  const { project } = await readableProject(ctx, user, projectId);
  const workspaceRole = await findWorkspaceRole(ctx, user.id, project.workspaceId);
  demand(workspacePermissions(actorOf(user), workspaceRole).canCreateProject);
  return refusingDuplicates(async () =>
    toProjectSummary(
      await ctx.db.transaction(async (tx) => {
        const now = ctx.now();
        const archive = checkArchive(await readArchive(tx, project.id, now));
        return writeArchive(tx, project.workspaceId, archive, input.display_name ?? cloneName(archive.project.display_name), now);
      }, consistentRead),
    ),
    duplicateInArchive(),
  );
}
