import { z } from 'zod';
import { UNDERSTANDING_MODES, type EngineStage, type TraceStep, type Understanding } from '@console/contracts';

/**
 * The engine's trace (packages/engine, one step per stage) in words for the Real-Time Test and the
 * stored conversations: which item was chosen, its lexical and semantic scores, its confidence against
 * the threshold, why a question was refused, the previous question a follow-up was read with, the
 * jargon applied, whether the response was truncated, and a flow's step: the slot asked for, what the
 * visitor's answer gave for it or why it gave nothing, and the answers left before the flow gives up (a
 * slot answer the flow read is traced without the ranking, which did not decide it). Fields the engine
 * added later are optional, so traces stored before them still read; a step whose data has another
 * shape is shown as its JSON.
 */

export interface TraceLine {
  stage: EngineStage;
  title: string;
  details: string[];
}

const stageTitles: Record<EngineStage, string> = {
  rephrase: 'Rephrase',
  classify: 'Classify',
  rank: 'Rank',
  rerank: 'Rerank',
  genhybrid: 'Generate',
  truncate: 'Truncate',
};

/** How many candidates of the rank and rerank stages are listed. */
const SHOWN_CANDIDATES = 3;

const subject = z.object({ subject: z.string() });
const named = z.object({ name: z.string() });
/** The step of a sequence a question took (the classify stage's `flow`), or the one its failed call was made from. */
const flowStep = z.object({
  sequence: named,
  node: named,
  step: z.string(),
  steps: z.array(z.string()).optional(),
  slot: z.string().nullable().optional(),
  slot_type: z.string().nullable().optional(),
  /** What the answer gave for the awaited slot: its value, or why none was read. */
  read: z
    .object({ slot: z.string().nullable(), type: z.string().nullable(), value: z.string().nullable(), refusal: z.string().nullable() })
    .nullable()
    .optional(),
  /** The awaited slot's unfilled answers against its limit. */
  attempts: z.object({ count: z.number(), max: z.number() }).nullable().optional(),
  slots: z.record(z.string(), z.string()).optional(),
  calls: z.array(z.string()).optional(),
});
/** A candidate's similarity in meaning to the question; null when the question had no vector. */
const semantic = z.number().nullable().optional();
const stageData = {
  rephrase: z.object({
    input: z.string(),
    output: z.string(),
    jargon: z.array(z.object({ term: z.string(), keyword: z.string() })),
    context: z.object({ previous: z.string(), reason: z.string().optional() }).nullable().optional(),
    /** After an answered question, why this one was read alone rather than with it. */
    standalone: z.object({ previous: z.string(), reason: z.string() }).nullable().optional(),
  }),
  classify: z.union([
    // A slot answer the flow read: the flow decided, so the classifier's figures are not traced.
    z.object({ decision: z.string(), decided_by: z.literal('flow'), flow: flowStep }),
    // A request for a person: recognised before classifying, so the trace says why instead.
    z.object({ decision: z.literal('handoff'), handoff: z.object({ reason: z.string() }), flow: flowStep.nullable().optional() }),
    z.object({
      decision: z.string(),
      label: subject.extend({ kind: z.string() }).nullable(),
      confidence: z.number(),
      threshold: z.number(),
      understanding: z.enum(UNDERSTANDING_MODES).optional(),
      semantic,
      refusal: z.string().nullable().optional(),
      flow: flowStep.nullable().optional(),
    }),
  ]),
  rank: z.union([
    z.object({ skipped: z.string() }),
    z.object({
      candidates: z.array(
        z.object({ content_id: z.string(), subject: z.string().optional(), score: z.number(), lexical: z.number().optional(), semantic }),
      ),
    }),
  ]),
  rerank: z.union([
    z.object({ skipped: z.string() }),
    z.object({
      chosen: subject,
      confidence: z.number(),
      candidates: z.array(subject.extend({ probability: z.number(), lexical: z.number(), score: z.number(), semantic })),
    }),
  ]),
  genhybrid: z.object({
    used: z.boolean(),
    model: z.string().optional(),
    reason: z.string().optional(),
    error: z.string().optional(),
    pending: z.boolean().optional(),
  }),
  truncate: z.object({ words: z.number(), cutoff: z.number(), truncated: z.boolean() }),
} satisfies Record<EngineStage, z.ZodType>;

const quote = (text: string) => `“${text}”`;
const decimal = (value: number) => value.toFixed(2);

/** A candidate's scores by words and by meaning side by side ('lexical 0.42, semantic 0.71'), each when the trace has it. */
function similarities(scores: { lexical?: number; semantic?: number | null }): string {
  return [
    ...(scores.lexical === undefined ? [] : [`lexical ${decimal(scores.lexical)}`]),
    ...(scores.semantic == null ? [] : [`semantic ${decimal(scores.semantic)}`]),
  ].join(', ');
}

const decisions: Record<string, string> = {
  content: 'a content item',
  scenario: 'a sequence',
  oos: 'out of scope',
  handoff: 'a request for a person',
};

/** Why a stage did not run, beyond the decisions. */
const skipReasons: Record<string, string> = { ...decisions, flow: 'the flow read the answer' };

/** How the question was read: with the previous question or alone, and as what, when it was read otherwise than asked. */
function reading({ input, output, context, standalone }: z.infer<typeof stageData.rephrase>): string[] {
  return [
    ...(context ? [`Read with the previous question ${quote(context.previous)}${context.reason ? ` — ${context.reason}` : ''}`] : []),
    ...(standalone ? [`Read alone, not with the previous question ${quote(standalone.previous)} — ${standalone.reason}`] : []),
    ...(output !== input ? [`Understood as ${quote(output)}`] : []),
  ];
}

function rephrase(data: z.infer<typeof stageData.rephrase>): string[] {
  const { jargon } = data;
  return [
    jargon.length
      ? `Jargon applied: ${jargon.map(({ term, keyword }) => `${quote(term)} → ${quote(keyword)}`).join(', ')}`
      : 'Jargon applied: none',
    ...reading(data),
  ];
}

function understandingLine(understanding: Understanding, semantic: number | null | undefined): string {
  if (understanding === 'lexical') return 'Understanding: lexical (words only)';
  return `Understanding: semantic${semantic == null ? '' : `, best semantic similarity ${decimal(semantic)}`}`;
}

const flowSteps: Record<string, (slot: string | null) => string> = {
  start: () => 'started',
  ask: (slot) => (slot ? `asks for ${quote(slot)}` : 'asks for a slot'),
  filled: (slot) => (slot ? `filled ${quote(slot)}` : 'filled a slot'),
  reprompt: (slot) => (slot ? `asks again for ${quote(slot)}` : 'asks again for a slot'),
  gave_up: (slot) => (slot ? `gave up on ${quote(slot)}` : 'gave up'),
  cancelled: () => 'cancelled by the visitor',
  call: () => 'calls its business logic',
  follow_up: () => 'waits for a follow-up intent',
  left: () => 'left the flow',
  done: () => 'ended',
};

/** What the answer gave for the awaited slot: the value read, or why nothing was. */
function readLine(read: NonNullable<z.infer<typeof flowStep>['read']>): string {
  const slot = read.slot ? ` ${quote(read.slot)}${read.type ? ` (${read.type})` : ''}` : '';
  if (read.value !== null) return `Read for${slot}: ${quote(read.value)}`;
  return `Nothing read for${slot}${read.refusal ? `: ${read.refusal}` : ''}`;
}

/**
 * A flow's step in words: where it stands, what this question did there, what the answer gave for
 * the awaited slot (or why it gave nothing), its unfilled answers against the limit, the values it
 * holds, the endpoints it called.
 */
function describeFlow(flow: z.infer<typeof flowStep>): string[] {
  const steps = flow.steps ?? [flow.step];
  // The trace names the slot of its last step (the one asked for, or else the one filled).
  const words = steps.map((step, index) => flowSteps[step]?.(index === steps.length - 1 ? (flow.slot ?? null) : null) ?? step);
  const slots = Object.entries(flow.slots ?? {});
  const attempts = flow.attempts?.count ? flow.attempts : null;
  return [
    `Sequence ${quote(flow.sequence.name)}, node ${quote(flow.node.name)}: ${words.join(', ')}`,
    ...(flow.read ? [readLine(flow.read)] : []),
    ...(attempts ? [`Unfilled answers: ${attempts.count} of ${attempts.max} allowed`] : []),
    ...(slots.length ? [`Slots: ${slots.map(([name, value]) => `${name} ${quote(value)}`).join(', ')}`] : []),
    ...(flow.calls?.length ? [`Called ${flow.calls.join(', ')}`] : []),
  ];
}

function classify(data: z.infer<typeof stageData.classify>): string[] {
  if ('decided_by' in data) return [`Decision: ${decisions[data.decision] ?? data.decision} (the flow read the answer; no ranking)`, ...describeFlow(data.flow)];
  if ('handoff' in data) return [`Decision: ${decisions.handoff} (answered with the handoff message)`, `Why: ${data.handoff.reason}`, ...(data.flow ? describeFlow(data.flow) : [])];
  const { decision, label, confidence, threshold, understanding, semantic, refusal, flow } = data;
  const best = label ? `best match ${quote(label.subject)}` : 'no match';
  return [
    `Decision: ${decisions[decision] ?? decision} (${best})`,
    ...(refusal ? [`Refused: ${refusal}`] : []),
    ...(flow ? describeFlow(flow) : []),
    `Confidence ${decimal(confidence)}, threshold ${decimal(threshold)}`,
    ...(understanding ? [understandingLine(understanding, semantic)] : []),
  ];
}

const storedFailure = z.object({ error: z.object({ message: z.string(), flow: flowStep }) });

/** An error event of a flow's business-logic call: why it failed and the flow's step, in words; null for any other event data. */
export function flowFailureOf(data: unknown): { message: string; details: string[] } | null {
  const parsed = storedFailure.safeParse(data);
  if (!parsed.success) return null;
  return { message: parsed.data.error.message, details: describeFlow(parsed.data.error.flow) };
}

function rank(data: z.infer<typeof stageData.rank>): string[] {
  if ('skipped' in data) return [`Skipped (${skipReasons[data.skipped] ?? data.skipped})`];
  const { candidates } = data;
  if (!candidates.length) return ['No item shares a word with the question'];
  return candidates.slice(0, SHOWN_CANDIDATES).map((candidate) => {
    // Traces from before the rank stage named its candidates carry only their id.
    const name = candidate.subject === undefined ? `Item ${candidate.content_id}` : quote(candidate.subject);
    const scores = similarities(candidate);
    return `${name}: score ${decimal(candidate.score)}${scores ? ` — ${scores}` : ''}`;
  });
}

function rerank(data: z.infer<typeof stageData.rerank>): string[] {
  if ('skipped' in data) return [`Skipped (${decisions[data.skipped] ?? data.skipped})`];
  return [
    `Chosen ${quote(data.chosen.subject)} with confidence ${decimal(data.confidence)}`,
    ...data.candidates
      .slice(0, SHOWN_CANDIDATES)
      .map(
        (candidate) =>
          `${quote(candidate.subject)}: score ${decimal(candidate.score)} (probability ${decimal(candidate.probability)}, ${similarities(candidate)})`,
      ),
  ];
}

function genhybrid({ used, model, reason, error, pending }: z.infer<typeof stageData.genhybrid>): string[] {
  if (used) return [`Composed by ${model ?? 'the model'}`];
  if (error) return [`The model failed (${error}); the ranked answer was kept`];
  if (pending) return [`Waiting for ${model ?? 'the model'}`];
  return [`Not used${reason ? ` (${decisions[reason] ?? reason})` : ''}`];
}

function truncate({ words, cutoff, truncated }: z.infer<typeof stageData.truncate>): string[] {
  return [truncated ? `Truncated at ${cutoff} words` : `Not truncated (${words} of at most ${cutoff} words)`];
}

const describers: { [S in EngineStage]: (data: z.infer<(typeof stageData)[S]>) => string[] } = {
  rephrase,
  classify,
  rank,
  rerank,
  genhybrid,
  truncate,
};

function describeStep<S extends EngineStage>(stage: S, data: unknown): string[] {
  const parsed = stageData[stage].safeParse(data);
  return parsed.success ? describers[stage](parsed.data as z.infer<(typeof stageData)[S]>) : [JSON.stringify(data)];
}

/** Why the question was refused, in words, when the engine said so (shown beside the answer, not only in the trace). */
export function refusalOf(trace: TraceStep[]): string | null {
  const classify = trace.find((step) => step.stage === 'classify');
  const parsed = stageData.classify.safeParse(classify?.data);
  return parsed.success && 'refusal' in parsed.data ? (parsed.data.refusal ?? null) : null;
}

/**
 * The reading the engine chose for a question (the rephrase stage), in words: read with the previous
 * question or alone (and why), and as what; none for a question read alone as it was asked.
 */
export function readingOf(trace: TraceStep[]): string[] {
  const parsed = stageData.rephrase.safeParse(trace.find((step) => step.stage === 'rephrase')?.data);
  return parsed.success ? reading(parsed.data) : [];
}

export function describeTrace(trace: TraceStep[]): TraceLine[] {
  return trace.map((step) => ({ stage: step.stage, title: stageTitles[step.stage], details: describeStep(step.stage, step.data) }));
}
