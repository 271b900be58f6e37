import { eq } from 'drizzle-orm';
import {
  channelList,
  channelMessages,
  DEFAULT_WEB_CHANNEL_CONFIG,
  type Channel,
  type ChannelType,
  type createChannelBody,
  type updateChannelBody,
  type updateChannelConfigBody,
} from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { channels, type ChannelRow } from '../../db/schema/index';
import { storedOwner, type ProjectAccess } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { projectRecordFields, projectRecords } from '../../platform/project-records';
import { randomToken } from '../../platform/secrets';
import { webChannelConfigOf } from './web-config';

/** A channel's project, for the access declarations of routes under /channel/{id}. */
export const ofChannel = storedOwner(channels.id, channels.projectId);

/** Random bytes of a channel key: public like a deployment key, and as hard to guess. */
const CHANNEL_KEY_BYTES = 24;

const channelServiceMessages = {
  // A 24-byte random key never repeats in practice; the unique index is the last guard.
  keyTaken: 'A channel with this key already exists; try again.',
} as const;

/** Each type's configuration when it is created; only the web type is creatable (the others are not implemented yet). */
const initialConfig: Partial<Record<ChannelType, Record<string, unknown>>> = { web: DEFAULT_WEB_CHANNEL_CONFIG };

export function newChannelKey(): string {
  return randomToken(CHANNEL_KEY_BYTES);
}

function toChannel(row: ChannelRow): Channel {
  return {
    ...projectRecordFields(row),
    display_name: row.displayName,
    status: row.status,
    type: row.type,
    key: row.key,
    config: row.type === 'web' ? webChannelConfigOf(row.config) : row.config,
  };
}

/**
 * Channels of a project, stored as project records: listed, read and deleted with the project's
 * rights. Creating one gives it a fresh public key, status draft and its type's default
 * configuration. The records' generic update is left out (it would write a create's values, a new
 * key among them): the name and status, and the configuration, change through their own operations below.
 */
const channelRecords = projectRecords(channels, channelList, {
  columns: {
    display_name: channels.displayName,
    type: channels.type,
    status: channels.status,
    updated_at: channels.updatedAt,
    created_at: channels.createdAt,
  },
  toRecord: toChannel,
  toValues: (input: z.output<typeof createChannelBody>) => ({
    displayName: input.display_name,
    type: input.type,
    status: 'draft' as const,
    key: newChannelKey(),
    config: initialConfig[input.type] ?? {},
  }),
  conflict: channelServiceMessages.keyTaken,
});

export const { list: listChannels, create: createChannel, read: readChannel, delete: deleteChannel } = channelRecords;

async function writeChannel(ctx: AppContext, id: string, values: Partial<typeof channels.$inferInsert>): Promise<Channel> {
  const [row] = await ctx.db
    .update(channels)
    .set({ ...values, updatedAt: ctx.now() })
    .where(eq(channels.id, id))
    .returning();
  if (!row) throw AppError.notFound();
  return toChannel(row);
}

/** Rename, activate or return to draft (project admins and editors). */
export async function updateChannel(
  ctx: AppContext,
  checked: ProjectAccess,
  id: string,
  input: z.output<typeof updateChannelBody>,
): Promise<Channel> {
  const row = await channelRecords.load(ctx, checked, id);
  return writeChannel(ctx, row.id, { displayName: input.display_name, status: input.status });
}

/** Replace the configuration; only the web type has one (the body is checked as a web config). */
export async function updateChannelConfig(
  ctx: AppContext,
  checked: ProjectAccess,
  id: string,
  input: z.output<typeof updateChannelConfigBody>,
): Promise<Channel> {
  const row = await channelRecords.load(ctx, checked, id);
  if (row.type !== 'web') throw AppError.badRequest(channelMessages.notImplemented);
  // Through JSON: the parsed form may carry undefined fields that jsonb would drop anyway.
  return writeChannel(ctx, row.id, { config: JSON.parse(JSON.stringify(input.config)) as Record<string, unknown> });
}
