import { useState } from 'react';
import { Anchor, Card, Code, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { widgetSnippet, type Channel } from '@console/contracts';
import { CopyValueButton } from '@/components/copy-value-button';
import { ErrorView } from '@/components/error-view';
import { projectPaths } from '@/config/paths';
import { useDeployments } from '@/lib/api/get-deployments';

/** Every deployment of a project fits one page (projects have a handful). */
const deploymentsQuery = { limit: 100, sort_field: 'display_name', sort_direction: 'ascending' };

/**
 * The snippet a page embeds to show the channel's widget: one script tag naming a deployment of
 * the project (chosen here) and the channel. The console serves the widget, so its own address is
 * where the script comes from.
 */
export function ChannelSnippet({ channel }: { channel: Channel }) {
  const deployments = useDeployments(channel.project_id, deploymentsQuery);
  const [chosen, setChosen] = useState<string | null>(null);
  const records = deployments.data?.records ?? [];
  const deployment = records.find((record) => record.id === chosen) ?? records[0];
  const snippet = deployment ? widgetSnippet(window.location.origin, deployment.key, channel.key) : null;

  return (
    <Card withBorder padding="md" component="section" aria-label="Embed">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Embed
        </Title>
        {deployments.isPending && <Loader size="sm" aria-label="Loading deployments" />}
        {deployments.isError && <ErrorView error={deployments.error} />}
        {deployments.isSuccess && !deployment && (
          <Text size="sm" c="dimmed">
            The project has no deployment to embed the widget with.
          </Text>
        )}
        {deployment && snippet && (
          <>
            <Select
              label="Deployment"
              data={records.map((record) => ({ value: record.id, label: record.display_name }))}
              value={deployment.id}
              onChange={setChosen}
              allowDeselect={false}
              maw={320}
            />
            <Text size="sm">Paste this tag into the pages that should show the widget:</Text>
            <Code block aria-label="Snippet" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {snippet}
            </Code>
            <Group gap="xs">
              <CopyValueButton value={snippet} />
            </Group>
            <Text size="xs" c="dimmed">
              The widget shows once the channel is active, the project is deployed, and the page&apos;s origin is one of the{' '}
              <Anchor component={Link} to={projectPaths.deployment.to(channel.project_id, deployment.id)} size="xs">
                deployment&apos;s allowed origins
              </Anchor>
              .
            </Text>
          </>
        )}
      </Stack>
    </Card>
  );
}
