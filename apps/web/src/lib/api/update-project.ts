import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectSchema, updateProjectBody, type Project, type UpdateProjectBody } from '@console/contracts';
import { api } from '@/lib/api-client';
import { projectKeys } from './project-keys';

/** PUT /project/{id}: any of the settings and the jargon; fields left out keep their values. */
function updateProject(id: string, body: UpdateProjectBody): Promise<Project> {
  return api.put(`/project/${encodeURIComponent(id)}`, updateProjectBody.parse(body), { schema: projectSchema });
}

export function useUpdateProject(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProjectBody) => updateProject(id, body),
    onSuccess: (project) => {
      queryClient.setQueryData(projectKeys.detail(id), project);
      void queryClient.invalidateQueries({ queryKey: projectKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: projectKeys.lists(project.workspace_id) });
      // The session names the current project (the header's title).
      void queryClient.invalidateQueries({ queryKey: ['session'] });
    },
  });
}
