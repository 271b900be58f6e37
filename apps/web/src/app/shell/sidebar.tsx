import type { ReactNode } from 'react';
import { AppShell, Box, Button, NavLink, ScrollArea, Text } from '@mantine/core';
import {
  IconChecklist,
  IconPlayerPlay,
  IconVersions,
  IconBulb,
  IconChartBar,
  IconDatabase,
  IconFileText,
  IconInbox,
  IconLanguage,
  IconListDetails,
  IconMessageChatbot,
  IconMessages,
  IconPlugConnected,
  IconRocket,
  IconRoute,
  IconSettings,
  IconSitemap,
  IconTestPipe,
  IconVariable,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { paths, projectAreas, projectPaths, type ProjectArea } from '@/config/paths';
import { useSessionFlags } from '@/hooks/use-session-flags';

interface Item {
  label: string;
  /** The project sub-path; '' is the project itself (Project Settings). */
  area: ProjectArea | '';
  icon: ReactNode;
  indent?: boolean;
  /** Other sub-paths that belong to this link's area, so it stays highlighted on them. */
  also?: readonly string[];
}

interface Section {
  title: string;
  items: (Item | { group: string; icon: ReactNode })[];
}

const icon = (Icon: typeof IconDatabase) => <Icon size={16} stroke={1.6} />;

/** The sidebar's sections and links, in the order they show. */
const sections: Section[] = [
  {
    title: 'Knowledge Tools',
    items: [
      { label: 'Sources', area: 'source', icon: icon(IconDatabase) },
      { label: 'Scenarios', area: 'scenario', icon: icon(IconSitemap) },
      { label: 'Slots', area: 'slot', icon: icon(IconVariable), indent: true },
      { label: 'Intents', area: 'intent', icon: icon(IconBulb), indent: true },
      { label: 'Sequences', area: 'sequence', icon: icon(IconRoute), indent: true },
      { group: 'Content', icon: icon(IconFileText) },
      { label: 'All Content', area: 'content', icon: icon(IconListDetails), indent: true },
      { label: 'Jargon Mapper', area: 'jargon', icon: icon(IconLanguage), indent: true },
    ],
  },
  {
    title: 'Deployment Tools',
    items: [
      { label: 'Channels', area: 'channel', icon: icon(IconPlugConnected) },
      { label: 'Deploy', area: 'deployment', icon: icon(IconRocket) },
      { label: 'Versions', area: 'version', icon: icon(IconVersions) },
      { label: 'Tests', area: 'suite', icon: icon(IconChecklist) },
      { label: 'Replays', area: 'replay', icon: icon(IconPlayerPlay) },
    ],
  },
  {
    title: 'Analysis Tools',
    items: [
      { label: 'Dashboard', area: 'dashboard', icon: icon(IconChartBar) },
      { label: 'Conversations', area: 'conv', icon: icon(IconMessages) },
      { label: 'Inbox', area: 'insight', icon: icon(IconInbox), also: [projectPaths.resolver.path] },
    ],
  },
  // A section of one link, named by the link itself.
  { title: '', items: [{ label: 'Project Settings', area: '', icon: icon(IconSettings) }] },
];

/** The provider's staff alone see the staging area's link, last and apart, so it stays out of customers' way. */
const staffSection: Section = {
  title: 'Staff',
  items: [{ label: projectAreas.stage, area: 'stage', icon: icon(IconTestPipe) }],
};

function SidebarLink({ item, projectId, pathname }: { item: Item; projectId: string | null; pathname: string }) {
  const pl = item.indent ? 'xl' : undefined;
  if (!projectId) {
    // No project: a dimmed link that cannot be followed or focused.
    return (
      <NavLink
        component="a"
        role="link"
        aria-disabled="true"
        tabIndex={-1}
        disabled
        label={item.label}
        leftSection={item.icon}
        pl={pl}
        py={6}
      />
    );
  }
  const to = paths.project.to(projectId, item.area);
  const within = (sub: string) => {
    const at = paths.project.to(projectId, sub);
    return pathname === at || pathname.startsWith(`${at}/`);
  };
  const active = item.area === '' ? pathname === to : [item.area, ...(item.also ?? [])].some(within);
  return (
    <NavLink
      component={Link}
      to={to}
      label={item.label}
      leftSection={item.icon}
      active={active}
      aria-current={active ? 'page' : undefined}
      pl={pl}
      py={6}
    />
  );
}

interface SidebarProps {
  projectId: string | null;
  onOpenTest: () => void;
  testOpen: boolean;
}

/** Project navigation; disabled and dimmed until a project is chosen. Real-Time Test at the bottom. */
export function Sidebar({ projectId, onOpenTest, testOpen }: SidebarProps) {
  const { pathname } = useLocation();
  const { isStaff } = useSessionFlags();
  const disabled = !projectId;

  return (
    <>
      <AppShell.Section grow component={ScrollArea} type="scroll">
        <Box
          component="nav"
          aria-label="Project tools"
          aria-disabled={disabled || undefined}
          data-disabled={disabled || undefined}
          py="xs"
          style={disabled ? { opacity: 0.45, pointerEvents: 'none', userSelect: 'none' } : undefined}
        >
          {disabled && (
            <Text size="xs" c="dimmed" px="md" pb="xs">
              Choose a project to use these tools.
            </Text>
          )}
          {(isStaff ? [...sections, staffSection] : sections).map((section) => (
            <Box key={section.title || 'settings'} mb="sm">
              {section.title && (
                <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="md" py={4} component="h2" m={0}>
                  {section.title}
                </Text>
              )}
              {section.items.map((item) =>
                'group' in item ? (
                  <Text key={item.group} size="sm" px="md" py={6} c="dimmed">
                    {item.group}
                  </Text>
                ) : (
                  <SidebarLink key={item.label} item={item} projectId={projectId} pathname={pathname} />
                ),
              )}
            </Box>
          ))}
        </Box>
      </AppShell.Section>
      <AppShell.Section p="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Button
          fullWidth
          variant="light"
          leftSection={<IconMessageChatbot size={16} />}
          onClick={onOpenTest}
          aria-expanded={testOpen}
          aria-haspopup="dialog"
        >
          Real-Time Test
        </Button>
      </AppShell.Section>
    </>
  );
}
