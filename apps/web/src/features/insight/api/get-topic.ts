import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { JOB_REFRESH_MS, topicDetailSchema } from '@console/contracts';
import { api } from '@/lib/api-client';
import { insightKeys, topicUrl } from './keys';

/**
 * GET /project/{id}/insight/topic/{topicId}: the topic, a page of its questions in the window, the
 * items nearest them and the words they share; read again every JOB_REFRESH_MS while a fix's
 * questions are being asked of a new version, so the check's outcome shows when it comes.
 */
export function useTopic(projectId: string, topicId: string, query: Record<string, string | number>) {
  return useQuery({
    queryKey: insightKeys.topic(projectId, topicId, query),
    queryFn: ({ signal }) => api.get(topicUrl(projectId, topicId), { query, schema: topicDetailSchema, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.topic.fixes.some((fix) => fix.check?.status === 'checking') ? JOB_REFRESH_MS : false),
  });
}
