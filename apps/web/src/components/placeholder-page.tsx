import { Text } from '@mantine/core';
import { PageTitle } from './page-title';

/** A screen whose content comes in a later release: its title and an honest sentence, no made-up data. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <PageTitle title={title} />
      <Text c="dimmed">This area is built in a later release.</Text>
    </>
  );
}
