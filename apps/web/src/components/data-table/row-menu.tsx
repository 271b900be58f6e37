import type { ReactNode } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconTrash } from '@tabler/icons-react';

/** A row's menu: the dots button named 'Actions for {name}' opening the given Menu.Item elements. */
export function RowMenu({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}

/** The red 'Delete' item of a row menu. */
export function DeleteMenuItem({ onClick, children = 'Delete' }: { onClick: () => void; children?: ReactNode }) {
  return (
    <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={onClick}>
      {children}
    </Menu.Item>
  );
}
