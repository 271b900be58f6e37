import { ARCHIVE_FORMAT, ARCHIVE_VERSION, EMPTY_JARGON, kbToPm, kbFromPlainText, MAX_PAGE_SIZE, type ChatAnswer, type Snapshot } from '@console/contracts';
import { BENCH_ADMIN } from './server';

/**
 * Building and asking an assistant through the public API only, as a team and its visitors do:
 * sign in, import the project (one archive instead of thousands of calls), sync, deploy, ask.
 */

const OUT_OF_SCOPE_RESPONSE = 'Sorry, that is not something I can answer.';

export interface Intent {
  name: string;
  utterances: string[];
  /** The item's response as plain text, paragraphs apart by a blank line; by default a line naming the intent. */
  response?: string;
}

export class Console {
  private constructor(
    readonly baseUrl: string,
    /** The bearer token, for calls made outside `call` (a streamed download). */
    readonly token: string,
  ) {}

  static async signIn(baseUrl: string): Promise<Console> {
    const response = await fetch(`${baseUrl}/api/v1/login/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_ADMIN),
    });
    if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    return new Console(baseUrl, ((await response.json()) as { token: string }).token);
  }

  /** The same session, through another server process of the installation. */
  through(baseUrl: string): Console {
    return new Console(baseUrl, this.token);
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (response.status === 204 ? undefined : await response.json()) as T;
  }

  /** Every content item of a project (id and subject), a page of MAX_PAGE_SIZE at a time. */
  async contents(projectId: string): Promise<{ id: string; subject: string }[]> {
    const items: { id: string; subject: string }[] = [];
    for (;;) {
      const path = `/project/${projectId}/content?limit=${MAX_PAGE_SIZE}&offset=${items.length}`;
      const { records } = await this.call<{ records: { id: string; subject: string }[] }>('GET', path);
      items.push(...records);
      if (records.length < MAX_PAGE_SIZE) return items;
    }
  }

  async workspace(name: string): Promise<string> {
    const workspace = await this.call<{ id: string }>('POST', '/workspace', { display_name: name });
    await this.call('POST', `/workspace/${workspace.id}/membership/self`, { role: 'admin' });
    return workspace.id;
  }

  /** A project whose content items are the intents (subject = name, utterances = examples), imported as one archive. */
  async importProject(workspaceId: string, name: string, intents: Intent[], pipelineConfig: Record<string, unknown> = {}): Promise<string> {
    return this.importArchive(workspaceId, JSON.stringify(archiveOf(name, intents, pipelineConfig)));
  }

  /** Imports an archive file (its JSON text) as a new project of the workspace; answers the project's id. */
  async importArchive(workspaceId: string, file: string): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([file], { type: 'application/json' }), 'project.json');
    const response = await fetch(`${this.baseUrl}/api/v1/workspace/${workspaceId}/project/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}` },
      body: form,
    });
    if (!response.ok) throw new Error(`import failed: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { id: string }).id;
  }

  /** Sync, then deploy the 'Production' deployment for the given origin; answers its key. */
  async syncAndDeploy(projectId: string, origin: string): Promise<string> {
    const deployment = await this.syncForOrigin(projectId, origin);
    await this.deploy(projectId, deployment.id);
    return deployment.key;
  }

  /** Sync, and allow the given origin on the 'Production' deployment (not deployed yet); answers it. */
  async syncForOrigin(projectId: string, origin: string): Promise<{ id: string; key: string }> {
    await this.call('POST', `/project/${projectId}/sync`);
    const { records } = await this.call<{ records: { id: string; key: string }[] }>('GET', `/project/${projectId}/deployment`);
    const deployment = records[0]!;
    await this.call('PUT', `/project/${projectId}/deployment/${deployment.id}`, { allowed_origins: origin });
    return deployment;
  }

  async deploy(projectId: string, deploymentId: string): Promise<void> {
    await this.call('POST', `/project/${projectId}/deployment/${deploymentId}/deploy`);
  }
}

/**
 * A project archive whose content items are the intents (subject = name, utterances = examples),
 * with the project's pipeline_config (out-of-scope examples, understanding) as given.
 */
export function archiveOf(name: string, intents: Intent[], pipelineConfig: Record<string, unknown> = {}) {
  const now = new Date().toISOString();
  return {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    exported_at: now,
    project: {
      display_name: name,
      description: '',
      response_word_cutoff: 200,
      out_of_scope_response: OUT_OF_SCOPE_RESPONSE,
      pipeline_config: pipelineConfig,
      jargon: EMPTY_JARGON,
    },
    sources: [],
    contents: intents.map((intent) => ({
      id: crypto.randomUUID(),
      source_id: null,
      source_key: null,
      subject: intent.name,
      status: 'active',
      reporting_id: crypto.randomUUID(),
      response_pm: kbToPm(kbFromPlainText(responseTextOf(intent))),
      utterances: dedupe(intent.utterances).map((text) => ({ text, created_at: now, updated_at: now })),
      actions: [],
      created_at: now,
      updated_at: now,
    })),
    intents: [],
    slots: [],
  };
}

/**
 * The snapshot a sync of `archiveOf`'s project would make, for timing the engine without a server:
 * the same items, responses and utterances, with ids fixed by position so runs compare.
 */
export function snapshotOf(intents: Intent[], pipelineConfig: Record<string, unknown> = {}): Snapshot {
  return {
    version: 1,
    settings: { response_word_cutoff: 200, out_of_scope_response: OUT_OF_SCOPE_RESPONSE, pipeline_config: pipelineConfig },
    jargon: EMPTY_JARGON,
    contents: intents.map((intent, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      reporting_id: `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`,
      subject: intent.name,
      response: kbFromPlainText(responseTextOf(intent)),
      utterances: dedupe(intent.utterances),
      actions: [],
    })),
    intents: [],
    slots: [],
  };
}

/** An intent's response, or a line naming it when the data set has none. */
function responseTextOf(intent: Intent): string {
  return intent.response ?? `Here is what we know about ${intent.name}.`;
}

/** Utterances are unique per item regardless of case and surrounding space. */
function dedupe(texts: string[]): string[] {
  const seen = new Set<string>();
  return texts.filter((text) => {
    const key = text.trim().toLowerCase();
    if (!key || key.length > 1024 || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A visitor's question to a deployed assistant, from an allowed origin. */
/** Asks a deployment's assistant from a page of `origin`; with `convId`, as the next question of that conversation. */
export async function ask(baseUrl: string, deploymentKey: string, origin: string, utterance: string, convId?: string): Promise<ChatAnswer> {
  const response = await fetch(`${baseUrl}/api/v1/chat/${deploymentKey}/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(convId ? { utterance, conv_id: convId } : { utterance }),
  });
  if (!response.ok) throw new Error(`query failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as ChatAnswer;
}
