import { useQuery } from '@tanstack/react-query';
import { projectSchema, type Project } from '@console/contracts';
import { api } from '@/lib/api-client';
import { projectKeys } from './project-keys';

/** GET /project/{id}: the project with its settings and jargon. */
function getProject(id: string, signal?: AbortSignal): Promise<Project> {
  return api.get(`/project/${encodeURIComponent(id)}`, { schema: projectSchema, signal });
}

export function useProject(id: string) {
  return useQuery({
    queryKey: projectKeys.detail(id),
    queryFn: ({ signal }) => getProject(id, signal),
    enabled: Boolean(id),
  });
}
