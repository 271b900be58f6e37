import type { ResponseType } from '@console/contracts';

/** How an answer's response type reads on screen (analytics, test results, replays); the API keeps its names. */
export const responseTypeLabels: Record<ResponseType, string> = { oos: 'Out of Scope', content: 'Content', scenario: 'Scenario', handoff: 'Handoff' };
