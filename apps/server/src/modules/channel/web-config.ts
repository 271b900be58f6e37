import { DEFAULT_WEB_CHANNEL_CONFIG, webChannelConfigSchema, type WebChannelConfig } from '@console/contracts';
import type { z } from 'zod';

type Shape = Record<string, z.ZodType>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The stored value where it is valid, else the default: one bad field never breaks a customer's widget. */
function fill(shape: Shape, defaults: Record<string, unknown>, stored: unknown): Record<string, unknown> {
  const given = isPlainObject(stored) ? stored : {};
  return Object.fromEntries(
    Object.entries(defaults).map(([field, fallback]) => {
      const schema = shape[field]!;
      // The config's sections (concierge, window, ...) are filled field by field; a KB document is one value.
      const section = (schema as { shape?: Shape }).shape;
      if (section && isPlainObject(fallback) && !('children' in fallback)) return [field, fill(section, fallback, given[field])];
      const parsed = schema.safeParse(given[field]);
      return [field, parsed.success ? parsed.data : fallback];
    }),
  );
}

/**
 * A web channel's stored configuration with every field present and valid, as the widget and the
 * channel editor read it: a configuration saved before a field existed (Ask for Feedback) gets the
 * field's default, and keeps every value it has.
 */
export function webChannelConfigOf(stored: unknown): WebChannelConfig {
  return fill(webChannelConfigSchema.shape as Shape, DEFAULT_WEB_CHANNEL_CONFIG, stored) as WebChannelConfig;
}
