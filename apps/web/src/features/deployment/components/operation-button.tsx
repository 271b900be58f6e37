import { useId, type ReactNode } from 'react';
import { Button, Loader, Tooltip, VisuallyHidden, type ButtonProps } from '@mantine/core';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { errorDetail, errorMessage } from '@/lib/api-client';
import { cutErrorText, type ButtonOperation } from '../button-operation';

interface OperationButtonProps {
  operation: ButtonOperation;
  /** The button's text and what each outcome reads ('Sync', 'Syncing...', 'Synced'). */
  labels: { idle: string; running: string; done: string };
  icon: ReactNode;
  /** Why the button cannot be used now; null when it can. */
  disabledReason: string | null;
  /** What pressing it will do (a tooltip), when that is not obvious from its text. */
  hint?: string;
  onClick: () => void;
  /** The look while nothing is shown on it (default subtle, as in the header). */
  variant?: ButtonProps['variant'];
}

/**
 * A button that runs a call and shows its progress and outcome in itself (Sync, Deploy): its text
 * while running, then a short success mark, or the failure cut to
 * SYNC_ERROR_MAX_CHARS characters plus '...' for SYNC_ERROR_MS with the whole text as its title and
 * accessible name. A button that cannot be used says why (tooltip and accessible description);
 * it stays focusable so that keyboard users can read the reason too.
 */
export function OperationButton({ operation, labels, icon, disabledReason, hint, onClick, variant = 'subtle' }: OperationButtonProps) {
  const reasonId = useId();
  const { state } = operation;
  const failure = state.kind === 'failed' ? errorMessage(state.error) : null;
  const failureName = failure && `${labels.idle} failed: ${failure}`;
  const running = state.kind === 'running';
  const blocked = Boolean(disabledReason) || running;

  const text =
    state.kind === 'failed'
      ? cutErrorText(errorDetail(state.error))
      : running
        ? labels.running
        : state.kind === 'done'
          ? labels.done
          : labels.idle;
  const leftSection = running ? (
    <Loader size={14} aria-hidden="true" />
  ) : state.kind === 'done' ? (
    <IconCheck size={16} aria-hidden="true" />
  ) : failure ? (
    <IconAlertCircle size={16} aria-hidden="true" />
  ) : (
    icon
  );
  const announcement = failureName ?? (running ? labels.running : state.kind === 'done' ? labels.done : '');

  return (
    <>
      {/* A failure has the native title the spec asks for; a second tooltip would cover it. */}
      <Tooltip label={disabledReason ?? hint} disabled={Boolean(failure) || (!disabledReason && !hint)} withArrow>
        <Button
          variant={failure ? 'light' : variant}
          color={failure ? 'red' : state.kind === 'done' ? 'green' : undefined}
          leftSection={leftSection}
          // Not the disabled attribute: a disabled button gets no hover or focus, so its reason could not show.
          data-disabled={disabledReason ? true : undefined}
          aria-disabled={blocked || undefined}
          aria-busy={running || undefined}
          aria-describedby={disabledReason ? reasonId : undefined}
          aria-label={failureName ?? undefined}
          title={failure ?? undefined}
          onClick={(event) => {
            if (blocked) event.preventDefault();
            else onClick();
          }}
        >
          {text}
        </Button>
      </Tooltip>
      {disabledReason && <VisuallyHidden id={reasonId}>{disabledReason}</VisuallyHidden>}
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
    </>
  );
}
