import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectSchema, updatePrivacyBody, type Project, type UpdatePrivacyBody } from '@console/contracts';
import { api } from '@/lib/api-client';
import { projectKeys } from '@/lib/api/project-keys';

/** PUT /project/{id}/privacy: what is redacted before it is stored, and how long conversations are kept. */
function updatePrivacy(id: string, body: UpdatePrivacyBody): Promise<Project> {
  return api.put(`/project/${encodeURIComponent(id)}/privacy`, updatePrivacyBody.parse(body), { schema: projectSchema });
}

export function useUpdatePrivacy(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePrivacyBody) => updatePrivacy(id, body),
    onSuccess: (project) => {
      queryClient.setQueryData(projectKeys.detail(id), project);
      void queryClient.invalidateQueries({ queryKey: projectKeys.detail(id) });
    },
  });
}
