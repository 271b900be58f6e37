import { Text, VisuallyHidden } from '@mantine/core';
import { diffWords } from 'diff';

const added = { background: 'var(--mantine-color-green-1)', color: 'var(--mantine-color-green-9)' };
const removed = { background: 'var(--mantine-color-red-1)', color: 'var(--mantine-color-red-9)' };

/**
 * Two versions of a long text (a response) as one text with the words taken out struck through
 * and the words put in underlined, so a changed sentence reads in place instead of as two copies to
 * compare by eye. Colour is not the only mark: the lines and hidden words say which is which.
 */
export function TextDiff({ before, after }: { before: string; after: string }) {
  return (
    <Text component="div" size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="text-diff">
      {diffWords(before, after).map((part, index) =>
        part.added ? (
          <ins key={index} style={added}>
            <VisuallyHidden>added: </VisuallyHidden>
            {part.value}
          </ins>
        ) : part.removed ? (
          <del key={index} style={removed}>
            <VisuallyHidden>removed: </VisuallyHidden>
            {part.value}
          </del>
        ) : (
          <span key={index}>{part.value}</span>
        ),
      )}
    </Text>
  );
}
