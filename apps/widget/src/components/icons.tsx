import { LAUNCHER_ICON_PATH } from '../launcher';

/** Stroked 24x24 icons of the window's buttons (decorative: every button has its own accessible name). */
const STROKES = {
  close: 'M6 6l12 12M18 6L6 18',
  clear: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13',
  send: 'M4 12l16-8-6 16-2-7z',
  expand: 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5',
  collapse: 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5',
  sound: 'M4 9h4l5-4v14l-5-4H4zM16 9a4 4 0 0 1 0 6M18.5 6.5a8 8 0 0 1 0 11',
  muted: 'M4 9h4l5-4v14l-5-4H4zM16 9l5 6M21 9l-5 6',
  log: 'M5 5h14M5 10h14M5 15h9M5 20h6',
  up: 'M7 11v9H4v-9zM7 11l4-8a2 2 0 0 1 3 2l-1 5h6a2 2 0 0 1 2 2.4l-1.6 6.6a2 2 0 0 1-2 1.6H7',
  down: 'M7 13V4H4v9zM7 13l4 8a2 2 0 0 0 3-2l-1-5h6a2 2 0 0 0 2-2.4L19.4 5A2 2 0 0 0 17.4 4H7',
} as const;

export type IconName = keyof typeof STROKES;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={STROKES[name]} />
    </svg>
  );
}

/** A button showing an icon alone, named for screen readers and on hover; `pressed` makes it a toggle. */
export function IconButton({ label, icon, pressed, disabled, onClick }: { label: string; icon: IconName; pressed?: boolean; disabled?: boolean; onClick: () => void }) {
  return (
    <button type="button" className="icon-button" aria-label={label} title={label} aria-pressed={pressed} disabled={disabled} onClick={onClick}>
      <Icon name={icon} />
    </button>
  );
}

export function LauncherIcon() {
  return (
    <svg className="launcher-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={LAUNCHER_ICON_PATH} />
    </svg>
  );
}
