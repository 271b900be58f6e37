import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sourceSchema, updateSourceConfigBody, type Source, type UpdateSourceConfigBody } from '@console/contracts';
import { api } from '@/lib/api-client';
import { sourceKeys, sourceWriteScope } from './keys';

/** PUT /source/{id}/config: the server checks the config against the source type's schema (and derives the KB). */
function updateSourceConfig(id: string, body: UpdateSourceConfigBody): Promise<Source> {
  return api.put(`/source/${encodeURIComponent(id)}/config`, updateSourceConfigBody.parse(body), { schema: sourceSchema });
}

export function useUpdateSourceConfig(source: Pick<Source, 'id' | 'project_id'>) {
  const queryClient = useQueryClient();
  return useMutation({
    scope: sourceWriteScope(source.id),
    mutationFn: (body: UpdateSourceConfigBody) => updateSourceConfig(source.id, body),
    onSuccess: (updated) => {
      queryClient.setQueryData(sourceKeys.detail(source.id), updated);
      void queryClient.invalidateQueries({ queryKey: sourceKeys.lists(source.project_id) });
    },
  });
}
