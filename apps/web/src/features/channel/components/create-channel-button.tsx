import { Select, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { createChannelBody, creatableChannelTypes } from '@console/contracts';
import { ModalEntityForm, useModalEntityForm } from '@/components/entity-form';
import { FormModalButton } from '@/components/form-modal-button';
import { projectPaths } from '@/config/paths';
import { useCreateChannel } from '../api/create-channel';
import { channelTypeLabels } from '../channel-types';

type CreatableChannelType = (typeof creatableChannelTypes)[number];

const typeOptions = creatableChannelTypes.map((type) => ({ value: type, label: channelTypeLabels[type] }));

function CreateChannelForm({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const navigate = useNavigate();
  const mutation = useCreateChannel(projectId);
  const form = useModalEntityForm({
    schema: createChannelBody,
    initialValues: { display_name: '', type: 'web' as CreatableChannelType | '' },
    onSubmit: (body) => mutation.mutateAsync(body),
    onDone: (channel) => {
      onClose();
      void navigate(projectPaths.channel.to(projectId, channel.id));
    },
  });
  return (
    <ModalEntityForm form={form} submitLabel="Create" onClose={onClose}>
      <TextInput label="Name" autoComplete="off" data-autofocus {...form.textProps('display_name')} />
      <Select label="Type" data={typeOptions} {...form.selectProps('type')} />
    </ModalEntityForm>
  );
}

/** 'Create Channel' (Name, Type: web only); the new channel opens. */
export function CreateChannelButton({ projectId }: { projectId: string }) {
  return (
    <FormModalButton label="Create Channel" icon={<IconPlus size={16} />}>
      {(close) => <CreateChannelForm projectId={projectId} onClose={close} />}
    </FormModalButton>
  );
}
