import { Badge } from '@mantine/core';
import type { ChannelType } from '@console/contracts';
import { channelTypeLabels } from '../channel-types';

export function ChannelTypeBadge({ type }: { type: ChannelType }) {
  return (
    <Badge variant="light" color="gray" tt="none" radius="sm">
      {channelTypeLabels[type]}
    </Badge>
  );
}
