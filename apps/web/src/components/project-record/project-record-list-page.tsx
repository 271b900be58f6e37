import type { ComponentType, ReactNode } from 'react';
import { ConfirmDelete } from '@/components/confirm-delete';
import { DataTable, DeleteMenuItem, useRowDeletion, type DataTableProps } from '@/components/data-table';
import { PageTitle } from '@/components/page-title';
import { useProjectAccess } from '@/hooks/use-project-access';

/** A confirmation that deletes the named record, open while `name` is set. */
export type DeleteRecordModal = ComponentType<{ name: string | null; onClose: () => void; onConfirm: () => Promise<unknown> }>;

type ProjectRecordListPageProps<Row> = Pick<DataTableProps<Row>, 'columns' | 'list' | 'query' | 'rowKey'> & {
  projectId: string;
  /** The page title and the table's label, e.g. 'Sequences'. */
  title: string;
  /** The Create button, shown to those who may create the project's records. */
  create: ReactNode;
  rowName: (row: Row) => string;
  /** Deletes a record by its id (rowKey). */
  remove: { mutateAsync: (id: string) => Promise<unknown> };
  /**
   * The Delete confirmation: by the record's name ({ noun: 'Sequence' } asks 'Delete the sequence
   * {name}?' under 'Delete Sequence'), or the record's own modal where deleting it says more.
   */
  confirmation: { noun: string } | { modal: DeleteRecordModal };
};

/**
 * A list screen of a project's records: the title with Create, the table, a Delete row menu and its
 * confirmation. Create and Delete follow the caller's rights on the project (viewers only read).
 */
export function ProjectRecordListPage<Row>({
  projectId,
  title,
  create,
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
        rowMenu={permissions.canDeleteSubProject ? (row) => <DeleteMenuItem onClick={() => deletion.ask(row)} /> : undefined}
      />
      {'modal' in confirmation ? (
        <confirmation.modal name={name} onClose={deletion.cancel} onConfirm={deletion.confirm} />
      ) : (
        <ConfirmDelete
          opened={name !== null}
          onClose={deletion.cancel}
          title={`Delete ${confirmation.noun}`}
          message={name === null ? undefined : `Delete the ${confirmation.noun.toLowerCase()} ${name}?`}
          onConfirm={deletion.confirm}
        />
      )}
    </>
  );
}
