import { useMemo, useRef, useState } from 'react';
import { Box, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { ChatWidget, type ChatTransport, type WidgetAnswer, type WidgetEvent } from '@console/widget';
import { ErrorView } from '@/components/error-view';
import { FullPageLoader } from '@/components/full-page-loader';
import { projectPaths } from '@/config/paths';
import { queryRealtime } from '@/lib/api/query-realtime';
import { sendRealtimeFeedback } from '@/lib/api/send-realtime-feedback';
import { convertReportingId } from '../api/convert-reporting-id';
import { useTestChannelConfig } from '../api/get-test-channel-config';
import { AnswerTrace } from './answer-trace';
import { AskSelect, NEWEST, useAskedVersion } from './ask-select';

interface RealTimeTestProps {
  projectId: string;
  /** Called when a widget link leaves for a console page, so the page can be seen. */
  onLeave: () => void;
}

/** The version that answered: the Real-Time Test's answers carry it (the widget's own type does not name it). */
function answeredVersion(answer: WidgetAnswer): number | null {
  return 'version' in answer && typeof answer.version === 'number' ? answer.version : null;
}

const footerStyle = { margin: '6px 0 0', fontSize: 12, color: '#495057' } as const;

/**
 * The Real-Time Test of a synced project: the chat widget, embedded, answering from the project's
 * newest version or from the version a chosen deployment answers from ('Ask'), with the look of
 * its first active web channel. Each answer says which version answered and shows its trace; 'Open
 * content' opens the item the answer came from; 'Query log' opens the conversation. Asking another
 * starts a new conversation.
 */
export function RealTimeTest({ projectId, onLeave }: RealTimeTestProps) {
  const navigate = useNavigate();
  const config = useTestChannelConfig(projectId);
  const [linkError, setLinkError] = useState<unknown>(null);
  const [ask, setAsk] = useState(NEWEST);
  // Read when asked, so a deploy meanwhile is what the next question meets.
  const version = useRef<number | undefined>(undefined);
  version.current = useAskedVersion(projectId, ask);
  const transport = useMemo<ChatTransport>(
    () => ({
      query: (body) => queryRealtime(projectId, { ...body, ...(version.current !== undefined && { version: version.current }) }),
      sendFeedback: (answerId, rating, comment) => sendRealtimeFeedback(projectId, answerId, rating, comment),
    }),
    [projectId],
  );

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
      <AskSelect projectId={projectId} value={ask} onChange={setAsk} />
      {linkError !== null && <ErrorView error={linkError} title="The content could not be opened" />}
      <Box style={{ flex: 1, minHeight: 0 }}>
        <ChatWidget
          key={ask}
          mode="embedded"
          config={config.data}
          transport={transport}
          links={{ content: true, queryLog: true }}
          onEvent={(event) => void onEvent(event)}
          renderAnswerFooter={(answer) => (
            <>
              {answeredVersion(answer) !== null && <p style={footerStyle}>Answered by version {answeredVersion(answer)}</p>}
              <AnswerTrace trace={answer.trace} />
            </>
          )}
        />
      </Box>
    </Stack>
  );
}
