import { useParams } from 'react-router';
import { channelList, type ChannelSummary } from '@console/contracts';
import { modifiedColumn, nameColumn, statusColumn, useListQuery, type DataTableColumn } from '@/components/data-table';
import { ProjectRecordListPage } from '@/components/project-record/project-record-list-page';
import { projectPaths } from '@/config/paths';
import { useDeleteChannel } from '../api/delete-channel';
import { useChannels } from '../api/get-channels';
import { channelDeletion, channelTypeLabels } from '../channel-types';
import { ChannelTypeBadge } from './channel-type-badge';
import { CreateChannelButton } from './create-channel-button';

function channelColumns(projectId: string): DataTableColumn<ChannelSummary>[] {
  return [
    nameColumn((id) => projectPaths.channel.to(projectId, id)),
    modifiedColumn({ filterable: true }),
    {
      key: 'type',
      header: 'Type',
      sortField: 'type',
      filterField: 'type',
      filterLabels: channelTypeLabels,
      render: (channel) => <ChannelTypeBadge type={channel.type} />,
    },
    statusColumn(),
  ];
}

/** /project/{id}/channel: Name, Modified, Type, Status with filters; Create Channel; row Delete. */
export function ChannelListPage() {
  const { projectId = '' } = useParams();
  const list = useListQuery(channelList);
  return (
    <ProjectRecordListPage<ChannelSummary>
      projectId={projectId}
      title="Channels"
      create={<CreateChannelButton projectId={projectId} />}
      createLabel="Create Channel"
      columns={channelColumns(projectId)}
      list={list}
      query={useChannels(projectId, list.apiQuery)}
      rowKey={(channel) => channel.id}
      rowName={(channel) => channel.display_name}
      remove={useDeleteChannel(projectId)}
      confirmation={channelDeletion}
    />
  );
}
