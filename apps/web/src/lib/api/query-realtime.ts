import { realtimeAnswerSchema, realtimeQueryBody, type RealtimeAnswer, type RealtimeQueryBody } from '@console/contracts';
import { api } from '@/lib/api-client';

/**
 * POST /project/{id}/chat/query: the project's newest version answers (integration realtime), or
 * the version named (a deployment's), with the engine's trace and the version that answered. Called
 * by the widget's transport, which keeps the conversation.
 */
export function queryRealtime(projectId: string, body: RealtimeQueryBody): Promise<RealtimeAnswer> {
  return api.post(`/project/${encodeURIComponent(projectId)}/chat/query`, realtimeQueryBody.parse(body), {
    schema: realtimeAnswerSchema,
  });
}
