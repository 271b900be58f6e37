import { CONVERSATION_ID_HEADER } from '@console/contracts';
import { QueryFailed, type ChatTransport, type WidgetAnswer } from '../types';
import { chatApi } from './protocol';

/** Questions to the public chat API; any answer but a 2xx is a failure the widget shows as its error message (keeping the conversation a failed step names). */
export function httpTransport(origin: string, deploymentKey: string): ChatTransport {
  const url = `${chatApi(origin, deploymentKey)}/query`;
  return {
    async query(body) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        credentials: 'omit',
      });
      if (!response.ok) throw new QueryFailed(`The assistant answered ${response.status}`, response.headers.get(CONVERSATION_ID_HEADER));
      return (await response.json()) as WidgetAnswer;
    },
  };
}
