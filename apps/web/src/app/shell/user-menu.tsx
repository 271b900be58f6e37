import { Avatar, Box, Button, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconLifebuoy, IconLogout, IconShieldLock, IconUserCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { SessionUser } from '@console/contracts';
import { paths } from '@/config/paths';
import { useAvatarUrl } from '@/lib/avatar';
import { useSignOut } from './use-sign-out';

/** The user menu of the header: name and e-mail, My Profile, Admin Panel, Get Support, Sign Out. */
export function UserMenu({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const avatar = useAvatarUrl(user.email);

  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          px="xs"
          leftSection={<Avatar src={avatar} name={user.display_name} alt="" size={28} radius="xl" color="initials" />}
          rightSection={<IconChevronDown size={14} />}
        >
          <Text size="sm" fw={500} truncate maw={160}>
            {user.display_name}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py="xs">
          <Text size="sm" fw={600} truncate>
            {user.display_name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Box>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconUserCircle size={16} />}
          onClick={() => navigate(paths.profile.to(), { state: { userId: user.id } })}
        >
          My Profile
        </Menu.Item>
        {user.is_super_user && (
          <Menu.Item leftSection={<IconShieldLock size={16} />} onClick={() => navigate(paths.admin.to())}>
            Admin Panel
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconLifebuoy size={16} />} onClick={() => navigate(paths.support.to())}>
          Get Support
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => signOut()}>
          Sign Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
