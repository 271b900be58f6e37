import type { ReactNode } from 'react';
import { Card, Stack, Title } from '@mantine/core';
import { SOURCE_CARD_MAX_HEIGHT } from '../source-types';

/** The frame of a source's type card: at most SOURCE_CARD_MAX_HEIGHT high, scrolling inside. */
export function SourceCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-label={title}
      mah={SOURCE_CARD_MAX_HEIGHT}
      style={{ overflowY: 'auto' }}
    >
      <Stack gap="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
