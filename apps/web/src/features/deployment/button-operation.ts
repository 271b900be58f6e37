import { useCallback, useEffect, useState } from 'react';
import { SAVED_MESSAGE_MS, SYNC_ERROR_MAX_CHARS, SYNC_ERROR_MS } from '@console/contracts';

/** A failure as the Sync and Deploy buttons show it: at most SYNC_ERROR_MAX_CHARS characters, then '...'. */
export function cutErrorText(text: string, max = SYNC_ERROR_MAX_CHARS): string {
  // By code points, so an emoji or accented letter is never split in half.
  const characters = Array.from(text);
  return characters.length > max ? `${characters.slice(0, max).join('')}...` : text;
}

export type ButtonOperationState =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'done' }
  | { kind: 'failed'; error: unknown };

const idle: ButtonOperationState = { kind: 'idle' };

/** How long each outcome stays on the button before it reads as usual again. */
const outcomeMs = { done: SAVED_MESSAGE_MS, failed: SYNC_ERROR_MS } as const;

/**
 * A call run from a button that shows its own progress and outcome: running while the call (and
 * what it awaits, such as the session reload) lasts, then 'done' for SAVED_MESSAGE_MS or the
 * failure for SYNC_ERROR_MS. A second press while running does nothing.
 */
export function useButtonOperation(run: () => Promise<unknown>) {
  const [state, setState] = useState<ButtonOperationState>(idle);

  useEffect(() => {
    if (state.kind !== 'done' && state.kind !== 'failed') return;
    const timer = setTimeout(() => setState(idle), outcomeMs[state.kind]);
    return () => clearTimeout(timer);
  }, [state]);

  const running = state.kind === 'running';
  const start = useCallback(async () => {
    if (running) return;
    setState({ kind: 'running' });
    try {
      await run();
      setState({ kind: 'done' });
    } catch (error) {
      setState({ kind: 'failed', error });
    }
  }, [run, running]);

  return { state, start };
}
export type ButtonOperation = ReturnType<typeof useButtonOperation>;
