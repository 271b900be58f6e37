import { useEffect, type ReactNode } from 'react';
import { Group, Title } from '@mantine/core';

/** The heading of a screen; also names the browser tab. */
export function PageTitle({ title, children }: { title: string; children?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} - Assistant Console`;
  }, [title]);
  return (
    <Group justify="space-between" align="center" mb="md" wrap="nowrap">
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Group>
  );
}
