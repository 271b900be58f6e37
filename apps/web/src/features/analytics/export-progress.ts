/**
 * Counts the events of a streamed query-log export as its bytes arrive. The export writes a JSON
 * array one event per line ('[' first, ']' last), and JSON escapes line breaks inside strings, so a
 * line that starts with '{' is an event and its line break ends it: counting reads bytes, with no
 * decoding or parsing, however large the export.
 */
export interface ExportProgress {
  /** The events received whole so far. */
  readonly events: number;
  /** Whether the closing ']' has arrived: an export without it was cut off. */
  readonly complete: boolean;
  push(chunk: Uint8Array): void;
}

const LINE_FEED = 0x0a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;

export function exportProgress(): ExportProgress {
  let events = 0;
  let complete = false;
  let atLineStart = true;
  let inEvent = false;
  return {
    get events() {
      return events;
    },
    get complete() {
      return complete;
    },
    push(chunk) {
      for (const byte of chunk) {
        if (byte === LINE_FEED) {
          if (inEvent) events += 1;
          inEvent = false;
          atLineStart = true;
        } else if (atLineStart) {
          inEvent = byte === OPEN_BRACE;
          if (byte === CLOSE_BRACKET) complete = true;
          atLineStart = false;
        }
      }
    },
  };
}
