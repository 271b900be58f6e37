import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { ModalEntityForm, useModalEntityForm } from '@/components/entity-form';
import { FormModalButton } from '@/components/form-modal-button';
import { projectPaths } from '@/config/paths';
import { slotApi } from '@/lib/api/slot-api';
import { slotFormValues, slotInput } from '../slot-form';
import { SlotFields } from './slot-fields';

function CreateSlotForm({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const navigate = useNavigate();
  const mutation = slotApi.useCreate(projectId);
  const form = useModalEntityForm({
    schema: slotApi.contracts.body,
    initialValues: slotFormValues(),
    toInput: slotInput,
    onSubmit: (body) => mutation.mutateAsync(body),
    onDone: (slot) => {
      onClose();
      void navigate(projectPaths.slot.to(projectId, slot.id));
    },
  });
  return (
    <ModalEntityForm form={form} submitLabel="Create" onClose={onClose}>
      <SlotFields form={form} />
    </ModalEntityForm>
  );
}

/** 'Create Slot': the slot form; the new slot opens. */
export function CreateSlotButton({ projectId }: { projectId: string }) {
  return (
    <FormModalButton label="Create Slot" icon={<IconPlus size={16} />}>
      {(close) => <CreateSlotForm projectId={projectId} onClose={close} />}
    </FormModalButton>
  );
}
