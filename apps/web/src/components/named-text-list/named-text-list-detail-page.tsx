import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { EntityForm, useEntityForm } from '@/components/entity-form';
import { ProjectRecordDetailPage } from '@/components/project-record/project-record-detail-page';
import { namedTextListValues, type NamedTextListKind, type NamedTextListRecord } from './named-text-list-kind';
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

/** project/{id}/intent/{intentId}: details, the editor, Delete (back to the list). */
export function NamedTextListDetailPage<Name extends string, Texts extends string, Rec extends NamedTextListRecord<Name, Texts>>({
  kind,
  id,
}: KindProps<Name, Texts, Rec> & { id: string }) {
  const { projectId = '' } = useParams();
  return (
    <ProjectRecordDetailPage
      projectId={projectId}
      labels={kind.labels}
      listPath={kind.paths.list(projectId)}
      query={kind.api.useOne(id)}
      remove={kind.api.useDelete(projectId)}
      name={(record) => record[kind.fields.name]}
      editor={(record, canUpdate) => <NamedTextListEditor key={record.id} kind={kind} record={record} canUpdate={canUpdate} />}
    />
  );
}
