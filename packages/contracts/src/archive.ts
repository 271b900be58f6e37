import { z } from 'zod';
import { channelStatuses, channelTypes, webChannelConfigSchema } from './channel';
import { duplicateEntries, jsonObject, oneOf, sameEntryKey, strictObject, text, trimmedText, uuidPattern } from './fields';
import { intentBody } from './intent';
import { jargonSchema } from './jargon';
import { DEFAULT_HANDOFF_MESSAGE, projectSettingsFields } from './project';
import { kbDocumentSchema, responsePmSchema } from './rich-text';
import { sourceConfigSchema, sourceTypes } from './source';
import { checkScenarioGraph, scenarioFields } from './scenario';
import { checkSequenceFlow, collectedSlotSchema, sequenceAttributeSchemaOf, sequenceFlowFieldsOf, sequenceNodeSchemaOf } from './sequence';
import { checkSlot, slotFields } from './slot';
import { portableTestCaseSchema, suiteReferences } from './suite';
import { checkActionConfig, contentActionFields, contentStatuses, contentUtteranceBody } from './content';

/**
 * A project archive (GET /project/{id}/archive, POST /workspace/{id}/project/import): one JSON file
 * holding every entity of a project, so a project moves between workspaces and installations. The
 * ids inside only link the file's own records (content to its source, a scenario to its sequences);
 * a sequence names its slots and intents by name (unique in a project), a test case its expected
 * item by reporting id or name. An import gives every record a new id. The whole file is checked
 * before anything is written.
 */

export const ARCHIVE_FORMAT = 'assistant-console-project';
export const ARCHIVE_VERSION = 1;
export const ARCHIVE_MAX_BYTES = 20 * 1024 * 1024;

export const archiveMessages = {
  notJson: 'The file is not a project archive: it is not valid JSON.',
  notArchive: 'The file is not a project archive.',
  wrongVersion: (version: unknown) =>
    `Archive version ${String(version)} cannot be imported: this console reads version ${ARCHIVE_VERSION}.`,
  tooLarge: `The archive is larger than ${ARCHIVE_MAX_BYTES / 1024 / 1024} MB.`,
  missingFile: 'Choose an archive file to import.',
  unknownSource: 'Source ID must name a source of the archive',
  duplicateId: 'Ids must be unique within the archive',
  duplicateReportingId: 'Reporting IDs must be unique within the archive',
  duplicateSourceKey: 'Source keys must be unique within a source',
  duplicateName: (entity: string) => `${entity} names must be unique within the archive`,
  unknownSlot: (name: string) => `Slot '${name}' must name a slot of the archive`,
  unknownIntent: (name: string) => `Intent '${name}' must name an intent of the archive`,
  unknownSequence: 'Sequence ID must name a sequence of the archive',
} as const;

export function archiveFileName(projectId: string): string {
  return `${projectId}_project.json`;
}

const moment = z.iso.datetime({ offset: true, error: 'Timestamps must be ISO 8601 date-times' });
const id = z.string({ error: 'Ids must be UUIDs' }).regex(uuidPattern, { error: 'Ids must be UUIDs' });
const stamps = { created_at: moment, updated_at: moment };

const archiveSourceSchema = z
  .object({
    id,
    display_name: text('Name', 3, 255),
    type: oneOf('Type', sourceTypes),
    config: jsonObject('Config'),
    kb: kbDocumentSchema.nullable(),
    ...stamps,
  })
  .superRefine((source, ctx) => {
    const schema = sourceConfigSchema(source.type);
    const parsed = schema?.safeParse(source.config);
    if (parsed && !parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: ['config', ...issue.path] } as never);
    }
  });

/**
 * A channel without its key: the key is public and names this copy only, so an import issues a new
 * one. A web channel's configuration is checked and kept in its parsed (canonical) form.
 */
const archiveChannelSchema = z
  .object({
    display_name: text('Name', 3, 255),
    type: oneOf('Type', channelTypes),
    status: oneOf('Status', channelStatuses),
    config: jsonObject('Config'),
    ...stamps,
  })
  .transform((channel, ctx) => {
    if (channel.type !== 'web') return channel;
    const parsed = webChannelConfigSchema.safeParse(channel.config);
    if (parsed.success) return { ...channel, config: parsed.data as Record<string, unknown> };
    for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: ['config', ...issue.path] } as never);
    return z.NEVER;
  });

const archiveContentSchema = z.object({
  id,
  source_id: id.nullable(),
  source_key: z.string().max(4096).nullable(),
  subject: trimmedText('Subject', 1, 1024),
  status: oneOf('Status', contentStatuses),
  reporting_id: id,
  response_pm: responsePmSchema,
  utterances: z.array(contentUtteranceBody.extend(stamps)),
  actions: z.array(z.object({ ...contentActionFields, ...stamps }).transform(checkActionConfig)),
  ...stamps,
});

/**
 * A slot as archived: the API's fields and rules with its timestamps (files written before typed
 * slots hold only name and terms, and read as terms slots with the defaults).
 */
const archiveSlotSchema = strictObject({ ...slotFields, ...stamps }).superRefine(checkSlot);

/** A sequence node as archived: the same rules as the API's, its slots and intents named by name. */
const archiveSequenceNodeSchema = sequenceNodeSchemaOf(
  sequenceAttributeSchemaOf({
    collected: collectedSlotSchema.omit({ slot_id: true }).extend({ slot: text('Slot', 1, 64) }),
    slotOf: (collected) => sameEntryKey(collected.slot),
    intent: text('Intent', 1, 255),
  }),
);
export type ArchiveSequenceNode = z.output<typeof archiveSequenceNodeSchema>;

const archiveSequenceSchema = z
  .object({ id, name: trimmedText('Name', 1, 255), ...sequenceFlowFieldsOf(archiveSequenceNodeSchema), ...stamps })
  .superRefine(checkSequenceFlow);

/** A scenario as archived: its nodes name sequences of the archive by their ids in the file. */
const archiveScenarioSchema = z.object({ ...scenarioFields, ...stamps }).superRefine(checkScenarioGraph);

/** Every slot and intent name a sequence uses is one of the archive's. */
function checkSequenceReferences(archive: { slots: { name: string }[]; intents: { intent: string }[]; sequences: z.output<typeof archiveSequenceSchema>[] }, ctx: z.RefinementCtx): void {
  const slots = new Set(archive.slots.map((slot) => sameEntryKey(slot.name)));
  const intents = new Set(archive.intents.map((intent) => sameEntryKey(intent.intent)));
  archive.sequences.forEach((sequence, s) => {
    sequence.nodes.forEach((node, n) => {
      node.attributes.forEach((attribute, a) => {
        const path = ['sequences', s, 'nodes', n, 'attributes', a];
        if (attribute.type === 'collect_slots') {
          attribute.slots.forEach(({ slot }, i) => {
            if (!slots.has(sameEntryKey(slot))) ctx.addIssue({ code: 'custom', message: archiveMessages.unknownSlot(slot), path: [...path, 'slots', i, 'slot'] });
          });
        }
        if (attribute.type === 'entry_intents' || attribute.type === 'follow_up_intents') {
          attribute.intents.forEach((intent, i) => {
            if (!intents.has(sameEntryKey(intent))) ctx.addIssue({ code: 'custom', message: archiveMessages.unknownIntent(intent), path: [...path, 'intents', i] });
          });
        }
      });
    });
  });
}

/** Every item a test case expects is one of the archive's. */
function checkTestCaseReferences(
  archive: Pick<ProjectArchive, 'contents' | 'intents' | 'sequences' | 'test_cases'>,
  ctx: z.RefinementCtx,
): void {
  const { expectationOf } = suiteReferences({
    contents: archive.contents,
    // The file's intents have no ids: their names stand in for them.
    intents: archive.intents.map((intent) => ({ id: intent.intent, intent: intent.intent })),
    sequences: archive.sequences,
  });
  archive.test_cases.forEach((testCase, index) => {
    const resolved = expectationOf(testCase);
    if (!resolved.ok) ctx.addIssue({ code: 'custom', message: resolved.message, path: ['test_cases', index, resolved.field] });
  });
}

const { display_name, description, response_word_cutoff, out_of_scope_response, handoff_message, pipeline_config } = projectSettingsFields;

export const projectArchiveSchema = z
  .object({
    format: z.literal(ARCHIVE_FORMAT, { error: archiveMessages.notArchive }),
    version: z.literal(ARCHIVE_VERSION),
    exported_at: moment,
    project: z.object({
      display_name,
      description,
      response_word_cutoff,
      out_of_scope_response,
      // Files written before the handoff message have none: the default.
      handoff_message: handoff_message.default(DEFAULT_HANDOFF_MESSAGE),
      pipeline_config,
      jargon: jargonSchema,
    }),
    sources: z.array(archiveSourceSchema),
    contents: z.array(archiveContentSchema),
    intents: z.array(intentBody.extend(stamps)),
    slots: z.array(archiveSlotSchema),
    // Files written before channels were archived have none.
    channels: z.array(archiveChannelSchema).default([]),
    // Nor sequences and scenarios, before those were.
    sequences: z.array(archiveSequenceSchema).default([]),
    scenarios: z.array(archiveScenarioSchema).default([]),
    // Nor test cases, before those were.
    test_cases: z.array(portableTestCaseSchema).default([]),
  })
  .superRefine((archive, ctx) => {
    const ids = [
      ...archive.sources.map((source) => source.id),
      ...archive.contents.map((content) => content.id),
      ...archive.sequences.map((sequence) => sequence.id.toLowerCase()),
    ];
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: archiveMessages.duplicateId, path: [] });
    const sourceIds = new Set(archive.sources.map((source) => source.id));
    const keys = new Set<string>();
    const reporting = new Set<string>();
    archive.contents.forEach((content, index) => {
      if (content.source_id && !sourceIds.has(content.source_id)) {
        ctx.addIssue({ code: 'custom', message: archiveMessages.unknownSource, path: ['contents', index, 'source_id'] });
      }
      if (reporting.has(content.reporting_id)) {
        ctx.addIssue({ code: 'custom', message: archiveMessages.duplicateReportingId, path: ['contents', index, 'reporting_id'] });
      }
      reporting.add(content.reporting_id);
      if (content.source_id && content.source_key !== null) {
        const key = `${content.source_id}\n${content.source_key}`;
        if (keys.has(key)) ctx.addIssue({ code: 'custom', message: archiveMessages.duplicateSourceKey, path: ['contents', index, 'source_key'] });
        keys.add(key);
      }
      if (duplicateEntries(content.utterances.map((utterance) => utterance.text)).length) {
        ctx.addIssue({ code: 'custom', message: 'Utterances must be unique', path: ['contents', index, 'utterances'] });
      }
    });
    if (duplicateEntries(archive.intents.map((intent) => intent.intent)).length) {
      ctx.addIssue({ code: 'custom', message: archiveMessages.duplicateName('Intent'), path: ['intents'] });
    }
    if (duplicateEntries(archive.slots.map((slot) => slot.name)).length) {
      ctx.addIssue({ code: 'custom', message: archiveMessages.duplicateName('Slot'), path: ['slots'] });
    }
    checkSequenceReferences(archive, ctx);
    // Scenario nodes hold their sequence ids in lower case (as stored ids are).
    const sequenceIds = new Set(archive.sequences.map((sequence) => sequence.id.toLowerCase()));
    archive.scenarios.forEach((scenario, s) => {
      scenario.nodes.forEach((node, n) => {
        if (!sequenceIds.has(node.sequence_id)) ctx.addIssue({ code: 'custom', message: archiveMessages.unknownSequence, path: ['scenarios', s, 'nodes', n, 'sequence_id'] });
      });
    });
    if (duplicateEntries(archive.scenarios.map((scenario) => scenario.display_name)).length) {
      ctx.addIssue({ code: 'custom', message: archiveMessages.duplicateName('Scenario'), path: ['scenarios'] });
    }
    checkTestCaseReferences(archive, ctx);
  });
export type ProjectArchive = z.output<typeof projectArchiveSchema>;

/** 'contents[3].subject: Subject must be at least 1 character': where in the file, and the rule. */
export function describeArchiveIssue(issue: { path: readonly PropertyKey[]; message: string }): string {
  const where = issue.path.reduce<string>(
    (text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part)),
    '',
  );
  return where ? `${where}: ${issue.message}` : issue.message;
}
