import { Card, Stack, Tabs, Text, Title } from '@mantine/core';
import { appliesToWords } from '../insight-words';
import { AddUtterancesForm, JargonForm, NewContentForm, OutOfScopeForm, TestCasesForm, type FixFormProps } from './fix-forms';

/**
 * The fixes of a topic, for those who may edit content (a new item also needs the right to create
 * one): each acts on the chosen questions or, with none chosen, on all of them, and says which.
 */
export function FixPanel({ canCreate, ...props }: FixFormProps & { canCreate: boolean }) {
  const applies = appliesToWords(props.selection.length, props.detail.total);
  const appliesNote = (
    <Text size="sm" c="dimmed" mb="sm">
      {applies}
    </Text>
  );
  return (
    <Card withBorder padding="md" component="section" aria-label="Fix">
      <Stack gap="xs">
        <Title order={3} size="h4">
          Fix
        </Title>
        <Tabs defaultValue="utterances" keepMounted={false} variant="pills">
          <Tabs.List>
            <Tabs.Tab value="utterances">Add to an item</Tabs.Tab>
            {canCreate && <Tabs.Tab value="new_content">New item</Tabs.Tab>}
            <Tabs.Tab value="jargon">Jargon</Tabs.Tab>
            <Tabs.Tab value="out_of_scope">Out of scope</Tabs.Tab>
            <Tabs.Tab value="test_cases">Test cases</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="utterances" pt="sm">
            {appliesNote}
            <AddUtterancesForm {...props} />
          </Tabs.Panel>
          {canCreate && (
            <Tabs.Panel value="new_content" pt="sm">
              {appliesNote}
              <NewContentForm {...props} />
            </Tabs.Panel>
          )}
          <Tabs.Panel value="jargon" pt="sm">
            <Text size="sm" c="dimmed" mb="sm">
              Applies to every question the assistant reads
            </Text>
            <JargonForm {...props} />
          </Tabs.Panel>
          <Tabs.Panel value="out_of_scope" pt="sm">
            {appliesNote}
            <OutOfScopeForm {...props} />
          </Tabs.Panel>
          <Tabs.Panel value="test_cases" pt="sm">
            {appliesNote}
            <TestCasesForm {...props} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Card>
  );
}
