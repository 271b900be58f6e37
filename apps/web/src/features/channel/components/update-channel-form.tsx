import { Select, TextInput } from '@mantine/core';
import { channelStatuses, updateChannelBody, type Channel, type ChannelStatus } from '@console/contracts';
import { ModalEntityForm, useEntityForm } from '@/components/entity-form';
import { statusOptions } from '@/lib/status';
import { useUpdateChannel } from '../api/update-channel';

/** 'Update Channel': Name and Status (active or draft); submit 'Save'; stays open to show 'Saved!'. */
export function UpdateChannelForm({ channel, onClose }: { channel: Channel; onClose: () => void }) {
  const mutation = useUpdateChannel(channel);
  const form = useEntityForm({
    schema: updateChannelBody,
    initialValues: { display_name: channel.display_name, status: channel.status as ChannelStatus | '' },
    onSubmit: (body) => mutation.mutateAsync(body),
  });
  return (
    <ModalEntityForm form={form} submitLabel="Save" onClose={onClose} closeLabel="Close">
      <TextInput label="Name" autoComplete="off" data-autofocus {...form.textProps('display_name')} />
      <Select label="Status" data={statusOptions(channelStatuses)} {...form.selectProps('status')} />
    </ModalEntityForm>
  );
}
