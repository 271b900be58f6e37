import { Text } from '@mantine/core';
import { PageTitle } from './page-title';

/**
 * A screen whose content comes in a later release: an honest sentence, no made-up data, under the
 * screen's title when it has one (some areas are announced by the sentence alone).
 */
export function PlaceholderPage({ title }: { title?: string }) {
  return (
    <>
      {title && <PageTitle title={title} />}
      <Text c="dimmed">This area is built in a later release.</Text>
    </>
  );
}
