import type { EventDataType, FeedbackFilterValue, InputMethod, IntegrationType } from '@console/contracts';

/** How the events' enumerations read on screen; the API keeps its names. */
export const dataTypeLabels: Record<EventDataType, string> = { request: 'Request', response: 'Response', error: 'Error' };
export const integrationTypeLabels: Record<IntegrationType, string> = {
  realtime: 'Real-Time Test',
  integration: 'Integration',
  deployment: 'Deployment',
};
export const inputMethodLabels: Record<InputMethod, string> = { voice: 'Voice', text: 'Text', unknown: 'Unknown' };

/** The query log lists questions: its Outcome filter's names ('request' is every question). */
export const outcomeLabels: Record<EventDataType, string> = { request: 'Every question', response: 'Answered', error: 'Error' };

/** The feedback filter's values as they read. */
export const feedbackLabels: Record<FeedbackFilterValue, string> = { up: 'Liked', down: 'Disliked', none: 'No feedback' };

/** An answer's confidence as the lists and the transcript show it (0.82), like the filter's values; none as an em dash. */
export function confidenceText(confidence: number | null): string {
  return confidence === null ? '—' : confidence.toFixed(2);
}
