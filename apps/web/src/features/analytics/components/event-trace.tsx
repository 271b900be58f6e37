import { Alert, Stack, Text } from '@mantine/core';
import { z } from 'zod';
import { traceStepSchema, type EventRecord } from '@console/contracts';
import { DetailList } from '@/components/detail-list';
import { describeTrace, flowFailureOf, refusalOf } from '@/lib/trace-summary';

const storedTrace = z.array(traceStepSchema);

/**
 * A response event's trace in the words the Real-Time Test uses, why the question was refused first,
 * so a stored conversation reads as the test did; for the error of a flow's endpoint, why it failed
 * and where the flow stood; nothing for an event without a trace.
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
  const parsed = storedTrace.safeParse(event.data.trace);
  if (!parsed.success || !parsed.data.length) return null;
  const refusal = refusalOf(parsed.data);
  return (
    <Stack gap="xs">
      {refusal && (
        <Alert variant="light" color="grape" title="Why it was refused" p="xs">
          {refusal}
        </Alert>
      )}
      <DetailList
        label={label}
        items={describeTrace(parsed.data).map((line) => ({
          label: line.title,
          value: (
            <Stack gap={0}>
              {line.details.map((detail, index) => (
                <Text key={index} size="sm">
                  {detail}
                </Text>
              ))}
            </Stack>
          ),
        }))}
      />
    </Stack>
  );
}
