import { useEffect, useState } from 'react';
import { Alert, Button, Code, Group, List, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconEye, IconEyeOff } from '@tabler/icons-react';
import { COPIED_MARK_MS, conversationErasurePaths, conversationStorePaths, type ApiKeyScope, type CreatedApiKey } from '@console/contracts';
import { AppModal } from '@/components/app-modal';
import { API_BASE } from '@/lib/api-client';

export const KEY_NOT_SHOWN_AGAIN = 'This key will not be shown again.';

const MASK = '•';

/** Hides a key but its prefix-free length: what the user sees before 'Reveal'. */
export function maskKey(key: string): string {
  return MASK.repeat(Math.min(key.length, 48));
}

const storeRoutes: { scope: ApiKeyScope; method: 'GET' | 'POST'; path: string; reads: string }[] = [
  { scope: 'read_conversation_store', method: 'GET', path: conversationStorePaths.conversations, reads: 'its conversations, newest first' },
  { scope: 'read_conversation_store', method: 'GET', path: conversationStorePaths.conversation, reads: "one conversation's events" },
  { scope: 'read_conversation_store', method: 'GET', path: conversationStorePaths.events, reads: 'its events (the query log), newest first' },
  { scope: 'erase_conversations', method: 'POST', path: conversationErasurePaths.preview, reads: 'what an erasure by conversation ids or by a value would take' },
  { scope: 'erase_conversations', method: 'POST', path: conversationErasurePaths.erase, reads: 'erases what the preview listed' },
];

/** How the key is used: the header it goes in and the routes of the conversation store its scopes open. */
function KeyUsage({ scopes }: { scopes: readonly ApiKeyScope[] }) {
  const routes = storeRoutes
    .filter((route) => scopes.includes(route.scope))
    .map(({ method, path, reads }) => ({ route: `${method} ${API_BASE}${path.replace(/:(\w+)/g, '{$1}')}`, reads }));
  return (
    <Stack gap={4} aria-label="How to use the key" role="region">
      <Text size="sm">
        Send it in the <Code>Authorization: Bearer &lt;key&gt;</Code> header of a call to the conversation store, which
        reaches the key&apos;s deployment only:
      </Text>
      <List size="sm" spacing={2}>
        {routes.map(({ route, reads }) => (
          <List.Item key={route}>
            <Code>{route}</Code>: {reads}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

function CreatedKeyBody({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const [revealed, setRevealed] = useState(false);
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MARK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopyFailed(false);
      setCopied(true);
    } catch {
      setCopyFailed(true);
    }
  }

  return (
    <Stack gap="sm">
      <Text size="sm">
        The key <b>{created.display_name}</b> was created.
      </Text>
      <Code block aria-label="API key" data-testid="created-api-key" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {revealed ? created.key : maskKey(created.key)}
      </Code>
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          leftSection={revealed ? <IconEyeOff size={14} /> : <IconEye size={14} />}
          onClick={() => setRevealed((value) => !value)}
          aria-pressed={revealed}
        >
          {revealed ? 'Hide' : 'Reveal'}
        </Button>
        <Button
          variant="default"
          size="xs"
          color={copied ? 'teal' : undefined}
          leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          onClick={() => void copy()}
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </Group>
      {copyFailed && (
        <Text size="sm" c="red.7" role="alert">
          The browser refused to copy: reveal the key and copy it by hand.
        </Text>
      )}
      <Alert color="yellow" variant="light" p="xs">
        <Text size="sm">{KEY_NOT_SHOWN_AGAIN}</Text>
      </Alert>
      <KeyUsage scopes={created.scopes} />
      <Group justify="flex-end">
        <Button onClick={onDone} data-autofocus>
          Done
        </Button>
      </Group>
    </Stack>
  );
}

/** The one-time 'Created API Key' dialog: masked key, Reveal/Hide, Copy (mark for COPIED_MARK_MS), Done. */
export function CreatedApiKeyModal({ created, onDone }: { created: CreatedApiKey | null; onDone: () => void }) {
  return (
    <AppModal
      opened={created !== null}
      onClose={onDone}
      title="Created API Key"
      centered
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
    >
      {created && <CreatedKeyBody created={created} onDone={onDone} />}
    </AppModal>
  );
}
