import { Anchor } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { slotList, type Slot } from '@console/contracts';
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
import { projectPaths } from '@/config/paths';
import { useProjectAccess } from '@/features/project/use-project-access';
import { useDeleteSlot } from '../api/delete-slot';
import { useSlots } from '../api/get-slots';
import { CreateSlotButton } from './create-slot-button';

function slotColumns(projectId: string): DataTableColumn<Slot>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      sortField: 'name',
      filterField: 'name',
      render: (slot) => (
        <Anchor component={Link} to={projectPaths.slot.to(projectId, slot.id)} size="sm">
          {slot.name}
        </Anchor>
      ),
    },
    { key: 'terms', header: 'Terms', render: (slot) => slot.terms.length },
    modifiedColumn(),
  ];
}

/** project/{id}/slot: the project's slots (Name, Terms, Modified), Create Slot, row Delete. */
export function SlotListPage() {
  const { projectId = '' } = useParams();
  const { permissions } = useProjectAccess(projectId);
  const list = useListQuery(slotList);
  const query = useSlots(projectId, list.apiQuery);
  const deletion = useRowDeletion<Slot>(useDeleteSlot(projectId));

  return (
    <>
      <PageTitle title="Slots">{permissions.canCreateSubProject && <CreateSlotButton projectId={projectId} />}</PageTitle>
      <DataTable
        label="Slots"
        columns={slotColumns(projectId)}
        list={list}
        query={query}
        rowKey={(slot) => slot.id}
        rowName={(slot) => slot.name}
        rowMenu={permissions.canDeleteSubProject ? (slot) => <DeleteMenuItem onClick={() => deletion.ask(slot)} /> : undefined}
      />
      <ConfirmDelete
        opened={deletion.row !== null}
        onClose={deletion.cancel}
        title="Delete Slot"
        message={deletion.row ? `Delete the slot ${deletion.row.name}?` : undefined}
        onConfirm={deletion.confirm}
      />
    </>
  );
}
