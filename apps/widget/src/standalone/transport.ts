import type { ChatTransport, WidgetAnswer } from '../types';
import { chatApi } from './protocol';

/** Questions to the public chat API; any answer but a 2xx is a failure the widget shows as its error message. */
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
      if (!response.ok) throw new Error(`The assistant answered ${response.status}`);
      return (await response.json()) as WidgetAnswer;
    },
  };
}
