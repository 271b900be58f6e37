import type { KbBlock, KbDocument, QuickReply, ResponseType, Snapshot, TraceStep } from '@console/contracts';

/**
 * The engine's public shapes. An index is plain data (typed arrays, maps, records), so it can be
 * built in a worker thread and handed to the main thread by structured clone.
 */

/** What the assistant says: KB nodes to render, quick replies, and how sure it was (0-1). */
export interface Reply {
  response_type: ResponseType;
  content_id: string | null;
  reporting_id: string | null;
  response: KbDocument;
  actions: QuickReply[];
  confidence: number;
}

/** One turn remembered for follow-ups (the server keeps it with the conversation's events). */
export interface Turn {
  utterance: string;
  /** The question as the engine read it (jargon applied, context added). */
  rephrased: string;
  /**
   * For a turn read with the conversation's context: the question read alone that it leaned on (the
   * conversation's topic); null for a turn read alone. A follow-up of this turn leans on its own words
   * and that topic, not on every question before it, so a long run of follow-ups keeps readings short.
   */
  thread: string | null;
  content_id: string | null;
}

/**
 * Where a conversation stands in a sequence (flow-turn.ts): its node, the slot values collected so far
 * (by slot id), what the next question is read as (the answer to a slot's prompt, or one of the
 * follow-up intents of the node's successors) and the active scenario it runs in. Kept with the
 * response event, so any process continues it.
 */
export interface FlowState {
  sequence_id: string;
  node_id: string;
  scenario_id: string | null;
  slots: Record<string, string>;
  /** `attempts`: answers read so far that did not fill the slot (absent in states stored before re-prompts: 0). */
  awaiting: { kind: 'slot'; slot_id: string; attempts?: number } | { kind: 'follow_up' };
}

export type FlowStep = 'start' | 'ask' | 'filled' | 'reprompt' | 'gave_up' | 'cancelled' | 'call' | 'follow_up' | 'left' | 'done';

/** A turn of a flow in progress: what it says so far, and where it stands (crosses threads with a pending call). */
export interface FlowRun {
  flow: FlowState;
  /** False once the flow has ended. */
  active: boolean;
  blocks: KbBlock[];
  actions: QuickReply[];
  /** Nodes entered this turn (`sequence/node`): a node is entered, and its endpoint called, once a turn. */
  entered: string[];
  calls: string[];
  steps: FlowStep[];
  /** The slot last asked for, filled or given up on (its id). */
  slot: string | null;
  /** What this turn's answer gave for the awaited slot: its value, or why none was read. */
  read: { slot: string; value: string | null; refusal: string | null } | null;
  /** The awaited slot's unfilled answers so far against its limit, once asked. */
  attempts: { count: number; max: number } | null;
  /** The last node's endpoint answered this turn. */
  answered: boolean;
}

/** The body POSTed to a node's business-logic endpoint. */
export interface CalloutBody {
  sequence: { id: string; name: string };
  node: { id: string; name: string };
  conv_id: string | null;
  slots: Record<string, string>;
  configuration: Record<string, unknown>;
}

/** A call the caller makes (the engine does no I/O), then hands the endpoint's reply to `completeCallout`. */
export interface FlowCallout {
  url: string;
  body: CalloutBody;
  run: FlowRun;
}

/** The conversation so far, newest turn last (a few turns at most), and the flow it is in. */
export interface ConversationState {
  turns: Turn[];
  flow: FlowState | null;
}

export interface AnswerInput {
  utterance: string;
  /** The vectors of the texts `questionTexts` named (semantic understanding), keyed by text. */
  vectors?: ReadonlyMap<string, Float32Array>;
  /** The conversation's id, sent to a flow's business-logic endpoint. */
  convId?: string;
  /** When the question is answered (ISO 8601): what a date slot reads 'tomorrow' against. Absent: the time of the call. */
  now?: string;
}

/**
 * A composed answer to ask of an OpenAI-compatible chat endpoint (genhybrid). The engine does no
 * I/O: the caller sends it (through its guarded fetch) and hands the outcome to `completeGeneration`.
 */
export interface GenerationRequest {
  url: string;
  model: string;
  /** The name of the environment variable holding the endpoint's key (MODEL_API_KEY_*), if any. */
  apiKeyEnv: string | null;
  timeoutMs: number;
  messages: { role: 'system' | 'user'; content: string }[];
  /** The items offered to the model, in the order it may cite them ([1], [2], ...). */
  citations: { content_id: string; reporting_id: string; subject: string }[];
}

export interface AnswerResult {
  reply: Reply;
  trace: TraceStep[];
  /** The conversation including this turn. */
  state: ConversationState;
  /** Set when genhybrid is configured and the question is in scope: the reply is final only after `completeGeneration`. */
  generation: GenerationRequest | null;
  /** Set when a flow's node calls its business-logic endpoint: the reply is final only after `completeCallout`. */
  callout: FlowCallout | null;
}

export type { Snapshot };
