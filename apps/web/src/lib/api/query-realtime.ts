import { chatQueryBody, realtimeAnswerSchema, type ChatQueryBody, type RealtimeAnswer } from '@console/contracts';
import { api } from '@/lib/api-client';

/**
 * POST /project/{id}/chat/query: the project's newest snapshot answers (integration realtime),
 * with the engine's trace. Called by the widget's transport, which keeps the conversation.
 */
export function queryRealtime(projectId: string, body: ChatQueryBody): Promise<RealtimeAnswer> {
  return api.post(`/project/${encodeURIComponent(projectId)}/chat/query`, chatQueryBody.parse(body), {
    schema: realtimeAnswerSchema,
  });
}
