import { Stack, Text } from '@mantine/core';

/** A question in a table cell, with the earlier questions of its conversation under it: 'after “Hi” › “and prices?”'. */
export function QuestionCell({ question, context }: { question: string; context: readonly string[] }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{question}</Text>
      {context.length > 0 && (
        <Text size="xs" c="dimmed">
          {`after ${context.map((earlier) => `“${earlier}”`).join(' › ')}`}
        </Text>
      )}
    </Stack>
  );
}
