import { useId, type ReactNode } from 'react';
import { Button, Menu, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { DeleteMenuItem } from './data-table';

/** One item of an ActionsMenu. */
export interface MenuAction {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  /** What the action does, under its label, where the label alone does not say (kept out of its name). */
  description?: string;
}

function ActionItem({ label, icon, onClick, disabled, description }: MenuAction) {
  const descriptionId = useId();
  const described = description !== undefined;
  return (
    <Menu.Item
      leftSection={icon}
      onClick={onClick}
      disabled={disabled}
      aria-label={described ? label : undefined}
      aria-describedby={described ? descriptionId : undefined}
    >
      {label}
      {described && (
        <Text span display="block" size="xs" c="dimmed" maw={260} id={descriptionId}>
          {description}
        </Text>
      )}
    </Menu.Item>
  );
}

/**
 * A record page's 'Actions' button and its menu: the actions (false for one that does not apply or
 * is not allowed), then Delete when onDelete is given; nothing at all when no item is left.
 */
export function ActionsMenu({ actions, onDelete }: { actions: (MenuAction | false)[]; onDelete?: () => void }) {
  const shown = actions.filter((action): action is MenuAction => action !== false);
  if (shown.length === 0 && !onDelete) return null;
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <Button variant="default" rightSection={<IconChevronDown size={16} />}>
          Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {shown.map((action) => (
          <ActionItem key={action.label} {...action} />
        ))}
        {onDelete && <DeleteMenuItem onClick={onDelete} />}
      </Menu.Dropdown>
    </Menu>
  );
}
