import { Anchor } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ConfirmDelete } from '@/components/confirm-delete';
import {
  DataTable,
  DeleteMenuItem,
  modifiedColumn,
  useListQuery,
  useRowDeletion,
  type DataTableColumn,
} from '@/components/data-table';
import { PageTitle } from '@/components/page-title';
import { useProjectAccess } from '@/features/project/use-project-access';
import type { NamedTextListKind, NamedTextListRecord } from '../named-text-list-kind';
import { CreateNamedTextListButton } from './create-named-text-list-button';

function namedTextListColumns<Name extends string, Texts extends string, Rec extends NamedTextListRecord<Name, Texts>>(
  { labels, fields, paths }: NamedTextListKind<Name, Texts, Rec>,
  projectId: string,
): DataTableColumn<Rec>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      sortField: fields.name,
      filterField: fields.name,
      render: (record) => (
        <Anchor component={Link} to={paths.one(projectId, record.id)} size="sm">
          {record[fields.name]}
        </Anchor>
      ),
    },
    { key: fields.texts, header: labels.items, render: (record) => record[fields.texts].length },
    modifiedColumn(),
  ];
}

/** project/{id}/intent (or slot): the project's records (Name, the texts' count, Modified), Create, row Delete. */
export function NamedTextListsPage<Name extends string, Texts extends string, Rec extends NamedTextListRecord<Name, Texts>>({
  kind,
}: {
  kind: NamedTextListKind<Name, Texts, Rec>;
}) {
  const { projectId = '' } = useParams();
  const { permissions } = useProjectAccess(projectId);
  const list = useListQuery(kind.api.contracts.list);
  const query = kind.api.useList(projectId, list.apiQuery);
  const deletion = useRowDeletion<Rec>(kind.api.useDelete(projectId));
  const { labels, fields } = kind;

  return (
    <>
      <PageTitle title={labels.many}>{permissions.canCreateSubProject && <CreateNamedTextListButton kind={kind} projectId={projectId} />}</PageTitle>
      <DataTable
        label={labels.many}
        columns={namedTextListColumns(kind, projectId)}
        list={list}
        query={query}
        rowKey={(record) => record.id}
        rowName={(record) => record[fields.name]}
        rowMenu={permissions.canDeleteSubProject ? (record) => <DeleteMenuItem onClick={() => deletion.ask(record)} /> : undefined}
      />
      <ConfirmDelete
        opened={deletion.row !== null}
        onClose={deletion.cancel}
        title={`Delete ${labels.one}`}
        message={deletion.row ? `Delete the ${labels.one.toLowerCase()} ${deletion.row[fields.name]}?` : undefined}
        onConfirm={deletion.confirm}
      />
    </>
  );
}
