import { useState } from 'react';
import { Alert, Stack } from '@mantine/core';
import { Navigate, useNavigate, useParams } from 'react-router';
import { channelMessages, type Channel, type ProjectPermissions } from '@console/contracts';
import { IconPencil } from '@tabler/icons-react';
import { ActionsMenu } from '@/components/actions-menu';
import { ConfirmDeleteRecord } from '@/components/confirm-delete';
import { ErrorView } from '@/components/error-view';
import { FormModal } from '@/components/form-modal';
import { FullPageLoader } from '@/components/full-page-loader';
import { NotFound } from '@/components/not-found';
import { ProjectSubPageHeader } from '@/components/project-sub-page-header';
import { projectPaths } from '@/config/paths';
import { useProjectAccess } from '@/hooks/use-project-access';
import { useDeleteChannel } from '../api/delete-channel';
import { useChannel } from '../api/get-channel';
import { channelDeletion } from '../channel-types';
import { ChannelDetails } from './channel-details';
import { ChannelSnippet } from './channel-snippet';
import { UpdateChannelForm } from './update-channel-form';
import { WebChatEditor } from './web-chat-editor';

const channelsLink = (projectId: string) => ({ label: 'Channels', to: projectPaths.channels.to(projectId) });

function ChannelView({ channel, permissions }: { channel: Channel; permissions: ProjectPermissions }) {
  const navigate = useNavigate();
  const remove = useDeleteChannel(channel.project_id);
  const [open, setOpen] = useState<'update' | 'delete' | null>(null);
  const close = () => setOpen(null);

  return (
    <>
      <ProjectSubPageHeader parent={channelsLink(channel.project_id)} title={channel.display_name}>
        <ActionsMenu
          actions={[permissions.canUpdateSubProject && { label: 'Update', icon: <IconPencil size={14} />, onClick: () => setOpen('update') }]}
          onDelete={permissions.canDeleteSubProject ? () => setOpen('delete') : undefined}
        />
      </ProjectSubPageHeader>
      <Stack gap="lg">
        <ChannelDetails channel={channel} />
        <ChannelSnippet channel={channel} />
        {channel.type === 'web' ? (
          <WebChatEditor channel={channel} canUpdate={permissions.canUpdateSubProject} />
        ) : (
          <Alert color="gray" variant="light">
            {channelMessages.notImplemented}
          </Alert>
        )}
      </Stack>

      <FormModal opened={open === 'update'} onClose={close} title="Update Channel">
        <UpdateChannelForm channel={channel} onClose={close} />
      </FormModal>
      <ConfirmDeleteRecord
        {...channelDeletion}
        name={open === 'delete' ? channel.display_name : null}
        onClose={close}
        onConfirm={async () => {
          await remove.mutateAsync(channel.id);
          void navigate(projectPaths.channels.to(channel.project_id));
        }}
      />
    </>
  );
}

/** /project/{projectId}/channel/{channelId}. */
export function ChannelDetailPage() {
  const { projectId = '', channelId = '' } = useParams();
  const { permissions } = useProjectAccess(projectId);
  const channel = useChannel(channelId);

  if (!channelId) return <NotFound />;
  if (channel.isPending) return <FullPageLoader label="Loading channel" />;
  if (channel.isError) {
    return (
      <>
        <ProjectSubPageHeader parent={channelsLink(projectId)} title="Channel" />
        <ErrorView error={channel.error} />
      </>
    );
  }
  // A link that names another project: show the channel under its own project (and its rights).
  if (channel.data.project_id !== projectId) {
    return <Navigate to={projectPaths.channel.to(channel.data.project_id, channel.data.id)} replace />;
  }
  return <ChannelView channel={channel.data} permissions={permissions} />;
}
