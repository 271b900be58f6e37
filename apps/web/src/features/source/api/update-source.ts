import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sourceSchema, updateSourceBody, type Source, type UpdateSourceBody } from '@console/contracts';
import { api } from '@/lib/api-client';
import { sourceKeys } from './keys';

/** PUT /source/{id}: renames the source. */
function updateSource(id: string, body: UpdateSourceBody): Promise<Source> {
  return api.put(`/source/${encodeURIComponent(id)}`, updateSourceBody.parse(body), { schema: sourceSchema });
}

export function useUpdateSource(source: Pick<Source, 'id' | 'project_id'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSourceBody) => updateSource(source.id, body),
    onSuccess: (updated) => {
      queryClient.setQueryData(sourceKeys.detail(source.id), updated);
      void queryClient.invalidateQueries({ queryKey: sourceKeys.lists(source.project_id) });
    },
  });
}
