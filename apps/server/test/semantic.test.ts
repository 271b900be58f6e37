import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, count, eq, notInArray } from 'drizzle-orm';
import type { RealtimeAnswer } from '@console/contracts';
import type { Database } from '../src/db/client';
import { contents, projects, textVectors } from '../src/db/schema/index';
import { call, createSignedInUser, createTestApp, createWorkspaceTree, openTestDatabase } from './helper';
import { insertItems, sync, type ItemSpec } from './assistant-fixtures';

/**
 * Semantic understanding through the API: a sync embeds the texts of its content once (the vectors
 * are stored for every later sync and every server process), and the Real-Time Test answers a
 * question in other words than the content's.
 */

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

let database: Database;
let app: FastifyInstance;
let editor: SignedIn;

/** An imported FAQ: content without a single utterance. */
const faq: ItemSpec[] = [
  { subject: 'Opening hours', response: 'We are open from 9 to 5 on weekdays and from 10 to 4 on Saturdays.' },
  { subject: 'Returns', response: 'Send the item back within 30 days with its receipt and we refund you.' },
  { subject: 'Delivery', response: 'Orders arrive within three working days; delivery is free above 50 euros.' },
];

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database);
  editor = await createSignedInUser(app);
});

async function projectWith(items: ItemSpec[], pipelineConfig: Record<string, unknown> = {}) {
  const tree = await createWorkspaceTree(app, [{ user: editor.user, role: 'editor' }]);
  await app.ctx.db.update(projects).set({ pipelineConfig }).where(eq(projects.id, tree.project.id));
  const stored = await insertItems(app, tree.project.id, items);
  return { ...tree, item: (subject: string) => stored.find((row) => row.subject === subject)! };
}

/** Vectors stored for the workspace, leaving out those of `asked` (the inbox keeps a failed question's own vector). */
async function storedVectors(workspaceId: string, asked: string[] = []): Promise<number> {
  const askedHashes = asked.map((text) => createHash('sha256').update(text).digest());
  const [row] = await app.ctx.db
    .select({ total: count() })
    .from(textVectors)
    .where(and(eq(textVectors.workspaceId, workspaceId), askedHashes.length ? notInArray(textVectors.textHash, askedHashes) : undefined));
  return row!.total;
}

function realtime(server: FastifyInstance, projectId: string, utterance: string) {
  return call(server, 'POST', `/api/v1/project/${projectId}/chat/query`, editor.token, { utterance }).then((response) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RealtimeAnswer>();
  });
}

describe('sync with semantic understanding (the default)', () => {
  it('embeds the content once: a sync of unchanged content, in any process, embeds nothing', async () => {
    const shop = await projectWith(faq);
    const first = await sync(app, editor.token, shop.project.id);
    expect(first.stats.embedded).toBeGreaterThan(0);
    expect(first.stats.reused).toBe(0);
    expect(await storedVectors(shop.workspace.id)).toBe(first.stats.embedded);

    const again = await sync(app, editor.token, shop.project.id);
    expect(again.stats).toMatchObject({ embedded: 0, reused: first.stats.embedded });
    const otherProcess = await createTestApp(database);
    const elsewhere = await sync(otherProcess, editor.token, shop.project.id);
    expect(elsewhere.stats).toMatchObject({ embedded: 0, reused: first.stats.embedded });
    expect(await storedVectors(shop.workspace.id)).toBe(first.stats.embedded);
  });

  it('embeds only the texts that changed', async () => {
    const shop = await projectWith(faq);
    const first = await sync(app, editor.token, shop.project.id);
    await app.ctx.db.update(contents).set({ subject: 'When we are open' }).where(eq(contents.id, shop.item('Opening hours').id));
    const edited = await sync(app, editor.token, shop.project.id);
    expect(edited.stats.embedded).toBeGreaterThan(0);
    expect(edited.stats.embedded).toBeLessThan(first.stats.embedded);
    expect(edited.stats.reused).toBeGreaterThan(0);
  });

  it("never reuses another workspace's vectors (whether a text is stored says nothing about other workspaces)", async () => {
    const [one, two] = [await projectWith(faq), await projectWith(faq)];
    const first = await sync(app, editor.token, one.project.id);
    const second = await sync(app, editor.token, two.project.id);
    expect(second.stats).toMatchObject({ embedded: first.stats.embedded, reused: 0 });
  });

  it('embeds nothing for a project with lexical understanding', async () => {
    const shop = await projectWith(faq, { understanding: 'lexical' });
    const synced = await sync(app, editor.token, shop.project.id);
    expect(synced.stats).toMatchObject({ contents: 3, embedded: 0, reused: 0 });
    expect(await storedVectors(shop.workspace.id)).toBe(0);
  });
});

describe('the Real-Time Test with semantic understanding', () => {
  it('answers a question in other words than the content, from content without utterances, and says so in its trace', async () => {
    const shop = await projectWith(faq);
    await sync(app, editor.token, shop.project.id);
    const answer = await realtime(app, shop.project.id, 'is the store open on weekends?');
    expect(answer).toMatchObject({ response_type: 'content', content_id: shop.item('Opening hours').id });
    const classify = answer.trace.find((step) => step.stage === 'classify')!;
    expect(classify.data).toMatchObject({ understanding: 'semantic' });
  });

  it('answers the same in another process (compiled from the stored vectors), on its request thread or in workers', async () => {
    const shop = await projectWith(faq);
    await sync(app, editor.token, shop.project.id);
    const stored = await storedVectors(shop.workspace.id);
    const here = await realtime(app, shop.project.id, 'how do I get my money back?');
    const [requestThread, workers] = await Promise.all([createTestApp(database, { answeringThreads: 0 }), createTestApp(database, { answeringThreads: 2 })]);
    for (const server of [requestThread, workers]) {
      const elsewhere = await realtime(server, shop.project.id, 'how do I get my money back?');
      expect({ ...elsewhere, conv_id: null, answer_id: null }).toEqual({ ...here, conv_id: null, answer_id: null });
    }
    // Answering compiled from the stored vectors: none of the project's texts was embedded again.
    expect(await storedVectors(shop.workspace.id, ['how do I get my money back?'])).toBe(stored);
    await Promise.all([requestThread.close(), workers.close()]);
  });
});
