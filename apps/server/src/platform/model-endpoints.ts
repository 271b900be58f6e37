import { modelEndpointRefused } from '@console/contracts';
import { GENERATION_KEY_PREFIX, readGenerationConfig } from '@console/engine';

/**
 * MODEL_ENDPOINTS: the origins the operator allows each model key (`MODEL_API_KEY_*`) to be sent to,
 * keyed by the key's variable name. A project's editors choose genhybrid's URL, so without this
 * anyone who may edit a project could name the operator's key with a URL of their own and receive it.
 * A key the map does not name is sent nowhere.
 */
export type ModelEndpoints = ReadonlyMap<string, ReadonlySet<string>>;

/**
 * Reads `NAME=origin[,origin...][;NAME=...]`, NAME being what follows MODEL_API_KEY_ (so
 * `OPENAI=https://api.openai.com;LOCAL=http://10.0.0.5:8000`); each origin is an http or https URL
 * equal to its origin (scheme, host, port: no path). Every problem is returned, for the start-up list.
 */
export function parseModelEndpoints(raw: string | undefined): { endpoints: ModelEndpoints; problems: string[] } {
  const endpoints = new Map<string, Set<string>>();
  const problems: string[] = [];
  for (const entry of (raw ?? '').split(';').map((part) => part.trim())) {
    if (!entry) continue;
    const [name = '', origins = ''] = entry.split('=', 2).map((part) => part.trim());
    if (!/^[A-Za-z0-9_]+$/.test(name) || !entry.includes('=')) {
      problems.push(`'${entry}' must be NAME=origin, NAME the part of a MODEL_API_KEY_NAME variable after the prefix`);
      continue;
    }
    const allowed = endpoints.get(`${GENERATION_KEY_PREFIX}${name}`) ?? new Set<string>();
    for (const origin of origins.split(',').map((part) => part.trim())) {
      if (isOrigin(origin)) allowed.add(origin);
      else problems.push(`'${origin}' (for ${name}) must be an http or https origin such as https://api.openai.com, without a path`);
    }
    endpoints.set(`${GENERATION_KEY_PREFIX}${name}`, allowed);
  }
  return { endpoints, problems };
}

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return ['http:', 'https:'].includes(url.protocol) && url.origin === value;
  } catch {
    return false;
  }
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Whether the key may be sent to the URL: its origin is one the operator listed for that key. */
export function isModelEndpointAllowed(endpoints: ModelEndpoints, keyEnv: string, url: string): boolean {
  const origin = originOf(url);
  return origin !== null && (endpoints.get(keyEnv)?.has(origin) ?? false);
}

/** Model keys set in the environment that no MODEL_ENDPOINTS entry allows anywhere: said at start-up. */
export function unboundModelKeys(endpoints: ModelEndpoints, env: NodeJS.ProcessEnv = process.env): string[] {
  return Object.keys(env).filter((name) => name.startsWith(GENERATION_KEY_PREFIX) && !endpoints.get(name)?.size);
}

export interface ModelEndpointRefusal {
  /** The key's variable (MODEL_API_KEY_...), never its value. */
  keyEnv: string;
  url: string;
  detail: string;
}

/**
 * Why a pipeline_config may not be stored: its genhybrid names a model key for a URL whose origin the
 * operator did not allow for that key; null when it may (no genhybrid, no key, or an allowed URL).
 */
export function modelEndpointRefusal(endpoints: ModelEndpoints, pipelineConfig: Record<string, unknown> | undefined): ModelEndpointRefusal | null {
  if (!pipelineConfig) return null;
  const { config } = readGenerationConfig(pipelineConfig);
  if (!config?.apiKeyEnv || isModelEndpointAllowed(endpoints, config.apiKeyEnv, config.url)) return null;
  return { keyEnv: config.apiKeyEnv, url: config.url, detail: modelEndpointRefused(config.apiKeyEnv) };
}
