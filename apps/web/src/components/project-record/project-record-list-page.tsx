import type { ReactNode } from 'react';
import { ConfirmDeleteRecord, type DeletedRecord } from '@/components/confirm-delete';
import { DataTable, DeleteMenuItem, useRowDeletion, type DataTableProps } from '@/components/data-table';
import { PageTitle } from '@/components/page-title';
import { useProjectAccess } from '@/hooks/use-project-access';

type ProjectRecordListPageProps<Row> = Pick<DataTableProps<Row>, 'columns' | 'list' | 'query' | 'rowKey'> & {
  projectId: string;
  /** The page title and the table's label, e.g. 'Sequences'. */
  title: string;
  /** The Create button, shown to those who may create the project's records. */
  create: ReactNode;
  /** The Create button's label ('Create Sequence'), named by the empty list to those who have the button. */
  createLabel: string;
  rowName: (row: Row) => string;
  /** Deletes a record by its id (rowKey). */
  remove: { mutateAsync: (id: string) => Promise<unknown> };
  /**
   * The Delete confirmation: { noun: 'Sequence' } asks 'Delete the sequence {name}?' under
   * 'Delete Sequence', followed by the consequence where deleting it does more.
   */
  confirmation: DeletedRecord;
};

/**
 * A list screen of a project's records: the title with Create, the table, a Delete row menu and its
 * confirmation. Create and Delete follow the caller's rights on the project (viewers only read).
 */
export function ProjectRecordListPage<Row>({
  projectId,
  title,
  create,
  createLabel,
  columns,
  list,
  query,
  rowKey,
  rowName,
  remove,
  confirmation,
}: ProjectRecordListPageProps<Row>) {
  const { permissions } = useProjectAccess(projectId);
  const deletion = useRowDeletion<Row>(remove, rowKey);
  const name = deletion.row === null ? null : rowName(deletion.row);

  return (
    <>
      <PageTitle title={title}>{permissions.canCreateSubProject && create}</PageTitle>
      <DataTable
        label={title}
        columns={columns}
        list={list}
        query={query}
        rowKey={rowKey}
        rowName={rowName}
        empty={{
          title: `No ${title.toLowerCase()} yet.`,
          hint: permissions.canCreateSubProject ? `${createLabel} adds the first one.` : 'Editors and admins of the project create them.',
        }}
        rowMenu={permissions.canDeleteSubProject ? (row) => <DeleteMenuItem onClick={() => deletion.ask(row)} /> : undefined}
      />
      <ConfirmDeleteRecord {...confirmation} name={name} onClose={deletion.cancel} onConfirm={deletion.confirm} />
    </>
  );
}
