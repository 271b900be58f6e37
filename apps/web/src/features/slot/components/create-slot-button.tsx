import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { slotBody, type Slot } from '@console/contracts';
import { ModalEntityForm, useModalEntityForm } from '@/components/entity-form';
import { FormModalButton } from '@/components/form-modal-button';
import { projectPaths } from '@/config/paths';
import { useCreateSlot } from '../api/create-slot';
import { SlotFields, type SlotValues } from './slot-fields';

function CreateSlotForm({
  projectId,
  onClose,
  onCreated,
}: {
  projectId: string;
  onClose: () => void;
  onCreated: (slot: Slot) => void;
}) {
  const mutation = useCreateSlot(projectId);
  const form = useModalEntityForm({
    schema: slotBody,
    // One empty line to type the first term into.
    initialValues: { name: '', terms: [''] } as SlotValues,
    onSubmit: (body) => mutation.mutateAsync(body),
    onDone: onCreated,
  });
  return (
    <ModalEntityForm form={form} submitLabel="Create" onClose={onClose}>
      <SlotFields form={form} />
    </ModalEntityForm>
  );
}

/** 'Create Slot': Name and Terms; the new slot opens (project-areas §4). */
export function CreateSlotButton({ projectId }: { projectId: string }) {
  const navigate = useNavigate();
  return (
    <FormModalButton label="Create Slot" icon={<IconPlus size={16} />}>
      {(close) => (
        <CreateSlotForm
          projectId={projectId}
          onClose={close}
          onCreated={(slot) => navigate(projectPaths.slot.to(projectId, slot.id))}
        />
      )}
    </FormModalButton>
  );
}
