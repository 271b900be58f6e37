import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import type { Slot } from '@console/contracts';
import { EntityForm, useEntityForm } from '@/components/entity-form';
import { ProjectRecordDetailPage } from '@/components/project-record/project-record-detail-page';
import { projectPaths } from '@/config/paths';
import { slotApi } from '@/lib/api/slot-api';
import { slotFormValues, slotInput } from '../slot-form';
import { SlotFields } from './slot-fields';

/** The slot form with Save for those who may update; read-only for the others. */
function SlotEditor({ slot, canUpdate }: { slot: Slot; canUpdate: boolean }) {
  const mutation = slotApi.useUpdate(slot.id);
  const form = useEntityForm({
    schema: slotApi.contracts.body,
    initialValues: slotFormValues(slot),
    toInput: slotInput,
    onSubmit: (body) => mutation.mutateAsync(body),
  });
  return canUpdate ? (
    <EntityForm form={form} submitLabel="Save">
      <SlotFields form={form} />
    </EntityForm>
  ) : (
    <Stack gap="sm">
      <SlotFields form={form} readOnly />
    </Stack>
  );
}

/** project/{id}/slot/{slotId}: details, the slot form, Delete Slot (back to the list). */
export function SlotDetailPage() {
  const { projectId = '', slotId = '' } = useParams();
  return (
    <ProjectRecordDetailPage
      projectId={projectId}
      labels={{ one: 'Slot', many: 'Slots' }}
      listPath={projectPaths.slots.to(projectId)}
      query={slotApi.useOne(slotId)}
      remove={slotApi.useDelete(projectId)}
      name={(slot) => slot.name}
      editor={(slot, canUpdate) => <SlotEditor key={slot.id} slot={slot} canUpdate={canUpdate} />}
    />
  );
}
