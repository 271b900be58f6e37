import { Alert, Stack, Text } from '@mantine/core';
import { z } from 'zod';
import { traceStepSchema } from '@console/contracts';
import { DetailList } from '@/components/detail-list';
import { describeTrace, refusalOf } from '@/lib/trace-summary';

const storedTrace = z.array(traceStepSchema);

/**
 * A stored trace of the engine (a conversation's answer, a test case's, a replayed question's) in the
 * words the Real-Time Test uses, why the question was refused first; nothing for an empty or
 * unreadable trace.
 */
export function TraceView({ trace, label }: { trace: unknown; label: string }) {
  const parsed = storedTrace.safeParse(trace);
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
