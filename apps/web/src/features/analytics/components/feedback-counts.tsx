import { Group, Text } from '@mantine/core';
import { IconThumbDown, IconThumbUp } from '@tabler/icons-react';

/** How many of a conversation's answers were liked and disliked; nothing when none was rated. */
export function FeedbackCounts({ liked, disliked }: { liked: number; disliked: number }) {
  if (!liked && !disliked) return null;
  const counts = [
    { count: liked, Thumb: IconThumbUp, color: 'var(--mantine-color-green-7)', words: 'liked' },
    { count: disliked, Thumb: IconThumbDown, color: 'var(--mantine-color-red-7)', words: 'disliked' },
  ].filter(({ count }) => count > 0);
  return (
    <Group gap="sm" wrap="nowrap" role="img" aria-label={counts.map(({ count, words }) => `${count} ${words}`).join(', ')}>
      {counts.map(({ count, Thumb, color, words }) => (
        <Group key={words} gap={2} wrap="nowrap">
          <Thumb size={14} color={color} aria-hidden="true" />
          <Text size="sm" aria-hidden="true">
            {count}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
