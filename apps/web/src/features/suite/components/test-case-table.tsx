import { useState } from 'react';
import { Menu, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { testCaseExpectationLabels, testCaseList, type TestCase } from '@console/contracts';
import { ConfirmDeleteRecord } from '@/components/confirm-delete';
import { DataTable, DeleteMenuItem, modifiedColumn, useListQuery, useRowDeletion, type DataTableColumn } from '@/components/data-table';
import { FormModal } from '@/components/form-modal';
import { QuestionCell } from '@/components/question-cell';
import { TestCaseForm, testCaseFormValues } from '@/components/test-case-form';
import { useProjectAccess } from '@/hooks/use-project-access';
import { testCaseApi } from '@/lib/api/test-case';

const columns: DataTableColumn<TestCase>[] = [
  {
    key: 'question',
    header: 'Question',
    sortField: 'question',
    filterField: 'question',
    render: (testCase) => <QuestionCell question={testCase.question} context={testCase.context} />,
  },
  { key: 'context', header: 'Earlier questions', render: (testCase) => testCase.context.length, width: 90 },
  {
    key: 'expect',
    header: 'Expectation',
    filterField: 'expect_type',
    filterLabels: testCaseExpectationLabels,
    render: (testCase) => (
      <Stack gap={0}>
        <Text size="sm">{testCaseExpectationLabels[testCase.expect.type]}</Text>
        {testCase.expect_label && (
          <Text size="xs" c="dimmed">
            {testCase.expect_label}
          </Text>
        )}
      </Stack>
    ),
  },
  { key: 'must_contain', header: 'Must contain', render: (testCase) => testCase.must_contain || '—' },
  modifiedColumn(),
];

function EditTestCaseForm({ projectId, testCase, onClose }: { projectId: string; testCase: TestCase; onClose: () => void }) {
  const update = testCaseApi.useUpdate(testCase.id);
  return <TestCaseForm projectId={projectId} initialValues={testCaseFormValues(testCase)} submitLabel="Save" save={update.mutateAsync} onClose={onClose} />;
}

/**
 * The project's test cases: question (with its earlier questions), the expectation in words and the
 * text it must contain, filtered by question and expectation; Edit and Delete in each row's menu for
 * those who may.
 */
export function TestCaseTable({ projectId, createLabel }: { projectId: string; createLabel: string }) {
  const { permissions } = useProjectAccess(projectId);
  const list = useListQuery(testCaseList, 'case');
  const query = testCaseApi.useList(projectId, list.apiQuery);
  const deletion = useRowDeletion<TestCase>(testCaseApi.useDelete(projectId));
  const [editing, setEditing] = useState<TestCase | null>(null);
  const close = () => setEditing(null);
  const canEdit = permissions.canUpdateSubProject;
  const canDelete = permissions.canDeleteSubProject;

  return (
    <>
      <DataTable
        label="Test cases"
        columns={columns}
        list={list}
        query={query}
        rowKey={(testCase) => testCase.id}
        rowName={(testCase) => testCase.question}
        empty={{
          title: 'No test cases yet.',
          hint: permissions.canCreateSubProject
            ? `${createLabel} writes the first one; Add to tests on a conversation's answer or Import brings others.`
            : 'Editors and admins of the project write them.',
        }}
        rowMenu={
          canEdit || canDelete
            ? (testCase) => (
                <>
                  {canEdit && (
                    <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setEditing(testCase)}>
                      Edit
                    </Menu.Item>
                  )}
                  {canDelete && <DeleteMenuItem onClick={() => deletion.ask(testCase)} />}
                </>
              )
            : undefined
        }
      />
      <FormModal opened={editing !== null} onClose={close} title="Edit Test Case" size="lg">
        {editing && <EditTestCaseForm projectId={projectId} testCase={editing} onClose={close} />}
      </FormModal>
      <ConfirmDeleteRecord noun="Test case" name={deletion.row ? `“${deletion.row.question}”` : null} onClose={deletion.cancel} onConfirm={deletion.confirm} />
    </>
  );
}
