import type { CSSProperties } from 'react';
import type { WebChannelConfig } from '@console/contracts';
import { OPEN_BUTTON_COLOR_VAR } from './launcher';

/** How see-through a window with backgroundTransparent is. */
const TRANSPARENT_SHARE = '82%';
/** How much of the accent colour tints the top of a gradient background. */
const GRADIENT_ACCENT_SHARE = '16%';

function windowBackground({ backgroundColor, backgroundGradient, backgroundTransparent, accentColor }: WebChannelConfig['window']): string {
  const base = backgroundTransparent ? `color-mix(in srgb, ${backgroundColor} ${TRANSPARENT_SHARE}, transparent)` : backgroundColor;
  if (!backgroundGradient) return base;
  return `linear-gradient(180deg, color-mix(in srgb, ${accentColor} ${GRADIENT_ACCENT_SHARE}, ${base}), ${base})`;
}

/** The channel's colours and sizes as the CSS custom properties the widget's stylesheet reads. */
export function themeVariables(config: WebChannelConfig): CSSProperties {
  const { concierge, controlBar, window, bubbles } = config;
  return {
    '--aw-title': concierge.titleColor,
    '--aw-subtitle': concierge.subtitleColor,
    '--aw-control-text': controlBar.textColor,
    '--aw-placeholder': controlBar.placeholderColor,
    '--aw-close': controlBar.closeIconColor,
    '--aw-close-hover': controlBar.closeIconHoverColor,
    '--aw-blur': `${window.blur}px`,
    '--aw-full-width': `${window.fullWidth}px`,
    '--aw-side-width': `${window.sideWidth}px`,
    '--aw-window-bg': windowBackground(window),
    '--aw-accent': window.accentColor,
    [OPEN_BUTTON_COLOR_VAR]: window.openButtonColor,
    '--aw-bubble-max': `${bubbles.maxWidth}px`,
    '--aw-concierge-text': bubbles.conciergeTextColor,
    '--aw-concierge-link': bubbles.conciergeLinkTextColor,
  } as CSSProperties;
}
