import type { EventDataType, InputMethod, IntegrationType } from '@console/contracts';

/** How the events' enumerations read on screen; the API keeps its names. */
export const dataTypeLabels: Record<EventDataType, string> = { request: 'Request', response: 'Response', error: 'Error' };
export const integrationTypeLabels: Record<IntegrationType, string> = {
  realtime: 'Real-Time Test',
  integration: 'Integration',
  deployment: 'Deployment',
};
export const inputMethodLabels: Record<InputMethod, string> = { voice: 'Voice', text: 'Text', unknown: 'Unknown' };
