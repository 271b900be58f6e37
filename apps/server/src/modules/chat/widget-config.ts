import { and, eq } from 'drizzle-orm';
import { DEFAULT_WEB_CHANNEL_CONFIG, webChannelConfigSchema, type WebChannelConfig } from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { channels } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import type { PublicDeployment } from '../deployment/directory';
import { chatMessages } from './messages';

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

/** A channel's stored configuration as the widget needs it: every field present and valid. */
function widgetChannelConfig(stored: unknown): WebChannelConfig {
  return fill(webChannelConfigSchema.shape as Shape, DEFAULT_WEB_CHANNEL_CONFIG, stored) as WebChannelConfig;
}

/** What the widget loads at start: an active web channel of the deployment's project (else 404). */
export async function readWidgetConfig(ctx: AppContext, deployment: PublicDeployment, channelKey: string) {
  const [channel] = await ctx.db
    .select({ key: channels.key, config: channels.config })
    .from(channels)
    .where(
      and(eq(channels.key, channelKey), eq(channels.projectId, deployment.projectId), eq(channels.type, 'web'), eq(channels.status, 'active')),
    )
    .limit(1);
  if (!channel) throw AppError.notFound(chatMessages.noChannel);
  return { channel_key: channel.key, config: widgetChannelConfig(channel.config) };
}
