import { z } from 'zod';
import type { EngineStage, TraceStep } from '@console/contracts';

/**
 * The engine's trace (packages/engine, one step per stage) in words for the Real-Time Test: which
 * item was chosen, its score and confidence against the threshold, the jargon applied, whether the
 * response was truncated. A step whose data has another shape is shown as its JSON.
 */

export interface TraceLine {
  stage: EngineStage;
  title: string;
  details: string[];
}

export const stageTitles: Record<EngineStage, string> = {
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
const stageData = {
  rephrase: z.object({
    input: z.string(),
    output: z.string(),
    jargon: z.array(z.object({ term: z.string(), keyword: z.string() })),
    context: z.object({ previous: z.string() }).nullable().optional(),
  }),
  classify: z.object({
    decision: z.string(),
    label: subject.extend({ kind: z.string() }).nullable(),
    confidence: z.number(),
    threshold: z.number(),
  }),
  rank: z.object({ candidates: z.array(subject.extend({ score: z.number() })) }),
  rerank: z.union([
    z.object({ skipped: z.string() }),
    z.object({
      chosen: subject,
      confidence: z.number(),
      candidates: z.array(subject.extend({ probability: z.number(), lexical: z.number(), score: z.number() })),
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

const decisions: Record<string, string> = {
  content: 'a content item',
  scenario: 'a sequence',
  oos: 'out of scope',
};

function rephrase({ input, output, jargon, context }: z.infer<typeof stageData.rephrase>): string[] {
  return [
    jargon.length
      ? `Jargon applied: ${jargon.map(({ term, keyword }) => `${quote(term)} → ${quote(keyword)}`).join(', ')}`
      : 'Jargon applied: none',
    ...(context ? [`Read with the previous question ${quote(context.previous)}`] : []),
    ...(output !== input ? [`Understood as ${quote(output)}`] : []),
  ];
}

function classify({ decision, label, confidence, threshold }: z.infer<typeof stageData.classify>): string[] {
  const best = label ? `best match ${quote(label.subject)}` : 'no match';
  return [
    `Decision: ${decisions[decision] ?? decision} (${best})`,
    `Confidence ${decimal(confidence)}, threshold ${decimal(threshold)}`,
  ];
}

function rank({ candidates }: z.infer<typeof stageData.rank>): string[] {
  if (!candidates.length) return ['No item shares a word with the question'];
  return candidates.slice(0, SHOWN_CANDIDATES).map((candidate) => `${quote(candidate.subject)}: score ${decimal(candidate.score)}`);
}

function rerank(data: z.infer<typeof stageData.rerank>): string[] {
  if ('skipped' in data) return [`Skipped (${decisions[data.skipped] ?? data.skipped})`];
  return [
    `Chosen ${quote(data.chosen.subject)} with confidence ${decimal(data.confidence)}`,
    ...data.candidates
      .slice(0, SHOWN_CANDIDATES)
      .map(
        (candidate) =>
          `${quote(candidate.subject)}: score ${decimal(candidate.score)} (probability ${decimal(candidate.probability)}, lexical ${decimal(candidate.lexical)})`,
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

export function describeTrace(trace: TraceStep[]): TraceLine[] {
  return trace.map((step) => ({ stage: step.stage, title: stageTitles[step.stage], details: describeStep(step.stage, step.data) }));
}
