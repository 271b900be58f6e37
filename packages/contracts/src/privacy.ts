import { z } from 'zod';
import { referenceId, strictObject, trimmedText } from './fields';
import { jobSchema } from './job';
import { messages } from './messages';

/**
 * What a project keeps of its visitors: personal data replaced by typed markers before anything is
 * stored (redaction), and how long conversations are kept (retention).
 */

/** The kinds of personal data redaction finds, in the order it looks for them. */
export const REDACTION_KINDS = ['email', 'card', 'iban', 'ip', 'phone'] as const;
export type RedactionKind = (typeof REDACTION_KINDS)[number];

/** The marker each kind is replaced by in what is stored. */
export const REDACTION_MARKERS = {
  email: '[EMAIL]',
  card: '[CARD]',
  iban: '[IBAN]',
  ip: '[IP]',
  phone: '[PHONE]',
} as const satisfies Record<RedactionKind, string>;

/** How each kind reads in the settings. */
export const redactionKindLabels = {
  email: 'E-mail addresses',
  card: 'Payment card numbers',
  iban: 'IBANs',
  ip: 'IP addresses',
  phone: 'Phone numbers',
} as const satisfies Record<RedactionKind, string>;

/** How often a project's conversations past its retention are deleted (a background job). */
export const RETENTION_EVERY_MS = 60 * 60 * 1000;

/** A new project redacts every kind, and keeps its conversations this many days. */
export const DEFAULT_RETENTION_DAYS = 365;
export const RETENTION_DAYS_RANGE = { min: 1, max: 3650 } as const;

const retentionField = 'Retention Days';
/** Days of conversations kept, or null: kept forever. */
export const retentionDays = z
  .number({ error: `${retentionField} must be a number, or null to keep conversations forever` })
  .int({ error: `${retentionField} must be a whole number` })
  .min(RETENTION_DAYS_RANGE.min, { error: messages.notLessThan(retentionField, RETENTION_DAYS_RANGE.min) })
  .max(RETENTION_DAYS_RANGE.max, { error: messages.notGreaterThan(retentionField, RETENTION_DAYS_RANGE.max) })
  .nullable();

export const redactionKinds = z
  .array(z.enum(REDACTION_KINDS, { error: messages.oneOf('Redaction Kinds', REDACTION_KINDS) }), { error: messages.oneOf('Redaction Kinds', REDACTION_KINDS) })
  .max(REDACTION_KINDS.length, { error: `Redaction Kinds must list at most ${REDACTION_KINDS.length} kinds` })
  .transform((kinds) => REDACTION_KINDS.filter((kind) => kinds.includes(kind)));

/** A project's privacy settings, as GET /project/{id} reads them and PUT /project/{id} takes them. */
export const privacySettingsFields = {
  redaction_enabled: z.boolean({ error: 'Redaction Enabled must be true or false' }),
  redaction_kinds: redactionKinds,
  retention_days: retentionDays,
};

/** PUT /project/{id}/privacy (project admins): any of the privacy settings; a field left out keeps its value. */
export const updatePrivacyBody = strictObject({
  redaction_enabled: privacySettingsFields.redaction_enabled.optional(),
  redaction_kinds: privacySettingsFields.redaction_kinds.optional(),
  retention_days: privacySettingsFields.retention_days.optional(),
}).refine((body) => Object.values(body).some((value) => value !== undefined), { error: messages.noFieldToUpdate });
export type UpdatePrivacyBody = z.input<typeof updatePrivacyBody>;

export interface PrivacySettings {
  redaction_enabled: boolean;
  redaction_kinds: RedactionKind[];
  retention_days: number | null;
}

export const DEFAULT_PRIVACY_SETTINGS: PrivacySettings = {
  redaction_enabled: true,
  redaction_kinds: [...REDACTION_KINDS],
  retention_days: DEFAULT_RETENTION_DAYS,
};

/** The kinds a project's settings redact: none when redaction is off. */
export function redactedKinds(settings: Pick<PrivacySettings, 'redaction_enabled' | 'redaction_kinds'>): RedactionKind[] {
  return settings.redaction_enabled ? settings.redaction_kinds : [];
}

/** GET /project/{id}/privacy/retention: the latest run of the project's retention (null before the first). */
export const retentionStatusSchema = z.object({ last_run: jobSchema.nullable() });
export type RetentionStatus = z.infer<typeof retentionStatusSchema>;

/* ---------------------------------------------------------------- erasure */

/** A value shorter than this would match too much of what is stored to be one person's. */
export const ERASURE_VALUE_MIN = 3;
export const ERASURE_VALUE_MAX = 256;
/** Conversations one erasure takes: one transaction, short enough never to hold up answering for long. */
export const ERASURE_MAX_CONVERSATIONS = 1000;
export const ERASURE_MAX_TEST_CASES = 1000;
/** Conversations a preview shows of those it would erase. */
export const ERASURE_SAMPLE_SIZE = 10;

export const erasureMessages = {
  oneWay: 'Give either Conv IDs or a Value',
  nothingToErase: 'Give at least one conversation or test case to erase',
  tooManyConversations: `Conv IDs must list at most ${ERASURE_MAX_CONVERSATIONS} conversations`,
  tooManyTestCases: `Test Case IDs must list at most ${ERASURE_MAX_TEST_CASES} test cases`,
} as const;

const convIds = z
  .array(referenceId('Conv ID'), { error: 'Conv IDs must be a list of conversation ids' })
  .max(ERASURE_MAX_CONVERSATIONS, { error: erasureMessages.tooManyConversations });
/** Text the visitor gave (an e-mail address, a name), matched ignoring case anywhere in what is stored. */
export const erasureValue = trimmedText('Value', ERASURE_VALUE_MIN, ERASURE_VALUE_MAX);

/**
 * POST /project/{id}/erasure/preview (and the conversation store's): what an erasure would take,
 * named by conversation ids or found by a value in the stored questions, answers, traces and comments.
 */
export const erasurePreviewBody = strictObject({
  conv_ids: convIds.min(1, { error: 'Conv IDs must list at least one conversation' }).optional(),
  value: erasureValue.optional(),
}).refine((body) => (body.conv_ids === undefined) !== (body.value === undefined), { error: erasureMessages.oneWay });
export type ErasurePreviewBody = z.input<typeof erasurePreviewBody>;

/** What an erasure takes (its preview) or took (its answer, and the audit entry's details). */
export const erasureCountsSchema = z.object({
  conversations: z.number().int(),
  events: z.number().int(),
  feedback: z.number().int(),
  test_cases: z.number().int(),
});
export type ErasureCounts = z.infer<typeof erasureCountsSchema>;

export const erasurePreviewSchema = erasureCountsSchema.extend({
  /** Exactly what the erasure is to be given: it erases these and nothing that arrived since. */
  conv_ids: z.array(z.string()),
  test_case_ids: z.array(z.string()),
  /** More conversations match than one erasure takes: erase these, then preview again. */
  more: z.boolean(),
  sample: z.array(
    z.object({ conv_id: z.string(), issued_at: z.string(), first_utterance: z.string().nullable(), event_count: z.number().int() }),
  ),
});
export type ErasurePreview = z.infer<typeof erasurePreviewSchema>;

/**
 * POST /project/{id}/erasure (and the conversation store's): the preview's conversations and test
 * cases. The server erases those of them that are (still) the caller's to erase; with the preview's
 * value, a listed test case qualifies by holding it, as in the preview.
 */
export const erasureBody = strictObject({
  conv_ids: convIds.default([]),
  test_case_ids: z
    .array(referenceId('Test Case ID'), { error: 'Test Case IDs must be a list of test case ids' })
    .max(ERASURE_MAX_TEST_CASES, { error: erasureMessages.tooManyTestCases })
    .optional(),
  value: erasureValue.optional(),
}).refine((body) => body.conv_ids.length > 0 || (body.test_case_ids?.length ?? 0) > 0, { error: erasureMessages.nothingToErase });
export type ErasureBody = z.input<typeof erasureBody>;

/** A topic of the inbox kept for its fixes once every question it grouped was erased or expired. */
export const TOPIC_WITHOUT_QUESTIONS_LABEL = 'Questions no longer kept';
