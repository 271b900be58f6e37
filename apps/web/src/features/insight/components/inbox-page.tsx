import { useMemo } from 'react';
import { Group, Loader, Text } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import type { Inbox, ListSpec } from '@console/contracts';
import { useListQuery } from '@/components/data-table';
import { PageTitle } from '@/components/page-title';
import { useRefreshAfterChanges } from '@/hooks/use-refresh-after-changes';
import { useInbox } from '../api/get-inbox';
import { insightKeys } from '../api/keys';
import { insightApiQuery, readInsightFilters, windowParams, writeInsightFilter, type InsightFilters } from '../insight-filters';
import { counted } from '../insight-words';
import { InboxFilterBar } from './inbox-filter-bar';
import { TopicTable } from './topic-table';

/** The inbox pages its topics; the order is the server's (by impact) and the filters are the inbox's own. */
const topicPaging: ListSpec = { sortable: [], filters: {} };
const TOPICS_PER_PAGE = 25;

/** 'N failed questions in M topics', and how many wait to be grouped (the inbox is read again meanwhile). */
function InboxSummary({ inbox }: { inbox: Inbox }) {
  return (
    <Group gap="md" mb="sm" role="status">
      <Text fw={500}>{`${counted(inbox.question_count, 'failed question')} in ${counted(inbox.total, 'topic')}`}</Text>
      {inbox.pending > 0 && (
        <Group gap={6}>
          <Loader size="xs" aria-hidden="true" />
          <Text size="sm" c="dimmed">
            {`${counted(inbox.pending, 'question')} ${inbox.pending === 1 ? 'is' : 'are'} still being grouped`}
          </Text>
        </Group>
      )}
    </Group>
  );
}

/**
 * project/{id}/insight ('Inbox'): the questions the assistant failed in a window, grouped by meaning
 * into topics, by impact (questions x conversations). The filters live in the query string; a topic
 * opens the resolver on its questions of the same window.
 */
export function InboxPage() {
  const { projectId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readInsightFilters(params, new Date()), [params]);
  // A sync starts the fixes' checks.
  useRefreshAfterChanges(insightKeys.project(projectId));
  const list = useListQuery(topicPaging, undefined, { defaultLimit: TOPICS_PER_PAGE });
  const query = useInbox(projectId, { ...insightApiQuery(filters), limit: list.state.limit, offset: list.state.offset });
  const change = <K extends keyof InsightFilters>(name: K, value: InsightFilters[K] | null) =>
    setParams((current) => writeInsightFilter(current, name, value), { replace: true, preventScrollReset: true });

  return (
    <>
      <PageTitle title="Inbox" />
      <InboxFilterBar projectId={projectId} filters={filters} onChange={change} />
      {query.data && !query.isError && (query.data.total > 0 || query.data.pending > 0) && <InboxSummary inbox={query.data} />}
      <TopicTable projectId={projectId} list={list} query={query} filters={windowParams(params)} />
    </>
  );
}
