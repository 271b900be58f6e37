import { z } from 'zod';
import { oneOf, strictObject, trimmedText, uuidPattern } from './fields';
import type { Jargon } from './jargon';
import { messages } from './messages';
import type { KbDocument, QuickReply } from './rich-text';
import type { CombinationMode } from './scenario';
import type { SequenceNode, SequenceTransition } from './sequence';
import type { SlotType } from './slot';

/**
 * The assistant's public chat API (`POST /api/v1/chat/{deploymentKey}/query`), the console's
 * Real-Time Test (`POST /api/v1/project/{id}/chat/query`), the snapshot a sync compiles and the
 * events every query leaves.
 */

/** The longest utterance the assistant reads; a longer one is a 400 (documented in /api/docs). */
export const CHAT_UTTERANCE_MAX = 1024;
/**
 * The header a failed turn (502: a flow's endpoint failed) names its conversation in: the error
 * shape has no conv_id, and the visitor's retry must go on in the same conversation (the same step,
 * the same idempotency key), also when the failed question was the conversation's first.
 */
export const CONVERSATION_ID_HEADER = 'x-conv-id';
/** Queries one client address may send to one deployment per minute (CHAT_MAX_QUERIES_PER_MINUTE overrides). */
export const CHAT_MAX_QUERIES_PER_MINUTE = 120;

export const eventDataTypes = ['request', 'response', 'error'] as const;
export type EventDataType = (typeof eventDataTypes)[number];
/**
 * What an answer was: out of scope, a content item, a flow's step, or the visitor's request for a
 * person (answered with the project's handoff message, counted so a team sees how often).
 */
export const responseTypes = ['oos', 'content', 'scenario', 'handoff'] as const;
export type ResponseType = (typeof responseTypes)[number];
export const inputMethods = ['voice', 'text', 'unknown'] as const;
export type InputMethod = (typeof inputMethods)[number];
export const integrationTypes = ['realtime', 'integration', 'deployment'] as const;
export type IntegrationType = (typeof integrationTypes)[number];
/** The engine's stages, the labels of a response event's trace, in the order they run. */
const engineStages = ['rephrase', 'classify', 'rank', 'rerank', 'genhybrid', 'truncate'] as const;
export type EngineStage = (typeof engineStages)[number];

const convId = z
  .string({ error: messages.uuid('Conv ID') })
  .regex(uuidPattern, { error: messages.uuid('Conv ID') });

/** A visitor's question. */
export const chatQueryBody = strictObject({
  utterance: trimmedText('Utterance', 1, CHAT_UTTERANCE_MAX),
  conv_id: convId.optional(),
  input_method: oneOf('Input Method', inputMethods).default('text'),
});
export type ChatQueryBody = z.input<typeof chatQueryBody>;

/** One step of the engine's reasoning, kept with the response event and shown in the Real-Time Test. */
export const traceStepSchema = z.object({
  stage: z.enum(engineStages),
  /** What the stage found; its shape is the stage's own (see packages/engine). */
  data: z.record(z.string(), z.unknown()),
});
export type TraceStep = z.infer<typeof traceStepSchema>;

/** The answer to a query: KB nodes to render, quick replies, and how sure the engine was. */
export const chatAnswerSchema = z.object({
  conv_id: z.string(),
  /** The answer's own id (its response event): what a visitor's feedback names. */
  answer_id: z.string(),
  response_type: z.enum(responseTypes),
  content_id: z.string().nullable(),
  reporting_id: z.string().nullable(),
  response: z.custom<KbDocument>(),
  actions: z.custom<QuickReply[]>(),
  confidence: z.number(),
});
export type ChatAnswer = z.infer<typeof chatAnswerSchema>;

/** The Real-Time Test's answer also carries the engine's trace. */
/**
 * POST /project/{id}/chat/query (the Real-Time Test): a question, asked of the newest version, or of
 * the version named (the console names a deployment's).
 */
export const realtimeQueryBody = chatQueryBody.extend({
  version: z.number({ error: 'Version must be a version number' }).int({ error: 'Version must be a version number' }).min(1, { error: 'Version must be a version number' }).optional(),
});
export type RealtimeQueryBody = z.input<typeof realtimeQueryBody>;

/** The Real-Time Test's answer: the trace too, and the version that answered. */
export const realtimeAnswerSchema = chatAnswerSchema.extend({ trace: z.array(traceStepSchema), version: z.number().int() });
export type RealtimeAnswer = z.infer<typeof realtimeAnswerSchema>;

/** GET /project/{id}/convert-reporting-id/{id}: the content item a reporting id names now. */
export const convertReportingIdAnswer = z.object({ id: z.string() });

/* ---------------------------------------------------------------- snapshot */

/**
 * What a sync compiles (active content, entry intents, slots, jargon, settings): the engine's
 * input, stored immutably with the snapshot so any server process can rebuild the same index.
 */
export interface SnapshotContent {
  id: string;
  reporting_id: string;
  subject: string;
  response: KbDocument;
  utterances: string[];
  actions: QuickReply[];
}
interface SnapshotIntent {
  id: string;
  intent: string;
  utterances: string[];
}
/** A slot as it runs; snapshots synced before typed slots hold only id, name and terms (a terms slot). */
interface SnapshotSlot {
  id: string;
  name: string;
  terms: string[];
  type?: SlotType;
  pattern?: string;
  locale?: string;
  prompt?: string;
  reprompt?: string;
  max_attempts?: number;
}
interface SnapshotSettings {
  response_word_cutoff: number;
  out_of_scope_response: string;
  /** What a request for a person is answered with (empty or absent: DEFAULT_HANDOFF_MESSAGE). */
  handoff_message?: string;
  pipeline_config: Record<string, unknown>;
}
/** A sequence as it runs: its nodes (with the slot and intent ids they name) and transitions. */
export interface SnapshotSequence {
  id: string;
  name: string;
  nodes: SequenceNode[];
  transitions: SequenceTransition[];
}
/** An active scenario: its sequences' order (nodes name sequences) and how they combine. */
export interface SnapshotScenario {
  id: string;
  display_name: string;
  combination: CombinationMode;
  nodes: { id: string; sequence_id: string }[];
  transitions: SequenceTransition[];
}
export interface Snapshot {
  version: 1;
  settings: SnapshotSettings;
  jargon: Jargon;
  contents: SnapshotContent[];
  /** The intents the project's sequences start from or follow up with. */
  intents: SnapshotIntent[];
  slots: SnapshotSlot[];
  /** Every sequence of the project; snapshots synced before flows existed have none. */
  sequences?: SnapshotSequence[];
  /** The active scenarios. */
  scenarios?: SnapshotScenario[];
}
export const SNAPSHOT_VERSION = 1;
