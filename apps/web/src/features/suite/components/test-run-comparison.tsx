import { useState } from 'react';
import { Badge, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import type { testRunComparisonChanges, TestRunComparison } from '@console/contracts';
import { changeLabels, passedLabels } from '../suite-labels';

type Change = (typeof testRunComparisonChanges)[number];
type Outcome = TestRunComparison['cases'][number]['before'];

const changeColors: Record<Change, string> = {
  broken: 'red',
  fixed: 'green',
  still_failing: 'orange',
  added: 'blue',
  removed: 'gray',
  still_passing: 'gray',
};

/** The order changes are listed in: what needs looking at first. */
const changeOrder = Object.keys(changeLabels) as Change[];

function OutcomeCell({ outcome }: { outcome: Outcome }) {
  if (!outcome) return <Text size="sm">—</Text>;
  return (
    <Stack gap={0}>
      <Text size="sm">{outcome.passed ? passedLabels.true : passedLabels.false}</Text>
      {outcome.reason && (
        <Text size="xs" c="dimmed">
          {outcome.reason}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Two runs side by side, case by case, from the other run to this one: how many were broken, fixed,
 * still failing, added, removed or still passing, and each case's outcome before and after, one kind of
 * change at a time (all but those still passing at first).
 */
export function TestRunComparisonView({ comparison }: { comparison: TestRunComparison }) {
  const counts = Object.fromEntries(changeOrder.map((change) => [change, comparison.cases.filter((testCase) => testCase.change === change).length])) as Record<Change, number>;
  const [shown, setShown] = useState<Change | 'changed'>('changed');
  const cases = comparison.cases
    .filter((testCase) => (shown === 'changed' ? testCase.change !== 'still_passing' : testCase.change === shown))
    .sort((a, b) => changeOrder.indexOf(a.change) - changeOrder.indexOf(b.change));

  return (
    <Stack gap="sm">
      <Group gap="xs" aria-label="Changes">
        {changeOrder.map((change) => (
          <Badge key={change} variant="light" color={changeColors[change]} tt="none" radius="sm" size="lg">
            {`${changeLabels[change]}: ${counts[change]}`}
          </Badge>
        ))}
      </Group>
      <SegmentedControl
        aria-label="Cases shown"
        value={shown}
        onChange={(value) => setShown(value as Change | 'changed')}
        data={[{ value: 'changed', label: 'All but still passing' }, ...changeOrder.map((change) => ({ value: change, label: changeLabels[change] }))]}
      />
      <Table.ScrollContainer minWidth={560}>
        <Table striped verticalSpacing={6} aria-label="Comparison">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={130}>Change</Table.Th>
              <Table.Th>Question</Table.Th>
              <Table.Th>{`Before (version ${comparison.other.version})`}</Table.Th>
              <Table.Th>{`After (version ${comparison.run.version})`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cases.map((testCase) => (
              <Table.Tr key={testCase.case_id}>
                <Table.Td>
                  <Badge variant="light" color={changeColors[testCase.change]} tt="none" radius="sm">
                    {changeLabels[testCase.change]}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{testCase.question}</Text>
                </Table.Td>
                <Table.Td>
                  <OutcomeCell outcome={testCase.before} />
                </Table.Td>
                <Table.Td>
                  <OutcomeCell outcome={testCase.after} />
                </Table.Td>
              </Table.Tr>
            ))}
            {cases.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text size="sm" ta="center" py="md">
                    No case changed this way.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
