import type { ReactNode } from 'react';
import { Loader, VisuallyHidden, type ButtonProps } from '@mantine/core';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { errorDetail, errorMessage } from '@/lib/api-client';
import { cutErrorText, type ButtonOperation } from '../button-operation';
import { ReasonedButton } from './reasoned-button';

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
 * accessible name. A button that cannot be used says why (ReasonedButton).
 */
export function OperationButton({ operation, labels, icon, disabledReason, hint, onClick, variant = 'subtle' }: OperationButtonProps) {
  const { state } = operation;
  const failure = state.kind === 'failed' ? errorMessage(state.error) : null;
  const failureName = failure && `${labels.idle} failed: ${failure}`;
  const running = state.kind === 'running';

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
      <ReasonedButton
        disabledReason={disabledReason}
        hint={hint}
        busy={running}
        // A failure has the native title the spec asks for; a second tooltip would cover it.
        tooltipOff={Boolean(failure)}
        variant={failure ? 'light' : variant}
        color={failure ? 'red' : state.kind === 'done' ? 'green' : undefined}
        leftSection={leftSection}
        aria-busy={running || undefined}
        aria-label={failureName ?? undefined}
        title={failure ?? undefined}
        onClick={onClick}
      >
        {text}
      </ReasonedButton>
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
    </>
  );
}
