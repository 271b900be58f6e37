import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fixAnswerSchema, fixBody, type FixBody } from '@console/contracts';
import { api } from '@/lib/api-client';
import { projectKeys } from '@/lib/api/project-keys';
import { testCaseApi } from '@/lib/api/test-case';
import { insightKeys, topicUrl } from './keys';

/**
 * POST /project/{id}/insight/topic/{topicId}/fix: one fix of the topic's questions (all of them, or
 * those chosen). A 409 says the chosen item was deleted meanwhile. The inbox and the topic are read
 * again, and so is what a fix writes: content items and their utterances, the project's settings
 * (jargon, out-of-scope examples) and its test cases.
 */
export function useFixTopic(projectId: string, topicId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FixBody) => api.post(`${topicUrl(projectId, topicId)}/fix`, fixBody.parse(body), { schema: fixAnswerSchema }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: insightKeys.project(projectId) });
      void queryClient.invalidateQueries({ queryKey: ['content'] });
      void queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) });
      void queryClient.invalidateQueries({ queryKey: testCaseApi.keys.lists(projectId) });
    },
  });
}
