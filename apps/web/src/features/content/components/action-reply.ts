import type { ContentAction, ContentActionBody, QuickReply } from '@console/contracts';

/** A content action as the quick reply it offers (the form edits both alike). */
export function replyOf(action: ContentAction): QuickReply {
  const { label } = action.config;
  return action.type === 'query'
    ? { type: 'query', label, utterance: 'utterance' in action.config ? action.config.utterance : '' }
    : { type: 'event', label, event: 'event' in action.config ? action.config.event : '' };
}

/** The body of POST /content/{id}/action and PUT /content-action/{id}: the type beside its config. */
export function actionBodyOf(reply: QuickReply): ContentActionBody {
  const { type, ...config } = reply;
  return { type, config };
}

/** What an action sends: the utterance of a query, the event of an event. */
export function actionTarget(action: ContentAction): string {
  const reply = replyOf(action);
  return reply.type === 'query' ? reply.utterance : reply.event;
}
