import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconComponents, IconFileExport } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { projectPaths } from '@/config/paths';

function StageCard({ title, icon, link, to, children }: { title: string; icon: ReactNode; link: string; to: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Stack gap="xs" align="flex-start">
        {icon}
        <Title order={3} size="h4">
          {title}
        </Title>
        <Text size="sm">{children}</Text>
        <Anchor component={Link} to={to} size="sm">
          {link}
        </Anchor>
      </Stack>
    </Card>
  );
}

/** The staging area: what the internal tools are, for the provider's own employees. */
export function StagePage() {
  const { projectId = '' } = useParams();
  return (
    <Stack gap="md" maw={960}>
      <PageTitle title="Staging Area" />
      <Text>
        Internal tools for the provider&apos;s own employees. Customers never see this area: it answers only to
        accounts of the staff e-mail domain. Nothing here changes the project.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <StageCard
          title="Component Showcase"
          icon={<IconComponents size={28} stroke={1.5} />}
          link="Open the component showcase"
          to={projectPaths.stageSink.to(projectId)}
        >
          The console&apos;s shared components in their states: lists empty, loading and failed; a write form valid,
          invalid and saving; the delete confirmations; the rich-text editor; the chat widget. Every sample is
          labelled as one and saves nothing.
        </StageCard>
        <StageCard
          title="Content Export"
          icon={<IconFileExport size={28} stroke={1.5} />}
          link="Open content export"
          to={projectPaths.stageContentExport.to(projectId)}
        >
          Downloads every content item of this project, with its utterances and actions, as one CSV file.
        </StageCard>
      </SimpleGrid>
    </Stack>
  );
}
