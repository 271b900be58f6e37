import { useState, type ReactNode } from 'react';
import { Button, Card, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ConfirmDeleteRecord } from '@/components/confirm-delete';
import { DetailList } from '@/components/detail-list';
import { ErrorView } from '@/components/error-view';
import { FullPageLoader } from '@/components/full-page-loader';
import { ProjectSubPageHeader } from '@/components/project-sub-page-header';
import { useProjectAccess } from '@/hooks/use-project-access';
import { formatDateTime } from '@/lib/format';

interface DetailRecord {
  id: string;
  created_at: string;
  updated_at: string;
}

interface ProjectRecordDetailPageProps<Rec extends DetailRecord> {
  projectId: string;
  /** 'Slot', 'Slots': the page's nouns. */
  labels: { one: string; many: string };
  /** The project's list of this kind, the way back up and where a delete leads. */
  listPath: string;
  query: UseQueryResult<Rec>;
  /** Deletes a record by its id. */
  remove: { mutateAsync: (id: string) => Promise<unknown> };
  name: (record: Rec) => string;
  /** The record's editor, read-only without canUpdateSubProject. */
  editor: (record: Rec, canUpdate: boolean) => ReactNode;
}

/**
 * One record of a project (project/{id}/{kind}/{recordId}): its name with Delete for those who may
 * delete, its ID and times, and its editor; a delete goes back to the list.
 */
export function ProjectRecordDetailPage<Rec extends DetailRecord>({ projectId, labels, listPath, query, remove, name, editor }: ProjectRecordDetailPageProps<Rec>) {
  const navigate = useNavigate();
  const { permissions } = useProjectAccess(projectId);
  const [deleting, setDeleting] = useState(false);
  const noun = labels.one.toLowerCase();
  const parent = { label: labels.many, to: listPath };

  if (query.isPending) return <FullPageLoader label={`Loading ${noun}`} />;
  if (query.isError) {
    return (
      <>
        <ProjectSubPageHeader parent={parent} title={labels.one} />
        <ErrorView error={query.error} />
      </>
    );
  }
  const record = query.data;

  return (
    <>
      <ProjectSubPageHeader parent={parent} title={name(record)}>
        {permissions.canDeleteSubProject && (
          <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)}>
            {`Delete ${labels.one}`}
          </Button>
        )}
      </ProjectSubPageHeader>
      <Stack gap="lg">
        <Card withBorder padding="md" component="section" aria-label={`${labels.one} details`}>
          <DetailList
            items={[
              { label: 'ID', value: <Text ff="monospace" size="xs">{record.id}</Text> },
              { label: 'Created', value: formatDateTime(record.created_at) },
              { label: 'Modified', value: formatDateTime(record.updated_at) },
            ]}
          />
        </Card>
        <Card withBorder padding="md" component="section" aria-label={`Edit ${noun}`}>
          {editor(record, permissions.canUpdateSubProject)}
        </Card>
      </Stack>
      <ConfirmDeleteRecord
        noun={labels.one}
        name={deleting ? name(record) : null}
        onClose={() => setDeleting(false)}
        onConfirm={async () => {
          await remove.mutateAsync(record.id);
          navigate(listPath);
        }}
      />
    </>
  );
}
