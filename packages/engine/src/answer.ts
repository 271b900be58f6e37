import type { TraceStep } from '@console/contracts';
import { calloutBlocks, type CalloutOutcome } from './callout-reply';
import { classifyStage, classifyStep } from './classify';
import type { EngineIndex } from './compile';
import { continueAfterCall, flowStage, flowTrace, type FlowOutcome } from './flow-turn';
import { generatedResponse, genhybridStage } from './generation';
import { handoffAnswer, recogniseHandoff } from './handoff';
import { rankStage } from './rank';
import { readUtterance, rephraseStage, type Reading } from './rephrase';
import { rerankStage } from './rerank';
import { round } from './trace';
import { truncateStage } from './truncate';
import type { AnswerInput, AnswerResult, ConversationState, FlowState, GenerationRequest, Reply, Turn } from './types';

/** Turns kept for follow-ups. */
export const REMEMBERED_TURNS = 5;

function remember(state: ConversationState | null, turn: Turn, flow: FlowState | null): ConversationState {
  return { turns: [...(state?.turns ?? []), turn].slice(-REMEMBERED_TURNS), flow };
}

/**
 * Answers a question, one stage after another, each adding its step to the trace: rephrase (jargon,
 * then the conversation's context for a short follow-up that is not understood alone), classify
 * (content, an entry intent, or out of scope), flow (a question the conversation's flow waits for, or
 * an entry intent, is answered by the flow: a node's business logic is a `callout` the caller makes,
 * then hands to `completeCallout`), rank (lexical candidates), rerank (the classifier's calibrated
 * probability, nudged by the lexical score), genhybrid (when configured: the caller sends
 * `generation` and calls `completeGeneration`) and truncate. A request for a person is answered with
 * the project's handoff message first (handoff.ts), in a flow or not. Pure and deterministic: the
 * same index, state and question give the same result.
 */
export function answer(
  index: EngineIndex,
  state: ConversationState | null,
  input: AnswerInput,
  options: { generation?: boolean } = {},
): AnswerResult {
  const question = readUtterance(index, input);
  const handoff = recogniseHandoff(index.handoff, question.words, question.meaningOf(question.text));
  if (handoff) {
    const turn = { utterance: input.utterance, rephrased: question.text, thread: null, content_id: null };
    return handoffAnswer(index, question, handoff, { before: state?.flow ?? null, after: remember(state, turn, null) });
  }

  const reading = rephraseStage(index, state, question);
  const { classification } = reading;
  const verdict = classifyStage(index, classification);
  const flow = flowStage(
    index.flows,
    state?.flow ?? null,
    {
      utterance: input.utterance,
      jargoned: question.jargon.length ? question.text : null,
      convId: input.convId ?? null,
      now: input.now,
      meaningfulWords: classification.stems.length,
      inContext: reading.context !== null,
    },
    verdict,
  );
  const ranked = rankStage(index, classification, verdict.leading, flow.readByFlow);
  const trace = [reading.step, classifyStep(index, classification, verdict, flow), ranked.step];
  if (flow.decision !== 'content') return unanswered(index, state, input, reading, flow, trace);

  const { reranked, chosen, confidence, step } = rerankStage(index, classification, verdict.leading, ranked.candidates);
  trace.push(step);
  const reply: Reply = {
    response_type: 'content',
    content_id: chosen.id,
    reporting_id: chosen.reporting_id,
    response: chosen.response,
    actions: chosen.actions,
    confidence,
  };
  const next = remember(state, { utterance: input.utterance, rephrased: reading.text, thread: reading.thread, content_id: chosen.id }, null);
  const generation = genhybridStage(index, reading.text, reranked, options.generation !== false);
  trace.push(generation.step);
  if (generation.request) return { reply, trace, state: next, generation: generation.request, callout: null };
  return truncateStage({ reply, trace, state: next, generation: null, callout: null }, reply.response, index.settings.wordCutoff);
}

/**
 * A question no item answers: the flow's answer, or the project's out-of-scope response. Nothing is
 * reranked, composed or cut.
 */
function unanswered(
  index: EngineIndex,
  state: ConversationState | null,
  input: AnswerInput,
  reading: Reading,
  flow: FlowOutcome,
  trace: TraceStep[],
): AnswerResult {
  const { decision, settled } = flow;
  trace.push(
    { stage: 'rerank', data: { skipped: decision } },
    { stage: 'genhybrid', data: { used: false, reason: decision } },
    { stage: 'truncate', data: { words: 0, cutoff: index.settings.wordCutoff, truncated: false } },
  );
  const reply: Reply = {
    response_type: decision,
    content_id: null,
    reporting_id: null,
    response: decision === 'oos' ? index.settings.outOfScope : { children: settled?.run.blocks ?? [] },
    actions: settled?.run.actions ?? [],
    confidence: round(reading.classification.confidence),
  };
  const turn = { utterance: input.utterance, rephrased: reading.text, thread: reading.thread, content_id: null };
  const next = remember(state, turn, settled?.run.active ? settled.run.flow : null);
  return { reply, trace, state: next, generation: null, callout: settled?.callout ?? null };
}

/**
 * Completes an answer whose genhybrid request the caller sent: the model's text (with the sources it
 * cited) becomes the response; a failure or timeout keeps the ranked answer and says why in the trace.
 */
export function completeGeneration(
  index: EngineIndex,
  result: AnswerResult,
  outcome: { text: string } | { error: string },
): AnswerResult {
  const request = result.generation as GenerationRequest;
  const trace = result.trace.filter((step) => step.stage !== 'genhybrid');
  if ('text' in outcome && outcome.text.trim()) {
    const generated = generatedResponse(outcome.text, request);
    trace.push({ stage: 'genhybrid', data: { used: true, model: request.model, cited: generated.cited.map((n) => request.citations[n - 1]!.content_id) } });
    return truncateStage({ ...result, trace }, generated.document, index.settings.wordCutoff);
  }
  const error = 'error' in outcome ? outcome.error : 'the model answered nothing';
  trace.push({ stage: 'genhybrid', data: { used: false, model: request.model, error } });
  return truncateStage({ ...result, trace }, result.reply.response, index.settings.wordCutoff);
}

/** Why a flow's endpoint failed, with the flow's step (stored in the `error` event); the conversation stays where it was. */
export interface CalloutFailure {
  error: string;
  flow: Record<string, unknown>;
}

/**
 * Completes an answer whose business-logic call the caller made: the endpoint's reply is said and the
 * flow moves on, which may need another call (the result's `callout` again). An endpoint that failed
 * or answered what cannot be read fails the turn: the caller answers an error and keeps the state
 * the conversation had before it, so the visitor can try again.
 */
export function completeCallout(index: EngineIndex, result: AnswerResult, outcome: CalloutOutcome): AnswerResult | { failed: CalloutFailure } {
  const callout = result.callout!;
  const flows = index.flows!;
  const blocks = calloutBlocks(outcome);
  if (!Array.isArray(blocks)) return { failed: { error: blocks.error, flow: { ...flowTrace(flows, callout.run), url: callout.url } } };
  const settled = continueAfterCall(flows, callout, blocks);
  const { run } = settled;
  const trace = result.trace.map((step) => (step.stage === 'classify' ? { ...step, data: { ...step.data, flow: flowTrace(flows, run) } } : step));
  return {
    reply: { ...result.reply, response: { children: run.blocks }, actions: run.actions },
    trace,
    state: { ...result.state, flow: run.active ? run.flow : null },
    generation: null,
    callout: settled.callout,
  };
}
