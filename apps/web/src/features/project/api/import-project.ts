import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ARCHIVE_MAX_BYTES, archiveMessages, createProjectBody, projectSummarySchema, type ProjectSummary } from '@console/contracts';
import { api } from '@/lib/api-client';
import { projectKeys } from '@/lib/api/project-keys';

/**
 * The import form: an archive file (checked for presence and size before it is sent) and an
 * optional name for the new project (the archive's name when left out).
 */
export const importProjectForm = z.object({
  file: z
    .instanceof(File, { error: archiveMessages.missingFile })
    .refine((file) => file.size <= ARCHIVE_MAX_BYTES, { error: archiveMessages.tooLarge }),
  display_name: createProjectBody.shape.display_name.optional(),
});
export type ImportProjectForm = z.output<typeof importProjectForm>;

/** POST /workspace/{id}/project/import (multipart: `display_name` when given, then `file`). */
function importProject(workspaceId: string, { file, display_name }: ImportProjectForm): Promise<ProjectSummary> {
  const form = new FormData();
  // Fields go before the file: the server reads the parts in order and stops at the file.
  if (display_name) form.append('display_name', display_name);
  form.append('file', file, file.name);
  return api.upload(`/workspace/${encodeURIComponent(workspaceId)}/project/import`, form, { schema: projectSummarySchema });
}

export function useImportProject(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportProjectForm) => importProject(workspaceId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.lists(workspaceId) }),
  });
}
