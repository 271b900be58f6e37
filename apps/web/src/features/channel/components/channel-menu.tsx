import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconPencil } from '@tabler/icons-react';
import type { ProjectPermissions } from '@console/contracts';
import { DeleteMenuItem } from '@/components/data-table';

export type ChannelMenuAction = 'update' | 'delete';

/** The channel's menu: Update (name and status) and Delete, each where it is allowed. */
export function ChannelMenu({ permissions, onOpen }: { permissions: ProjectPermissions; onOpen: (action: ChannelMenuAction) => void }) {
  const canUpdate = permissions.canUpdateSubProject;
  const canDelete = permissions.canDeleteSubProject;
  if (!canUpdate && !canDelete) return null;
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <Button variant="default" rightSection={<IconChevronDown size={16} />}>
          Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {canUpdate && (
          <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => onOpen('update')}>
            Update
          </Menu.Item>
        )}
        {canDelete && <DeleteMenuItem onClick={() => onOpen('delete')} />}
      </Menu.Dropdown>
    </Menu>
  );
}
