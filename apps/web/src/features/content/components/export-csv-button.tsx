import { Button, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { errorMessage } from '@/lib/api-client';
import { useExportContentUtterances } from '../api/export-content-utterances';

/** 'Export CSV': downloads every item of the project with its utterances; a failure shows under the button. */
export function ExportCsvButton({ projectId }: { projectId: string }) {
  const exportCsv = useExportContentUtterances(projectId);
  return (
    <Stack gap={2} align="flex-end">
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        loading={exportCsv.isPending}
        onClick={() => exportCsv.mutate()}
      >
        Export CSV
      </Button>
      {exportCsv.isError && (
        <Text size="xs" c="red.7" role="alert" maw="24rem">
          {errorMessage(exportCsv.error)}
        </Text>
      )}
    </Stack>
  );
}
