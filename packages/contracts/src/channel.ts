import { z } from 'zod';
import { oneOf, strictObject, text } from './fields';
import { defineList } from './list';
import { messages } from './messages';
import { imageUrlSchema, kbDocumentSchema, type KbDocument } from './rich-text';

/**
 * Channels: where a project's assistant meets visitors. Only the web chat widget is built; a
 * channel of another type says it has not yet been implemented.
 */

export const channelTypes = ['web', 'search', 'hubspot', 'hubspot-webhook', 'twilio-sms-webhook', 'twilio-voice-webhook'] as const;
export type ChannelType = (typeof channelTypes)[number];
export const creatableChannelTypes = ['web'] as const;
export const channelStatuses = ['active', 'draft'] as const;
export type ChannelStatus = (typeof channelStatuses)[number];

export const channelMessages = {
  notImplemented: 'This channel type has not yet been implemented.',
} as const;

/** The sliders of the web chat editor: bounds and step of each. */
export const WEB_CHANNEL_RANGES = {
  blur: { min: 0, max: 5, step: 0.1 },
  fullWidth: { min: 400, max: 1200, step: 10 },
  sideWidth: { min: 400, max: 800, step: 10 },
  maxWidth: { min: 200, max: 500, step: 10 },
  responseTimeout: { min: 3000, max: 30000, step: 250 },
} as const;
/** How long the sandbox's test callout stays. */
export const TEST_CALLOUT_MS = 3000;
export const TTS_GENDERS = ['female', 'male'] as const;
export const TTS_VOICES = ['a', 'b', 'c', 'd'] as const;

const color = (field: string) =>
  z
    .string({ error: `${field} must be a colour like #1c7ed6` })
    .regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i, { error: `${field} must be a colour like #1c7ed6` });

const ranged = (field: string, range: { min: number; max: number; step: number }) =>
  z
    .number({ error: `${field} must be a number` })
    .min(range.min, { error: messages.notLessThan(field, range.min) })
    .max(range.max, { error: messages.notGreaterThan(field, range.max) })
    .refine((value) => Math.abs(Math.round((value - range.min) / range.step) * range.step - (value - range.min)) < 1e-9, {
      error: `${field} must be a multiple of ${range.step}`,
    });

const flag = (field: string) => z.boolean({ error: messages.oneOf(field, ['true', 'false']) });
const optionalImage = imageUrlSchema.nullable();

/** A BCP 47 language tag the browser knows (en-US, de, pt-BR...). */
const locale = z.string({ error: 'Locale must be a language tag like en-US' }).refine(
  (value) => {
    try {
      return Intl.getCanonicalLocales(value).length === 1;
    } catch {
      return false;
    }
  },
  { error: 'Locale must be a language tag like en-US' },
);

export const webChannelConfigSchema = strictObject({
  concierge: strictObject({
    name: text('Concierge Name', 1, 64),
    titleColor: color('Title Color'),
    subtitleColor: color('Subtitle Color'),
  }),
  logos: strictObject({ brand: optionalImage, icon: optionalImage }),
  controlBar: strictObject({
    textColor: color('Text Color'),
    placeholderText: text('Placeholder Text', 0, 128),
    placeholderColor: color('Placeholder Color'),
    closeIconColor: color('Close Icon Color'),
    closeIconHoverColor: color('Close Icon Hover Color'),
  }),
  window: strictObject({
    blur: ranged('Blur', WEB_CHANNEL_RANGES.blur),
    fullWidth: ranged('Full Width', WEB_CHANNEL_RANGES.fullWidth),
    sideWidth: ranged('Side Width', WEB_CHANNEL_RANGES.sideWidth),
    backgroundColor: color('Background Color'),
    backgroundGradient: flag('Background Gradient'),
    backgroundTransparent: flag('Background Transparent'),
    accentColor: color('Accent Color'),
    openButtonColor: color('Open Button Color'),
    preferMute: flag('Prefer Mute'),
    startMaximized: flag('Start Maximized'),
    startOpened: flag('Start Opened'),
    omitHeader: flag('Omit Header'),
  }),
  bubbles: strictObject({
    maxWidth: ranged('Max Bubble Width', WEB_CHANNEL_RANGES.maxWidth),
    welcomeMessage: kbDocumentSchema.nullable(),
    errorMessage: kbDocumentSchema,
    conciergeTextColor: color('Concierge Text Color'),
    conciergeLinkTextColor: color('Concierge Link Text Color'),
  }),
  footer: kbDocumentSchema.nullable(),
  ttsGender: oneOf('TTS Gender', TTS_GENDERS),
  ttsVoice: oneOf('TTS Voice', TTS_VOICES),
  locale,
  allowClear: flag('Allow Clear'),
  /** Thumbs up and down under each answer, a comment with a thumbs down. */
  feedback: flag('Ask for Feedback'),
  responseTimeout: ranged('Response Timeout', WEB_CHANNEL_RANGES.responseTimeout),
});
export type WebChannelConfig = z.infer<typeof webChannelConfigSchema>;

const paragraph = (value: string): KbDocument => ({
  children: [{ type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value }] }],
});

/** A new web channel's configuration, and the widget's defaults for any field a stored one lacks. */
export const DEFAULT_WEB_CHANNEL_CONFIG: WebChannelConfig = {
  concierge: { name: 'Assistant', titleColor: '#1a1b1e', subtitleColor: '#5c5f66' },
  logos: { brand: null, icon: null },
  controlBar: {
    textColor: '#1a1b1e',
    placeholderText: 'Ask a question',
    placeholderColor: '#868e96',
    closeIconColor: '#495057',
    closeIconHoverColor: '#1a1b1e',
  },
  window: {
    blur: 0,
    fullWidth: 800,
    sideWidth: 500,
    backgroundColor: '#ffffff',
    backgroundGradient: false,
    backgroundTransparent: false,
    accentColor: '#1c7ed6',
    openButtonColor: '#1c7ed6',
    preferMute: true,
    startMaximized: false,
    startOpened: false,
    omitHeader: false,
  },
  bubbles: {
    maxWidth: 360,
    welcomeMessage: paragraph('Hello! How can I help you today?'),
    errorMessage: paragraph('Sorry, something went wrong. Please try again.'),
    conciergeTextColor: '#1a1b1e',
    conciergeLinkTextColor: '#1c7ed6',
  },
  footer: null,
  ttsGender: 'female',
  ttsVoice: 'a',
  locale: 'en-US',
  allowClear: true,
  feedback: true,
  responseTimeout: 10000,
};

export const channelSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  display_name: z.string(),
  status: z.enum(channelStatuses),
  type: z.enum(channelTypes),
  /** The public key the snippet names beside the deployment key. */
  key: z.string(),
  config: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Channel = z.infer<typeof channelSchema>;

export const channelSummarySchema = channelSchema.omit({ config: true });
export type ChannelSummary = z.infer<typeof channelSummarySchema>;

/** POST /project/{id}/channel: only the web type can be created. */
export const createChannelBody = strictObject({
  display_name: text('Name', 3, 255),
  type: oneOf('Type', creatableChannelTypes),
});
export type CreateChannelBody = z.input<typeof createChannelBody>;

/** PUT /channel/{id}. */
export const updateChannelBody = strictObject({
  display_name: text('Name', 3, 255),
  status: oneOf('Status', channelStatuses),
});
export type UpdateChannelBody = z.input<typeof updateChannelBody>;

/** PUT /channel/{id}/config: the web type's configuration (other types are not implemented). */
export const updateChannelConfigBody = strictObject({ config: webChannelConfigSchema });
export type UpdateChannelConfigBody = z.input<typeof updateChannelConfigBody>;

export const channelList = defineList({
  sortable: ['display_name', 'type', 'status', 'updated_at', 'created_at'],
  filters: {
    display_name: { kind: 'text' },
    type: { kind: 'select', values: channelTypes },
    status: { kind: 'select', values: channelStatuses },
    updated_at: { kind: 'date' },
  },
});

/** What the widget loads at start: its channel's configuration (only an active web channel answers). */
export const widgetConfigAnswer = z.object({ channel_key: z.string(), config: z.custom<WebChannelConfig>() });

/** Where the server serves the widget's loader, relative to PUBLIC_URL. */
export const WIDGET_LOADER_PATH = '/widget/loader.js';

/** The snippet a channel's detail shows: one script tag naming the deployment and the channel. */
export function widgetSnippet(publicUrl: string, deploymentKey: string, channelKey: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  return `<script src="${base}${WIDGET_LOADER_PATH}" data-deployment-key="${deploymentKey}" data-channel-key="${channelKey}" async></script>`;
}
