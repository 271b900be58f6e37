import { z } from 'zod';
import { boundedList, oneOf, strictObject, text } from './fields';
import { defineList } from './list';
import { messages } from './messages';

/** Workspace API keys: they read a deployment's conversation store from outside, and erase its conversations. */
export const apiKeyStatuses = ['active', 'inactive'] as const;
export const apiKeyScopes = ['read_conversation_store', 'erase_conversations'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];
export const apiKeyResourceTypes = ['deployment'] as const;

/** Keys look like `ack_<43 base64url characters>` (256 random bits); the prefix makes a leaked key recognisable. */
export const API_KEY_PREFIX = 'ack_';
export const API_KEY_RANDOM_BYTES = 32;
export const API_KEY_HINT_LENGTH = 4;

export const apiKeySchema = z.object({
  id: z.string(),
  display_name: z.string(),
  description: z.string(),
  status: z.enum(apiKeyStatuses),
  hint: z.string(),
  scopes: z.array(z.enum(apiKeyScopes)),
  resource_type: z.enum(apiKeyResourceTypes),
  resource_id: z.string(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The creation answer: the only time the key itself is returned. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * POST /workspace/{id}/api-key. `now` is a parameter so the console checks the expiry against the
 * browser's clock and the server against its own.
 */
export function createApiKeyBody(now: () => Date = () => new Date()) {
  return strictObject({
    display_name: text('Name', 3, 32),
    description: text('Description', 0, 256).default(''),
    scopes: boundedList(
      'Scopes',
      z.array(oneOf('Scope', apiKeyScopes), { error: messages.atLeastOneSelection('Scopes') }).min(1, { error: messages.atLeastOneSelection('Scopes') }),
    ),
    resource_type: oneOf('Resource Type', apiKeyResourceTypes),
    // Empty is the console's deployment picker with nothing chosen.
    resource_id: z
      .string({ error: messages.uuid('Resource ID') })
      .min(1, { error: messages.selected('Deployment') })
      .regex(uuidV4, { error: messages.uuid('Resource ID') }),
    // Empty means the key never expires.
    expires_at: z
      .union([z.literal(''), z.null(), z.iso.datetime({ offset: true, error: 'Expiration must be a valid date' })], {
        error: 'Expiration must be a valid date',
      })
      .optional()
      .transform((value) => (value ? value : null))
      .refine((value) => value === null || new Date(value).getTime() > now().getTime(), {
        error: messages.inFuture('Expiration'),
      }),
  });
}
export type CreateApiKeyBody = z.input<ReturnType<typeof createApiKeyBody>>;

/** PUT /api-key/{id}. */
export const updateApiKeyBody = strictObject({
  description: text('Description', 0, 256),
  status: oneOf('Status', apiKeyStatuses),
});
export type UpdateApiKeyBody = z.input<typeof updateApiKeyBody>;

export const apiKeyList = defineList({
  sortable: ['display_name', 'status', 'expires_at', 'updated_at', 'created_at'],
  filters: {
    display_name: { kind: 'text' },
    description: { kind: 'text' },
    status: { kind: 'select', values: apiKeyStatuses },
    expires_at: { kind: 'date' },
    updated_at: { kind: 'date' },
  },
});
