import { useParams } from 'react-router';
import { modifiedColumn, nameColumn, useListQuery, type DataTableColumn } from '@/components/data-table';
import { ProjectRecordListPage } from '@/components/project-record/project-record-list-page';
import type { NamedTextListKind, NamedTextListRecord } from './named-text-list-kind';
import { CreateNamedTextListButton } from './create-named-text-list-button';

function namedTextListColumns<Name extends string, Texts extends string, Rec extends NamedTextListRecord<Name, Texts>>(
  { labels, fields, paths }: NamedTextListKind<Name, Texts, Rec>,
  projectId: string,
): DataTableColumn<Rec>[] {
  return [
    nameColumn<Rec>((id) => paths.one(projectId, id), fields.name),
    { key: fields.texts, header: labels.items, render: (record) => record[fields.texts].length },
    modifiedColumn(),
  ];
}

/** project/{id}/intent: the project's records (Name, the texts' count, Modified), Create, row Delete. */
export function NamedTextListsPage<Name extends string, Texts extends string, Rec extends NamedTextListRecord<Name, Texts>>({
  kind,
}: {
  kind: NamedTextListKind<Name, Texts, Rec>;
}) {
  const { projectId = '' } = useParams();
  const list = useListQuery(kind.api.contracts.list);
  const { labels, fields } = kind;
  return (
    <ProjectRecordListPage<Rec>
      projectId={projectId}
      title={labels.many}
      create={<CreateNamedTextListButton kind={kind} projectId={projectId} />}
      createLabel={`Create ${labels.one}`}
      columns={namedTextListColumns(kind, projectId)}
      list={list}
      query={kind.api.useList(projectId, list.apiQuery)}
      rowKey={(record) => record.id}
      rowName={(record) => record[fields.name]}
      remove={kind.api.useDelete(projectId)}
      confirmation={{ noun: labels.one }}
    />
  );
}
