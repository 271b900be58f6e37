import { useMutation, useQueryClient } from '@tanstack/react-query';
import { convertSourceBody, sourceSchema, type ConvertSourceBody, type Source } from '@console/contracts';
import { api } from '@/lib/api-client';
import { sourceKeys } from './keys';

/** POST /source/{id}/convert: both a conversion (editor -> rich_editor) and a downgrade (rich_editor -> editor). */
function convertSource(id: string, body: ConvertSourceBody): Promise<Source> {
  return api.post(`/source/${encodeURIComponent(id)}/convert`, convertSourceBody.parse(body), { schema: sourceSchema });
}

export function useConvertSource(source: Pick<Source, 'id' | 'project_id'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConvertSourceBody) => convertSource(source.id, body),
    onSuccess: (updated) => {
      queryClient.setQueryData(sourceKeys.detail(source.id), updated);
      void queryClient.invalidateQueries({ queryKey: sourceKeys.lists(source.project_id) });
    },
  });
}
