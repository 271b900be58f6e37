import { useState } from 'react';
import { Button, Card, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { ConfirmDelete } from '@/components/confirm-delete';
import { DetailList } from '@/components/detail-list';
import { EntityForm, useEntityForm } from '@/components/entity-form';
import { ErrorView } from '@/components/error-view';
import { FullPageLoader } from '@/components/full-page-loader';
import { ProjectSubPageHeader } from '@/features/project/components/project-sub-page-header';
import { useProjectAccess } from '@/features/project/use-project-access';
import { formatDateTime } from '@/lib/format';
import { namedTextListValues, type NamedTextListKind, type NamedTextListRecord } from '../named-text-list-kind';
import { NamedTextListFields } from './named-text-list-fields';

interface KindProps<Name extends string, Texts extends string, Rec extends NamedTextListRecord<Name, Texts>> {
  kind: NamedTextListKind<Name, Texts, Rec>;
}

/** Name and texts with Save for those who may update; read-only for the others. */
function NamedTextListEditor<Name extends string, Texts extends string, Rec extends NamedTextListRecord<Name, Texts>>({
  kind,
  record,
  canUpdate,
}: KindProps<Name, Texts, Rec> & { record: Rec; canUpdate: boolean }) {
  const mutation = kind.api.useUpdate(record.id);
  const form = useEntityForm({
    schema: kind.api.contracts.body,
    initialValues: namedTextListValues(kind.fields, record[kind.fields.name], record[kind.fields.texts]),
    onSubmit: (body) => mutation.mutateAsync(body),
  });
  return canUpdate ? (
    <EntityForm form={form} submitLabel="Save">
      <NamedTextListFields kind={kind} body={kind.api.contracts.body} form={form} />
    </EntityForm>
  ) : (
    <Stack gap="sm">
      <NamedTextListFields kind={kind} body={kind.api.contracts.body} form={form} readOnly />
    </Stack>
  );
}

/** project/{id}/intent/{intentId} (or slot): details, the editor, Delete (back to the list). */
export function NamedTextListDetailPage<Name extends string, Texts extends string, Rec extends NamedTextListRecord<Name, Texts>>({
  kind,
  id,
}: KindProps<Name, Texts, Rec> & { id: string }) {
  const { projectId = '' } = useParams();
  const navigate = useNavigate();
  const { permissions } = useProjectAccess(projectId);
  const query = kind.api.useOne(id);
  const remove = kind.api.useDelete(projectId);
  const [deleting, setDeleting] = useState(false);
  const { labels, fields, paths } = kind;
  const noun = labels.one.toLowerCase();
  const parent = { label: labels.many, to: paths.list(projectId) };

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
      <ProjectSubPageHeader parent={parent} title={record[fields.name]}>
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
          <NamedTextListEditor key={record.id} kind={kind} record={record} canUpdate={permissions.canUpdateSubProject} />
        </Card>
      </Stack>
      <ConfirmDelete
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={`Delete ${labels.one}`}
        message={`Delete the ${noun} ${record[fields.name]}?`}
        onConfirm={async () => {
          await remove.mutateAsync(record.id);
          navigate(paths.list(projectId));
        }}
      />
    </>
  );
}
