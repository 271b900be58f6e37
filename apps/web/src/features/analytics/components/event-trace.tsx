import { Alert, Stack, Text } from '@mantine/core';
import type { EventRecord } from '@console/contracts';
import { TraceView } from '@/components/trace-view';
import { flowFailureOf } from '@/lib/trace-summary';

/**
 * A response event's trace in the words the Real-Time Test uses, so a stored conversation reads as
 * the test did; for the error of a flow's endpoint, why it failed and where the flow stood; nothing
 * for an event without a trace.
 */
export function EventTrace({ event, label }: { event: EventRecord; label: string }) {
  const failure = flowFailureOf(event.data);
  if (failure) {
    return (
      <Alert variant="light" color="red" title="The flow's business logic failed" p="xs">
        <Stack gap={0}>
          {[failure.message, ...failure.details].map((line, index) => (
            <Text key={index} size="sm">
              {line}
            </Text>
          ))}
        </Stack>
      </Alert>
    );
  }
  return <TraceView trace={event.data.trace} label={label} />;
}
