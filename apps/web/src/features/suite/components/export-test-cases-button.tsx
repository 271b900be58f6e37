import { Button, Menu, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { errorMessage } from '@/lib/api-client';
import { useExportTestCases } from '../api/export-test-cases';

/** 'Export': every test case of the project as a CSV or a JSON file; a failure shows under the button. */
export function ExportTestCasesButton({ projectId }: { projectId: string }) {
  const exportCases = useExportTestCases(projectId);
  return (
    <Stack gap={2} align="flex-end">
      <Menu position="bottom-end" shadow="md">
        <Menu.Target>
          <Button variant="default" leftSection={<IconDownload size={16} />} rightSection={<IconChevronDown size={14} />} loading={exportCases.isPending}>
            Export
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => exportCases.mutate('csv')}>CSV</Menu.Item>
          <Menu.Item onClick={() => exportCases.mutate('json')}>JSON</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {exportCases.isError && (
        <Text size="xs" c="red.7" role="alert" maw="24rem">
          {errorMessage(exportCases.error)}
        </Text>
      )}
    </Stack>
  );
}
