import { z } from 'zod';
import { strictObject } from './fields';
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
