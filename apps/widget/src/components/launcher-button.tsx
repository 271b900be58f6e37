import { useEffect, useRef } from 'react';
import { launcherLabel } from '../launcher';
import { IMAGE_PROTOCOLS, safeUrl } from '../safe-url';
import { LauncherIcon } from './icons';

interface LauncherButtonProps {
  conciergeName: string;
  icon: string | null;
  /** Focus returns here when the visitor closes the window. */
  focusOnMount: boolean;
  onOpen: () => void;
}

export function LauncherButton({ conciergeName, icon, focusOnMount, onOpen }: LauncherButtonProps) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusOnMount) button.current?.focus();
  }, [focusOnMount]);
  const iconUrl = safeUrl(icon, IMAGE_PROTOCOLS);
  return (
    <button
      ref={button}
      type="button"
      className="launcher"
      aria-label={launcherLabel(conciergeName)}
      aria-haspopup="dialog"
      onClick={onOpen}
    >
      {iconUrl ? <img src={iconUrl} alt="" /> : <LauncherIcon />}
    </button>
  );
}
