import { CONVERSATION_ID_HEADER } from '../contract-values';
import { QueryFailed, type ChatTransport, type WidgetAnswer } from '../types';
import { chatApi } from './protocol';

/** A POST of JSON to the deployment's public chat API, without the page's cookies. */
function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), credentials: 'omit' });
}

/**
 * Questions and feedback to the public chat API. Any answer to a question but a 2xx is a failure the
 * widget shows as its error message (keeping the conversation a failed step names); feedback that is
 * refused says so under its answer.
 */
export function httpTransport(origin: string, deploymentKey: string): ChatTransport {
  const api = chatApi(origin, deploymentKey);
  return {
    async query(body) {
      const response = await post(`${api}/query`, body);
      if (!response.ok) throw new QueryFailed(`The assistant answered ${response.status}`, response.headers.get(CONVERSATION_ID_HEADER));
      return (await response.json()) as WidgetAnswer;
    },
    async sendFeedback(answerId, rating, comment) {
      const response = await post(`${api}/feedback`, { answer_id: answerId, rating, ...(comment === undefined ? {} : { comment }) });
      if (!response.ok) throw new Error(`The feedback was answered ${response.status}`);
    },
  };
}
