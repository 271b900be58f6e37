import { useParams } from 'react-router';
import { channelList, type ChannelSummary } from '@console/contracts';
import {
  DataTable,
  DeleteMenuItem,
  modifiedColumn,
  nameColumn,
  statusColumn,
  useListQuery,
  useRowDeletion,
  type DataTableColumn,
} from '@/components/data-table';
import { PageTitle } from '@/components/page-title';
import { projectPaths } from '@/config/paths';
import { useProjectAccess } from '@/features/project/use-project-access';
import { useDeleteChannel } from '../api/delete-channel';
import { useChannels } from '../api/get-channels';
import { channelTypeLabels } from '../channel-types';
import { ChannelTypeBadge } from './channel-type-badge';
import { CreateChannelButton } from './create-channel-button';
import { DeleteChannelModal } from './delete-channel-modal';

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

/** /project/{id}/channel (project-areas §2): Name, Modified, Type, Status with filters; Create Channel; row Delete. */
export function ChannelListPage() {
  const { projectId = '' } = useParams();
  const { permissions } = useProjectAccess(projectId);
  const list = useListQuery(channelList);
  const query = useChannels(projectId, list.apiQuery);
  const deletion = useRowDeletion<ChannelSummary>(useDeleteChannel(projectId));

  return (
    <>
      <PageTitle title="Channels">{permissions.canCreateSubProject && <CreateChannelButton projectId={projectId} />}</PageTitle>
      <DataTable
        label="Channels"
        columns={channelColumns(projectId)}
        list={list}
        query={query}
        rowKey={(channel) => channel.id}
        rowName={(channel) => channel.display_name}
        rowMenu={permissions.canDeleteSubProject ? (channel) => <DeleteMenuItem onClick={() => deletion.ask(channel)} /> : undefined}
      />
      <DeleteChannelModal name={deletion.row?.display_name ?? null} onClose={deletion.cancel} onConfirm={deletion.confirm} />
    </>
  );
}
