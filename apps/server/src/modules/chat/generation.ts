import { z } from 'zod';
import type { GenerationRequest } from '@console/engine';
import type { AppContext } from '../../context';
import { isModelEndpointAllowed } from '../../platform/model-endpoints';
import { OutboundError, outboundFetch } from '../../platform/outbound';

/** An OpenAI-compatible chat completion: the composed text is the first choice's message. */
const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

/** A model's answer is text: anything bigger than this is not one. */
const GENERATION_MAX_BYTES = 1024 * 1024;

/**
 * The genhybrid call: the engine's request sent to the project's model endpoint through the
 * guarded outbound fetch (OUTBOUND_ALLOW_PRIVATE applies), within the endpoint's timeout. Every
 * failure comes back as `{ error }`, which the engine turns into the ranked answer: a model that
 * is down, slow or confused never fails a visitor's question.
 */
export async function generate(ctx: AppContext, request: GenerationRequest): Promise<{ text: string } | { error: string }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  // Checked again here, not only when a pipeline_config is stored: a config stored earlier, or before
  // the operator narrowed MODEL_ENDPOINTS, must not send the key elsewhere either.
  if (request.apiKeyEnv && !isModelEndpointAllowed(ctx.modelEndpoints, request.apiKeyEnv, request.url)) {
    return { error: `the endpoint's origin is not one MODEL_ENDPOINTS allows for ${request.apiKeyEnv}` };
  }
  // The engine only names variables starting MODEL_API_KEY_, so a project cannot send another secret.
  const key = request.apiKeyEnv ? process.env[request.apiKeyEnv] : undefined;
  if (key) headers.authorization = `Bearer ${key}`;
  try {
    const response = await outboundFetch(request.url, {
      allowPrivate: ctx.outboundAllowPrivate,
      method: 'POST',
      headers,
      body: JSON.stringify({ model: request.model, messages: request.messages }),
      timeoutMs: request.timeoutMs,
      maxBytes: GENERATION_MAX_BYTES,
    });
    if (!response.ok) return { error: `the model endpoint answered ${response.status} ${response.statusText}`.trim() };
    let body: unknown;
    try {
      body = JSON.parse(response.text());
    } catch {
      return { error: 'the model endpoint did not answer JSON' };
    }
    const completion = completionSchema.safeParse(body);
    if (!completion.success) return { error: 'the model endpoint answered no message' };
    return { text: completion.data.choices[0]!.message.content };
  } catch (error) {
    if (error instanceof OutboundError) return { error: error.reason };
    throw error;
  }
}
