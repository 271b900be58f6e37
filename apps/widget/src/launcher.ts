/**
 * What the loader's launcher (plain DOM, before the chat bundle loads) and the widget's launcher
 * (a component) share, so the button a visitor clicks looks and reads the same before and after.
 */

/** A speech bubble (24x24 view box). */
export const LAUNCHER_ICON_PATH =
  'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm3 6a1.5 1.5 0 1 0 0 .01zm5 0a1.5 1.5 0 1 0 0 .01zm5 0a1.5 1.5 0 1 0 0 .01z';

export function launcherLabel(conciergeName: string): string {
  return `Open ${conciergeName}`;
}

/** The CSS custom property of the launcher's colour (window.openButtonColor). */
export const OPEN_BUTTON_COLOR_VAR = '--aw-open-button';
