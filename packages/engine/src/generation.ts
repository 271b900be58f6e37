import { kbFromPlainText, kbPlainText, type KbDocument, type TraceStep } from '@console/contracts';
import type { GenerationRequest } from './types';

/**
 * The optional `genhybrid` stage: an OpenAI-compatible chat endpoint composes an answer from the top
 * items, citing them as [n]. Off unless the project's pipeline_config names an endpoint:
 *
 *   { "genhybrid": { "url": "https://…/v1/chat/completions", "model": "…",
 *                    "api_key_env": "MODEL_API_KEY_MAIN", "timeout_ms": 8000, "max_items": 3 } }
 *
 * The key itself never sits in the project: `api_key_env` names an environment variable of the
 * server, and only names starting MODEL_API_KEY_ are read, so a project cannot make the server send
 * any other secret.
 */

export const GENERATION_KEY_PREFIX = 'MODEL_API_KEY_';
const DEFAULT_GENERATION_TIMEOUT_MS = 8000;
const DEFAULT_GENERATION_ITEMS = 3;

export interface GenerationConfig {
  url: string;
  model: string;
  apiKeyEnv: string | null;
  timeoutMs: number;
  maxItems: number;
}

/** The genhybrid settings of a pipeline_config, or null (off, or not usable: the reason is returned). */
export function readGenerationConfig(pipelineConfig: Record<string, unknown>): { config: GenerationConfig | null; problem: string | null } {
  const raw = pipelineConfig.genhybrid;
  if (raw === undefined || raw === null || raw === false) return { config: null, problem: null };
  if (typeof raw !== 'object') return { config: null, problem: 'genhybrid must be an object' };
  const settings = raw as Record<string, unknown>;
  const url = typeof settings.url === 'string' ? settings.url : '';
  try {
    if (!['http:', 'https:'].includes(new URL(url).protocol)) throw new Error('protocol');
  } catch {
    return { config: null, problem: 'genhybrid.url must be an http or https URL' };
  }
  if (typeof settings.model !== 'string' || !settings.model) return { config: null, problem: 'genhybrid.model must name a model' };
  const keyEnv = settings.api_key_env;
  if (keyEnv !== undefined && (typeof keyEnv !== 'string' || !keyEnv.startsWith(GENERATION_KEY_PREFIX))) {
    return { config: null, problem: `genhybrid.api_key_env must name a variable starting ${GENERATION_KEY_PREFIX}` };
  }
  const number = (value: unknown, fallback: number, min: number, max: number) =>
    typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : fallback;
  return {
    config: {
      url,
      model: settings.model,
      apiKeyEnv: (keyEnv as string | undefined) ?? null,
      timeoutMs: number(settings.timeout_ms, DEFAULT_GENERATION_TIMEOUT_MS, 500, 60_000),
      maxItems: number(settings.max_items, DEFAULT_GENERATION_ITEMS, 1, 10),
    },
    problem: null,
  };
}

interface GenerationSource {
  content_id: string;
  reporting_id: string;
  subject: string;
  response: KbDocument;
}

/** The request to send: the question and the numbered sources. */
function generationRequest(config: GenerationConfig, question: string, sources: readonly GenerationSource[]): GenerationRequest {
  const numbered = sources
    .map((source, index) => `[${index + 1}] ${source.subject}\n${kbPlainText(source.response).slice(0, 4000)}`)
    .join('\n\n');
  return {
    url: config.url,
    model: config.model,
    apiKeyEnv: config.apiKeyEnv,
    timeoutMs: config.timeoutMs,
    messages: [
      {
        role: 'system',
        content:
          "Answer the visitor's question using only the numbered sources. Cite each source you use as [n]. " +
          'If the sources do not answer the question, say that you do not know. Answer in plain text.',
      },
      { role: 'user', content: `Question: ${question}\n\nSources:\n${numbered}` },
    ],
    citations: sources.map(({ content_id, reporting_id, subject }) => ({ content_id, reporting_id, subject })),
  };
}

/** An item the rerank stage ranked, as a source to offer the model. */
interface RankedContent {
  id: string;
  reporting_id: string;
  subject: string;
  response: KbDocument;
}

/**
 * The genhybrid stage: when the project names an endpoint and the caller wants it (`wanted`), the
 * request composing an answer from the reranked items, best first; the reply is final only once the
 * caller hands the model's outcome to `completeGeneration`. Else it is off, and the trace says why.
 */
export function genhybridStage(
  index: {
    settings: { generation: GenerationConfig | null; generationProblem: string | null };
    contents: readonly RankedContent[];
    contentOfLabel: Int32Array;
  },
  question: string,
  reranked: readonly { labelIndex: number }[],
  wanted: boolean,
): { request: GenerationRequest | null; step: TraceStep } {
  const generation = index.settings.generation;
  if (generation && wanted) {
    const sources = reranked.slice(0, generation.maxItems).map(({ labelIndex }) => toSource(index.contents[index.contentOfLabel[labelIndex]!]!));
    const request = generationRequest(generation, question, sources);
    return { request, step: { stage: 'genhybrid', data: { used: false, pending: true, model: generation.model, items: request.citations.map((c) => c.content_id) } } };
  }
  const problem = index.settings.generationProblem;
  return { request: null, step: { stage: 'genhybrid', data: { used: false, reason: problem ? `off: ${problem}` : 'off' } } };
}

function toSource(content: RankedContent): GenerationSource {
  return { content_id: content.id, reporting_id: content.reporting_id, subject: content.subject, response: content.response };
}

/** The composed answer as KB: its paragraphs, then the sources it cited ([n] markers it used). */
export function generatedResponse(text: string, request: GenerationRequest): { document: KbDocument; cited: number[] } {
  const cited = [...new Set([...text.matchAll(/\[(\d+)\]/g)].map((match) => Number(match[1])))]
    .filter((n) => n >= 1 && n <= request.citations.length)
    .sort((a, b) => a - b);
  const body = kbFromPlainText(text);
  if (!cited.length) return { document: body, cited };
  return {
    document: {
      children: [
        ...body.children,
        {
          type: 'hierarchy_list',
          ordered: false,
          start: 1,
          items: cited.map((n) => ({
            children: [{ type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: `[${n}] ${request.citations[n - 1]!.subject}` }] }],
          })),
        },
      ],
    },
    cited,
  };
}
