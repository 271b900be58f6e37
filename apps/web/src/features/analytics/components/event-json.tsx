import { Code } from '@mantine/core';
import type { EventRecord } from '@console/contracts';

/**
 * An event as its JSON (what an event table's row expands to), with the request, the
 * answer and the engine's trace. A long trace scrolls inside its box, which takes the keyboard focus
 * so it can be scrolled without a mouse.
 */
export function EventJson({ event, label }: { event: EventRecord; label: string }) {
  return (
    <Code block tabIndex={0} aria-label={label} style={{ maxHeight: '28rem', overflow: 'auto', whiteSpace: 'pre' }}>
      {JSON.stringify(event, null, 2)}
    </Code>
  );
}
