import type { ReactNode } from 'react';
import { Table } from '@mantine/core';

/** Label/value rows of a details card (a vertical table: each label is the row's header). */
export function DetailList({ items, label }: { items: { label: string; value: ReactNode }[]; label?: string }) {
  return (
    <Table variant="vertical" layout="fixed" withTableBorder={false} verticalSpacing={4} aria-label={label}>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.label}>
            <Table.Th w={140} scope="row" fw={500} c="dimmed" bg="transparent">
              {item.label}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
