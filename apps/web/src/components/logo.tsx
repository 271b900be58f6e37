import { Group, Text } from '@mantine/core';

/** The console's mark: an inline SVG speech bubble (no external asset). */
function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-blue-7)" />
      <path d="M9 11a3 3 0 0 1 3-3h8a3 3 0 0 1 3 3v6a3 3 0 0 1-3 3h-5l-4 4v-4a3 3 0 0 1-2-3z" fill="#fff" />
    </svg>
  );
}

export function Logo({ size = 28 }: { size?: number }) {
  return (
    <Group gap={8} wrap="nowrap">
      <LogoMark size={size} />
      <Text fw={700} size="md" style={{ whiteSpace: 'nowrap' }}>
        Assistant Console
      </Text>
    </Group>
  );
}
