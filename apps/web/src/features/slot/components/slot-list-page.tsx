import { useParams } from 'react-router';
import { slotTypeLabels, type Slot } from '@console/contracts';
import { modifiedColumn, nameColumn, useListQuery, type DataTableColumn } from '@/components/data-table';
import { ProjectRecordListPage } from '@/components/project-record/project-record-list-page';
import { projectPaths } from '@/config/paths';
import { slotApi } from '@/lib/api/slot-api';
import { CreateSlotButton } from './create-slot-button';

function slotColumns(projectId: string): DataTableColumn<Slot>[] {
  return [
    nameColumn<Slot>((id) => projectPaths.slot.to(projectId, id), 'name'),
    { key: 'type', header: 'Type', render: (slot) => slotTypeLabels[slot.type] },
    // Only a terms slot has terms; the others' cell stays empty.
    { key: 'terms', header: 'Terms', render: (slot) => (slot.type === 'terms' ? slot.terms.length : '') },
    modifiedColumn(),
  ];
}

/** project/{id}/slot: the project's slots (Name, Type, Terms, Modified), Create Slot, row Delete. */
export function SlotListPage() {
  const { projectId = '' } = useParams();
  const list = useListQuery(slotApi.contracts.list);
  return (
    <ProjectRecordListPage<Slot>
      projectId={projectId}
      title="Slots"
      create={<CreateSlotButton projectId={projectId} />}
      createLabel="Create Slot"
      columns={slotColumns(projectId)}
      list={list}
      query={slotApi.useList(projectId, list.apiQuery)}
      rowKey={(slot) => slot.id}
      rowName={(slot) => slot.name}
      remove={slotApi.useDelete(projectId)}
      confirmation={{ noun: 'Slot' }}
    />
  );
}
