import { answerFailed, type InsightFailure } from '@console/contracts';

/** A question's outcome event as the grouping reads it. */
export interface OutcomeEvent {
  id: string;
  issuedAt: Date;
  deploymentId: string | null;
  convId: string;
  utterance: string;
  dataType: 'request' | 'response' | 'error';
  responseType: string | null;
  contentId: string | null;
  data: Record<string, unknown>;
}

export interface FailedAnswer {
  answerId: string;
  deploymentId: string | null;
  convId: string;
  askedAt: Date;
  utterance: string;
  failure: Exclude<InsightFailure, 'disliked'> | null;
  confidence: number | null;
  refusal: string | null;
  contentId: string | null;
  candidates: { content_id: string; subject: string; score: number | null }[];
}

interface TraceStep {
  stage?: unknown;
  data?: Record<string, unknown>;
}

const stepOf = (trace: unknown, stage: string): Record<string, unknown> | null => {
  if (!Array.isArray(trace)) return null;
  const step = (trace as TraceStep[]).find((candidate) => candidate?.stage === stage);
  return step?.data && typeof step.data === 'object' ? step.data : null;
};

/**
 * The best candidates of a trace: the reranked ones (with their probability), else the ranked ones,
 * else (a refusal, which skips ranking) the classifier's leading content labels.
 */
function candidatesOf(trace: unknown): FailedAnswer['candidates'] {
  const ranked = stepOf(trace, 'rerank')?.candidates ?? stepOf(trace, 'rank')?.candidates;
  const leading = stepOf(trace, 'classify')?.top;
  const listed: unknown[] = Array.isArray(ranked)
    ? ranked
    : Array.isArray(leading)
      ? leading.flatMap((label: Record<string, unknown>) => (label?.kind === 'content' ? [{ content_id: label.id, subject: label.subject, probability: label.probability }] : []))
      : [];
  return listed.flatMap((entry) => {
    const candidate = entry as Record<string, unknown> | null;
    if (typeof candidate?.content_id !== 'string' || typeof candidate.subject !== 'string') return [];
    const score = typeof candidate.probability === 'number' ? candidate.probability : typeof candidate.score === 'number' ? candidate.score : null;
    return [{ content_id: candidate.content_id, subject: candidate.subject, score }];
  });
}

/**
 * What the inbox keeps of an outcome event, or null when the answer did not fail: out of scope, an
 * error, or content answered below INSIGHT_MAX_THRESHOLD (the inbox's threshold can be raised up to
 * it). A flow's step and an answer to a request for a person are what the team built, not a gap.
 * `disliked` keeps an answer whatever its outcome (its failure then null).
 */
export function failedAnswer(event: OutcomeEvent, disliked = false): FailedAnswer | null {
  const response = (event.data.response ?? null) as { confidence?: unknown } | null;
  const confidence = typeof response?.confidence === 'number' ? response.confidence : null;
  let failure: FailedAnswer['failure'] = null;
  if (event.dataType === 'error') failure = 'error';
  else if (answerFailed(event.responseType, confidence)) failure = event.responseType === 'oos' ? 'oos' : 'low_confidence';
  if (!failure && !disliked) return null;
  const trace = event.data.trace;
  const refusal = stepOf(trace, 'classify')?.refusal;
  const error = event.data.error as { message?: unknown } | undefined;
  return {
    answerId: event.id,
    deploymentId: event.deploymentId,
    convId: event.convId,
    askedAt: event.issuedAt,
    utterance: event.utterance,
    failure,
    confidence,
    refusal: typeof refusal === 'string' ? refusal : failure === 'error' && typeof error?.message === 'string' ? error.message : null,
    contentId: event.contentId,
    candidates: candidatesOf(trace),
  };
}
