import { useState } from 'react';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { DEFAULT_WEB_CHANNEL_CONFIG, EMPTY_PM_DOCUMENT, RESPONSE_CHARACTER_LIMIT, type PmDocument } from '@console/contracts';
import { PageTitle } from '@/components/page-title';
import { RichTextEditor } from '@/components/rich-text-editor';
import { projectPaths } from '@/config/paths';
import { ChannelSandbox } from '@/features/channel/components/channel-sandbox';
import { SampleCard } from './sample-card';
import { SampleConfirmations } from './sample-confirmations';
import { SampleForm } from './sample-form';
import { SampleLists } from './sample-lists';

function SampleEditor() {
  const [document, setDocument] = useState<PmDocument>(EMPTY_PM_DOCUMENT);
  return (
    <SampleCard
      title="Rich-text editor"
      description="The response editor with its toolbar and character limit. What is typed here stays on this page."
    >
      <RichTextEditor label="Sample response" value={document} onChange={setDocument} characterLimit={RESPONSE_CHARACTER_LIMIT} />
    </SampleCard>
  );
}

/**
 * The component showcase (stage/sink): the console's shared components, the
 * real ones, in their states. Samples are marked as such and save nothing; the widget is the
 * channel editor's sandbox and answers from this project's last sync, as the Real-Time Test does.
 */
export function SinkPage() {
  const { projectId = '' } = useParams();
  return (
    <Stack gap="md" maw={960}>
      <Anchor component={Link} to={projectPaths.stage.to(projectId)} size="sm">
        Back to the staging area
      </Anchor>
      <PageTitle title="Component Showcase" />
      <Text>
        The console&apos;s shared components as every screen uses them. Each exhibit marked Sample holds no project
        data and changes nothing.
      </Text>
      <SampleLists />
      <SampleForm />
      <SampleConfirmations />
      <SampleEditor />
      <SampleCard
        title="Chat widget"
        badge="Default look, live answers"
        description="The widget with its default configuration, floating as on a customer's page. Its questions go to this project's last sync; Send Error shows its error message, Reset Session its welcome."
      >
        <ChannelSandbox projectId={projectId} config={DEFAULT_WEB_CHANNEL_CONFIG} />
      </SampleCard>
    </Stack>
  );
}
