import type { ReactNode } from 'react';
import { Box, Group, Progress, Stack, Text } from '@mantine/core';

export interface TopItem {
  key: string;
  /** The item's name, a link where it has a page. */
  label: ReactNode;
  count: number;
}

/** A ranked list whose bars compare each count with the first; a long question wraps instead of being cut. */
export function TopList({ items, label, color }: { items: TopItem[]; label: string; color: string }) {
  const most = Math.max(1, ...items.map((item) => item.count));
  return (
    <Stack component="ol" gap="xs" aria-label={label} m={0} p={0} style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <Box component="li" key={item.key}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {item.label}
            </Text>
            <Text size="sm" fw={600}>
              {item.count.toLocaleString()}
            </Text>
          </Group>
          <Progress value={(100 * item.count) / most} color={color} size="sm" mt={4} aria-hidden="true" />
        </Box>
      ))}
    </Stack>
  );
}
