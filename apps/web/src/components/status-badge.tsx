import { Badge } from '@mantine/core';

const colors: Record<string, string> = {
  active: 'green',
  pending: 'yellow',
  draft: 'gray',
  blocked: 'red',
  locked: 'orange',
  inactive: 'gray',
  candidate: 'blue',
  omitted: 'yellow',
};

/** A status value (user, workspace, API key, content) as a small coloured badge with the value itself as text. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="light" color={colors[status] ?? 'gray'} tt="none" radius="sm">
      {status}
    </Badge>
  );
}
