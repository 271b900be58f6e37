import { useMemo, useRef, type ReactNode } from 'react';
import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowsMaximize, IconMessageDots, IconRefresh } from '@tabler/icons-react';
import { ChatWidget, type ChatTransport, type WidgetControls } from '@console/widget';
import { TEST_CALLOUT_MS, type WebChannelConfig } from '@console/contracts';
import { queryRealtime } from '@/lib/api/query-realtime';
import { sendRealtimeFeedback } from '@/lib/api/send-realtime-feedback';

/** What Send Callout shows: a sample of the message a page would use to invite visitors. */
const TEST_CALLOUT_TEXT = 'Hi! Can I help you find something?';

/** The sandbox's height: room for the launcher and an opened window. */
const SANDBOX_HEIGHT = '44rem';

/**
 * The live sandbox of the web chat editor: the real widget, floating as on a customer's page but
 * inside this area, drawn with the editor's unsaved values and answering from the project's newest
 * snapshot (the Real-Time Test route). Its tools drive the widget; `saveTool` is the editor's Save.
 */
export function ChannelSandbox({
  projectId,
  config,
  saveTool,
}: {
  projectId: string;
  config: WebChannelConfig;
  saveTool?: ReactNode;
}) {
  const controls = useRef<WidgetControls>(null);
  const transport = useMemo<ChatTransport>(
    () => ({
      query: (body) => queryRealtime(projectId, body),
      sendFeedback: (answerId, rating, comment) => sendRealtimeFeedback(projectId, answerId, rating, comment),
    }),
    [projectId],
  );

  return (
    <Stack gap="sm" component="section" aria-label="Sandbox">
      <Group justify="space-between" gap="xs" role="toolbar" aria-label="Sandbox tools">
        <Group gap="xs">
          <Button variant="default" size="xs" leftSection={<IconAlertTriangle size={14} />} onClick={() => controls.current?.showError()}>
            Send Error
          </Button>
          <Button variant="default" size="xs" leftSection={<IconRefresh size={14} />} onClick={() => controls.current?.resetSession()}>
            Reset Session
          </Button>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconMessageDots size={14} />}
            onClick={() => controls.current?.showCallout(TEST_CALLOUT_TEXT, TEST_CALLOUT_MS)}
          >
            Send Callout
          </Button>
          <Button variant="default" size="xs" leftSection={<IconArrowsMaximize size={14} />} onClick={() => controls.current?.toggleFullscreen()}>
            Toggle Fullscreen
          </Button>
        </Group>
        {saveTool}
      </Group>
      <Paper withBorder radius="md" bg="gray.0" h={SANDBOX_HEIGHT} style={{ overflow: 'hidden' }}>
        {/* A transformed box is the containing block of fixed-position descendants: the floating
            widget (fixed to the viewport on a real page) stays inside the sandbox. */}
        <Box h="100%" pos="relative" style={{ transform: 'translateZ(0)' }} data-testid="channel-sandbox">
          <Text size="xs" c="dimmed" p="sm">
            A page with the widget as visitors see it. It answers from the project&apos;s last sync.
          </Text>
          <ChatWidget config={config} transport={transport} mode="floating" controlRef={controls} />
        </Box>
      </Paper>
    </Stack>
  );
}
