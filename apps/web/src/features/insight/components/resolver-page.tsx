import { useMemo } from 'react';
import { Anchor, Grid, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { ListSpec } from '@console/contracts';
import { useListQuery, useRowSelection } from '@/components/data-table';
import { ErrorView } from '@/components/error-view';
import { FullPageLoader } from '@/components/full-page-loader';
import { PageTitle } from '@/components/page-title';
import { ProjectSubPageHeader } from '@/components/project-sub-page-header';
import { projectPaths } from '@/config/paths';
import { useProjectAccess } from '@/hooks/use-project-access';
import { useRefreshAfterChanges } from '@/hooks/use-refresh-after-changes';
import { useTopic } from '../api/get-topic';
import { insightKeys } from '../api/keys';
import { insightApiQuery, readInsightFilters, windowParams } from '../insight-filters';
import { DismissButton } from './dismiss-button';
import { FixHistory } from './fix-history';
import { FixPanel } from './fix-panel';
import { QuestionTable } from './question-table';
import { TopicSummary } from './topic-summary';

/** The questions page in the server's order (newest first); the window is the inbox's. */
const questionPaging: ListSpec = { sortable: [], filters: {} };
const QUESTIONS_PER_PAGE = 50;

function NoTopic({ projectId }: { projectId: string }) {
  return (
    <>
      <PageTitle title="Resolver" />
      <Text>
        Fixes start from a topic of failed questions:{' '}
        <Anchor component={Link} to={projectPaths.insight.to(projectId)}>
          open the Inbox
        </Anchor>{' '}
        and choose one.
      </Text>
    </>
  );
}

function TopicResolver({ projectId, topicId, params }: { projectId: string; topicId: string; params: URLSearchParams }) {
  const navigate = useNavigate();
  const { permissions } = useProjectAccess(projectId);
  const filters = useMemo(() => readInsightFilters(params, new Date()), [params]);
  const list = useListQuery(questionPaging, undefined, { defaultLimit: QUESTIONS_PER_PAGE });
  // A topic's questions are read whether or not the inbox shows dismissed topics.
  const query = useTopic(projectId, topicId, { ...insightApiQuery({ ...filters, includeDismissed: false }), limit: list.state.limit, offset: list.state.offset });
  // A sync starts the fixes' checks.
  useRefreshAfterChanges(insightKeys.project(projectId));
  // Another window shows other questions: what was chosen goes.
  const selection = useRowSelection(Object.fromEntries(windowParams(params)), query.data?.total ?? 0);
  // Every question, chosen as such or by choosing none, is the topic's own to the fix.
  const chosen = selection.selection?.kind === 'rows' ? selection.selection.keys : [];
  const parent = { label: 'Inbox', to: projectPaths.insight.to(projectId, windowParams(params)) };

  if (query.isPending) return <FullPageLoader label="Loading topic" />;
  if (query.isError && !query.data) {
    return (
      <>
        <ProjectSubPageHeader parent={parent} title="Topic" />
        <ErrorView error={query.error} />
      </>
    );
  }
  const detail = query.data;
  const { topic } = detail;
  const canFix = permissions.canUpdateSubProject;

  return (
    <>
      <ProjectSubPageHeader parent={parent} title={topic.label}>
        {canFix && topic.status !== 'dismissed' && <DismissButton projectId={projectId} topicId={topic.id} />}
      </ProjectSubPageHeader>
      <Stack gap="lg">
        <TopicSummary topic={topic} />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: canFix ? 7 : 12 }}>
            <QuestionTable projectId={projectId} list={list} query={query} selection={canFix ? selection : undefined} />
          </Grid.Col>
          {canFix && (
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <FixPanel
                projectId={projectId}
                detail={detail}
                selection={chosen}
                canCreate={permissions.canCreateSubProject}
                onFixed={(fix) => {
                  selection.clear();
                  // A new item opens on its page, for its response to be written.
                  if (fix.kind === 'new_content' && fix.content_id) void navigate(projectPaths.content.to(projectId, fix.content_id));
                }}
              />
            </Grid.Col>
          )}
        </Grid>
        <FixHistory projectId={projectId} fixes={topic.fixes} />
      </Stack>
    </>
  );
}

/**
 * project/{id}/resolver?topic={topicId} (with the inbox's window): a topic's questions, to be chosen,
 * and its fixes (each on the chosen questions, or all), with the fixes made so far and whether they
 * worked after the next sync. Without a topic it points to the Inbox.
 */
export function ResolverPage() {
  const { projectId = '' } = useParams();
  const [params] = useSearchParams();
  const topicId = params.get('topic');
  if (!topicId) return <NoTopic projectId={projectId} />;
  return <TopicResolver key={topicId} projectId={projectId} topicId={topicId} params={params} />;
}
