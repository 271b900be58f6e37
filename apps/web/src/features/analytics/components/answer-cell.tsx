import { Text } from '@mantine/core';
import type { EventRecord } from '@console/contracts';
import { answerSummary } from '../event-outcome';

const tones = { answer: undefined, refusal: 'dimmed', error: 'red.7' } as const;

/** The query log's Answer: the item or flow that answered, the refusal in muted text, or the error. */
export function AnswerCell({ event }: { event: EventRecord }) {
  const summary = answerSummary(event);
  if (!summary) return <Text size="sm">—</Text>;
  return (
    <Text size="sm" c={tones[summary.tone]} style={{ overflowWrap: 'anywhere' }}>
      {summary.tone === 'error' ? `Error: ${summary.text}` : summary.text}
    </Text>
  );
}
