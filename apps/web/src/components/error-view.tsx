import { useState } from 'react';
import { Alert, Anchor, Code, List, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { ApiError, errorMessage } from '@/lib/api-client';

interface ErrorViewProps {
  error: unknown;
  /** Optional heading above the message. */
  title?: string;
}

/**
 * Shows an error: a server error reads '{title}: {detail}' with its
 * traceback in an expandable list; any other error shows its message ('Internal Server Error' by default).
 */
export function ErrorView({ error, title }: ErrorViewProps) {
  const [expanded, setExpanded] = useState(false);
  const traceback = error instanceof ApiError ? error.traceback : [];

  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={title} role="alert">
      <Stack gap={4}>
        <Text size="sm" c="red.8" data-testid="error-message">
          {errorMessage(error)}
        </Text>
        {traceback.length > 0 && (
          <>
            <Anchor
              component="button"
              type="button"
              size="xs"
              style={{ alignSelf: 'flex-start' }}
              onClick={() => setExpanded((value) => !value)}
              aria-expanded={expanded}
            >
              {expanded ? 'Hide traceback' : 'Show traceback'}
            </Anchor>
            {expanded && (
              <List size="xs" spacing={2} aria-label="Traceback">
                {traceback.map((line, index) => (
                  <List.Item key={index}>
                    <Code>{line}</Code>
                  </List.Item>
                ))}
              </List>
            )}
          </>
        )}
      </Stack>
    </Alert>
  );
}
