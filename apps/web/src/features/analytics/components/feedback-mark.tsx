import { Group, Text, Tooltip } from '@mantine/core';
import { IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import type { Feedback } from '@console/contracts';
import { feedbackLabels } from '../event-labels';

/** What a visitor's feedback says, in words: 'Liked', or 'Disliked: “the comment”'. */
export function feedbackText(feedback: Feedback): string {
  const rating = feedbackLabels[feedback.rating];
  return feedback.comment ? `${rating}: “${feedback.comment}”` : rating;
}

/**
 * A visitor's feedback on an answer: a thumb named by what it says; the comment (always as text) on
 * hover, or beside the thumb with `withComment`.
 */
export function FeedbackMark({ feedback, withComment = false }: { feedback: Feedback; withComment?: boolean }) {
  const Thumb = feedback.rating === 'up' ? IconThumbUp : IconThumbDown;
  const named = withComment ? feedbackLabels[feedback.rating] : feedbackText(feedback);
  const thumb = (
    <span role="img" aria-label={named} style={{ display: 'inline-flex' }}>
      <Thumb size={16} color={feedback.rating === 'up' ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-red-7)'} aria-hidden="true" />
    </span>
  );
  if (!withComment) {
    return feedback.comment ? (
      <Tooltip label={feedback.comment} multiline maw={320}>
        {thumb}
      </Tooltip>
    ) : (
      thumb
    );
  }
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      {thumb}
      {feedback.comment && (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {feedback.comment}
        </Text>
      )}
    </Group>
  );
}
