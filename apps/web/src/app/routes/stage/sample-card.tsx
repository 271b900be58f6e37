import type { ReactNode } from 'react';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';

/** One exhibit of the showcase, named for assistive technology and marked as what it is ('Sample' unless told). */
export function SampleCard({
  title,
  description,
  badge = 'Sample',
  children,
}: {
  title: string;
  description: ReactNode;
  badge?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={3} size="h4">
            {title}
          </Title>
          <Badge variant="light" color="gray">
            {badge}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}
