import { Group, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { useProjectAccess } from '@/hooks/use-project-access';
import { CREATE_TEST_CASE, CreateTestCaseButton } from './create-test-case-button';
import { ExportTestCasesButton } from './export-test-cases-button';
import { ImportTestCasesButton } from './import-test-cases-button';
import { RunTestsButton } from './run-tests-button';
import { TestCaseTable } from './test-case-table';
import { TestRunTable } from './test-run-table';

/**
 * project/{id}/suite ('Tests'): the project's test cases (written here, added from conversations,
 * imported and exported) and their runs against versions, each run opening its results; two runs
 * compare. Writing cases and running them follow the caller's rights on the project.
 */
export function SuitePage() {
  const { projectId = '' } = useParams();
  const { permissions } = useProjectAccess(projectId);
  return (
    <>
      <PageTitle title="Tests">
        <Group gap="xs" align="flex-start">
          {permissions.canCreateSubProject && <ImportTestCasesButton projectId={projectId} />}
          <ExportTestCasesButton projectId={projectId} />
          {permissions.canCreateSubProject && <CreateTestCaseButton projectId={projectId} />}
          {permissions.canUpdateProject && <RunTestsButton projectId={projectId} />}
        </Group>
      </PageTitle>
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={3} size="h4">
            Test cases
          </Title>
          <TestCaseTable projectId={projectId} createLabel={CREATE_TEST_CASE} />
        </Stack>
        <Stack gap="xs">
          <Title order={3} size="h4">
            Test runs
          </Title>
          <TestRunTable projectId={projectId} />
        </Stack>
      </Stack>
    </>
  );
}
