import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { channels } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { webChannelConfigOf } from '../channel/web-config';
import type { PublicDeployment } from '../deployment/directory';
import { chatMessages } from './messages';

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
  return { channel_key: channel.key, config: webChannelConfigOf(channel.config) };
}
