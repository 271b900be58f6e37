import { useMemo, useState } from 'react';
import { Box, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { ChatWidget, type ChatTransport, type WidgetEvent } from '@console/widget';
import { ErrorView } from '@/components/error-view';
import { FullPageLoader } from '@/components/full-page-loader';
import { projectPaths } from '@/config/paths';
import { queryRealtime } from '@/lib/api/query-realtime';
import { convertReportingId } from '../api/convert-reporting-id';
import { useTestChannelConfig } from '../api/get-test-channel-config';
import { AnswerTrace } from './answer-trace';

interface RealTimeTestProps {
  projectId: string;
  /** Called when a widget link leaves for a console page, so the page can be seen. */
  onLeave: () => void;
}

/**
 * The Real-Time Test of a synced project: the chat widget, embedded, answering
 * from the project's newest snapshot with the look of its first active web channel. 'Open content'
 * opens the item the answer came from; 'Query log' opens the conversation; each answer shows its trace.
 */
export function RealTimeTest({ projectId, onLeave }: RealTimeTestProps) {
  const navigate = useNavigate();
  const config = useTestChannelConfig(projectId);
  const [linkError, setLinkError] = useState<unknown>(null);
  const transport = useMemo<ChatTransport>(() => ({ query: (body) => queryRealtime(projectId, body) }), [projectId]);

  async function onEvent(event: WidgetEvent) {
    if (event.type === 'navigate-content') {
      setLinkError(null);
      try {
        const contentId = await convertReportingId(projectId, event.reporting_id);
        onLeave();
        void navigate(projectPaths.content.to(projectId, contentId));
      } catch (error) {
        setLinkError(error);
      }
    } else if (event.type === 'navigate-query-log') {
      onLeave();
      void navigate(projectPaths.conversation.to(projectId, event.conv_id));
    }
  }

  if (config.isPending) return <FullPageLoader label="Loading the chat widget" />;
  if (config.isError) return <ErrorView error={config.error} title="The channel configuration could not be loaded" />;
  return (
    <Stack gap="sm" h="100%">
      {linkError !== null && <ErrorView error={linkError} title="The content could not be opened" />}
      <Box style={{ flex: 1, minHeight: 0 }}>
        <ChatWidget
          mode="embedded"
          config={config.data}
          transport={transport}
          links={{ content: true, queryLog: true }}
          onEvent={(event) => void onEvent(event)}
          renderAnswerFooter={(answer) => <AnswerTrace trace={answer.trace} />}
        />
      </Box>
    </Stack>
  );
}
