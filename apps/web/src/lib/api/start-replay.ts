import { useMutation } from '@tanstack/react-query';
import { replayBody, replaySchema, type ReplayBody } from '@console/contracts';
import { api } from '@/lib/api-client';

/**
 * POST /project/{id}/replay: replays a deployment's recent questions against a candidate version in
 * the background. Shared: the replays screen and a version's page start replays; the page a new
 * replay opens reads it afresh.
 */
export function useStartReplay(projectId: string) {
  return useMutation({
    mutationFn: (body: ReplayBody) => api.post(`/project/${encodeURIComponent(projectId)}/replay`, replayBody.parse(body), { schema: replaySchema }),
  });
}
