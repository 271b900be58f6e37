import { Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { MULTI_VALUE_SEPARATOR, contentExportFileName } from '@console/contracts';
import { ErrorView } from '@/components/error-view';
import { PageTitle } from '@/components/page-title';
import { projectPaths } from '@/config/paths';
import { useExportContentUtterances } from '@/features/content/api/export-content-utterances';

/**
 * The staging area's content export: the project's content CSV through the same
 * call as the content list's Export CSV; the button waits while the file downloads, a failure shows below.
 */
export function ContentExportPage() {
  const { projectId = '' } = useParams();
  const exportCsv = useExportContentUtterances(projectId);
  const fileName = contentExportFileName(projectId);

  return (
    <Stack gap="md" maw={720} align="flex-start">
      <Anchor component={Link} to={projectPaths.stage.to(projectId)} size="sm">
        Back to the staging area
      </Anchor>
      <PageTitle title="Content Export" />
      <Text>
        Every content item of this project (any status) with its subject, response, utterances and actions, one row
        per item, several values in one cell joined with &apos;{MULTI_VALUE_SEPARATOR}&apos;, saved as <b>{fileName}</b>.
      </Text>
      <Group gap="sm">
        <Button leftSection={<IconDownload size={16} />} loading={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
          Export
        </Button>
        {exportCsv.isPending && (
          <Group gap={6} role="status">
            <Loader size="xs" />
            <Text size="sm">Downloading {fileName}...</Text>
          </Group>
        )}
      </Group>
      {exportCsv.isError && <ErrorView error={exportCsv.error} title="The export failed" />}
    </Stack>
  );
}
