import { Button, Menu } from '@mantine/core';
import { IconArrowDownRight, IconChevronDown, IconCloudDownload, IconPencil } from '@tabler/icons-react';
import { pullableSourceTypes, sourceDowngrades, type ProjectPermissions, type Source } from '@console/contracts';
import { DeleteMenuItem } from '@/components/data-table';

export type SourceMenuAction = 'update' | 'downgrade' | 'delete';

/** The source's menu (project-areas §2): Update, Downgrade, Pull, Delete, each where it applies and is allowed. */
export function SourceMenu({
  source,
  permissions,
  pulling,
  onPull,
  onOpen,
}: {
  source: Source;
  permissions: ProjectPermissions;
  pulling: boolean;
  onPull: () => void;
  onOpen: (action: SourceMenuAction) => void;
}) {
  const canUpdate = permissions.canUpdateSubProject;
  const canDowngrade = canUpdate && sourceDowngrades[source.type] !== undefined;
  const canPull = canUpdate && pullableSourceTypes.includes(source.type);
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
        {canDowngrade && (
          <Menu.Item leftSection={<IconArrowDownRight size={14} />} onClick={() => onOpen('downgrade')}>
            Downgrade
          </Menu.Item>
        )}
        {canPull && (
          <Menu.Item leftSection={<IconCloudDownload size={14} />} onClick={onPull} disabled={pulling}>
            Pull
          </Menu.Item>
        )}
        {canDelete && <DeleteMenuItem onClick={() => onOpen('delete')} />}
      </Menu.Dropdown>
    </Menu>
  );
}
