import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createSourceBody, sourceSchema, type CreateSourceBody, type Source } from '@console/contracts';
import { api } from '@/lib/api-client';
import { sourceKeys } from './keys';

function createSource(projectId: string, body: CreateSourceBody): Promise<Source> {
  return api.post(`/project/${encodeURIComponent(projectId)}/source`, createSourceBody.parse(body), { schema: sourceSchema });
}

export function useCreateSource(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSourceBody) => createSource(projectId, body),
    onSuccess: (source) => {
      // The new source opens next: its page starts from the answer instead of asking again.
      queryClient.setQueryData(sourceKeys.detail(source.id), source);
      void queryClient.invalidateQueries({ queryKey: sourceKeys.lists(projectId) });
    },
  });
}
