import { useId } from 'react';
import { Button, Tooltip, VisuallyHidden, type ButtonProps } from '@mantine/core';

export interface ReasonedButtonProps extends ButtonProps {
  /** Why the button cannot be used now; null when it can. */
  disabledReason: string | null;
  /** What pressing it will do (a tooltip), when that is not obvious from its text. */
  hint?: string;
  /** A busy button ignores presses without saying why. */
  busy?: boolean;
  /** Turns the tooltip off (when the button's own title says more). */
  tooltipOff?: boolean;
  onClick: () => void;
  'aria-label'?: string;
  'aria-busy'?: boolean;
  title?: string;
}

/**
 * A button that says why it cannot be used (tooltip and accessible description) and stays
 * focusable, so keyboard users can read the reason too: Deploy before a sync, Rollback with no
 * earlier version, Promote with nothing to promote.
 */
export function ReasonedButton({ disabledReason, hint, busy = false, tooltipOff = false, onClick, children, ...props }: ReasonedButtonProps) {
  const reasonId = useId();
  const blocked = Boolean(disabledReason) || busy;
  return (
    <>
      <Tooltip label={disabledReason ?? hint} disabled={tooltipOff || (!disabledReason && !hint)} withArrow>
        <Button
          {...props}
          // Not the disabled attribute: a disabled button gets no hover or focus, so its reason could not show.
          data-disabled={disabledReason ? true : undefined}
          aria-disabled={blocked || undefined}
          aria-describedby={disabledReason ? reasonId : undefined}
          onClick={(event) => {
            if (blocked) event.preventDefault();
            else onClick();
          }}
        >
          {children}
        </Button>
      </Tooltip>
      {disabledReason && <VisuallyHidden id={reasonId}>{disabledReason}</VisuallyHidden>}
    </>
  );
}
