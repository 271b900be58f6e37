import { Anchor, Button, Text } from '@mantine/core';
import { IconListSearch } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { conversationList, queryList, type ConversationRecord } from '@console/contracts';
import { DataTable, useListQuery, type DataTableColumn } from '@/components/data-table';
import { PageTitle } from '@/components/page-title';
import { projectPaths } from '@/config/paths';
import { exploreLink } from '../analytics-links';
import { useConversations } from '../api/get-conversations';
import { useDeploymentOptions } from '../use-deployment-options';
import { dataTypeFilter, deploymentFilter, feedbackFilter, queryDateColumn, realtimeFilter, responseTypeFilter } from './event-columns';
import { FeedbackCounts } from './feedback-counts';

function conversationColumns(projectId: string): DataTableColumn<ConversationRecord>[] {
  return [
    queryDateColumn(),
    {
      key: 'first_utterance',
      header: 'First Utterance',
      // The link that opens the conversation; one that began without a question still opens.
      render: (conversation) => (
        <Anchor component={Link} to={projectPaths.conversation.to(projectId, conversation.conv_id)} size="sm">
          {conversation.first_utterance ?? 'Open conversation'}
        </Anchor>
      ),
    },
    {
      key: 'feedback',
      header: 'Feedback',
      render: (conversation) => <FeedbackCounts liked={conversation.liked_count} disliked={conversation.disliked_count} />,
    },
    {
      key: 'conv_id',
      header: 'Conv ID',
      render: (conversation) => (
        <Text ff="monospace" size="xs">
          {conversation.conv_id}
        </Text>
      ),
    },
  ];
}

/**
 * project/{id}/conv: the project's conversations by their first question, newest
 * first, with their liked and disliked answers, filtered by what they hold (a disliked answer among
 * them) and where they came from (the Real-Time Test's only when switched on); each opens its
 * transcript. Explore By Query shows the questions of the same filters.
 */
export function ConversationListPage() {
  const { projectId = '' } = useParams();
  const [params] = useSearchParams();
  const list = useListQuery(conversationList);
  const query = useConversations(projectId, list.apiQuery);
  const deployments = useDeploymentOptions(projectId);

  return (
    <>
      <PageTitle title="Conversations">
        <Button
          component={Link}
          to={exploreLink(projectPaths.queries.to(projectId), params, queryList)}
          variant="default"
          leftSection={<IconListSearch size={16} />}
        >
          Explore By Query
        </Button>
      </PageTitle>
      <DataTable
        label="Conversations"
        columns={conversationColumns(projectId)}
        filters={[dataTypeFilter, responseTypeFilter, feedbackFilter, deploymentFilter(deployments), realtimeFilter]}
        list={list}
        query={query}
        rowKey={(conversation) => conversation.conv_id}
        empty={{
          title: 'No conversations yet.',
          hint: "They appear once visitors chat through one of the project's deployments; the Real-Time Test's show with Include Real-Time Test.",
        }}
      />
    </>
  );
}
