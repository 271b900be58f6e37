import { Badge } from '@mantine/core';
import { statusLabel } from '@/lib/status';

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

/** A status value (user, workspace, API key, content, channel, scenario) as a small coloured badge with its label. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="light" color={colors[status] ?? 'gray'} tt="none" radius="sm">
      {statusLabel(status)}
    </Badge>
  );
}
