import { Anchor, Group, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { InsightQuestion } from '@console/contracts';
import { projectPaths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { FailureBadges } from './failure-badges';

/** A topic's sample questions, each opening its conversation. */
export function SampleQuestions({ projectId, questions }: { projectId: string; questions: readonly InsightQuestion[] }) {
  if (questions.length === 0) return <Text size="sm" c="dimmed">No sample questions in this window.</Text>;
  return (
    <List spacing={6} size="sm" listStyleType="none" aria-label="Sample questions">
      {questions.map((question) => (
        <List.Item key={question.answer_id}>
          <Group gap="xs" wrap="wrap">
            <Anchor component={Link} to={projectPaths.conversation.to(projectId, question.conv_id)} size="sm">
              {question.utterance}
            </Anchor>
            <FailureBadges failures={question.failures} />
            <Text size="xs" c="dimmed">
              {formatDateTime(question.asked_at)}
            </Text>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}
