import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { defaultSlotPrompt, defaultSlotReprompt, FLOW_CANCELLED, flowGaveUp, kbPlainText, type ChatAnswer, type RealtimeAnswer } from '@console/contracts';
import type { Database } from '../src/db/client';
import { projects } from '../src/db/schema/index';
import { call, createClock, createSignedInUser, createTestApp, createWorkspaceTree, openTestDatabase } from './helper';
import { allowOrigins, ask, deploy, insertItems, productItems, projectRecords, recordingEndpoint, sync, type EndpointCall } from './assistant-fixtures';

/**
 * A flow of typed slots as a visitor lives it through the public chat API: an appliance from a list
 * of terms, a visit day read from the visitor's words as a date, an e-mail address; an answer that
 * fills nothing is asked again with the re-prompt, then given up after the slot's attempts; 'never
 * mind' ends the flow; the repair endpoint receives the values normalised.
 */

const SHOP = 'https://shop.example';
const REPROMPT = 'Sorry, we repair kettles, fridges and ovens. Which one is it?';
const DATE_PROMPT = 'Which day should we come?';
const clock = createClock();
let database: Database;
let app: FastifyInstance;
let editor: Awaited<ReturnType<typeof createSignedInUser>>;
let projectId: string;
let key: string;
let endpoint: Awaited<ReturnType<typeof recordingEndpoint>>;
let received: EndpointCall[];

beforeAll(async () => {
  endpoint = await recordingEndpoint((sent) => ({ text: `A technician will see your ${sent.slots.appliance} on ${sent.slots['visit day']}.` }));
  ({ received } = endpoint);
  const base = endpoint.url;
  database = await openTestDatabase();
  app = await createTestApp(database, { outboundAllowPrivate: true, clock });
  editor = await createSignedInUser(app);
  const tree = await createWorkspaceTree(app, [{ user: editor.user, role: 'editor' }]);
  projectId = tree.project.id;
  await app.ctx.db.update(projects).set({ pipelineConfig: { understanding: 'lexical' } }).where(eq(projects.id, projectId));
  await insertItems(app, projectId, productItems);
  const create = projectRecords(app, editor.token, projectId);
  const appliance = await create('slot', { name: 'appliance', terms: ['kettle', 'fridge', 'oven'], prompt: 'Which appliance needs repair?', reprompt: REPROMPT, max_attempts: 2 });
  const day = await create('slot', { name: 'visit day', type: 'date', locale: 'en-GB' });
  const email = await create('slot', { name: 'email', type: 'email' });
  const repair = await create('intent', { intent: 'book a repair', utterances: ['book a repair', 'I need a repair', 'my appliance is broken', 'send a technician'] });
  const node = crypto.randomUUID();
  const sequence = await create('sequence', { name: 'Repair visit' });
  const saved = await call(app, 'PUT', `/api/v1/sequence/${sequence.id}`, editor.token, {
    nodes: [
      {
        id: node,
        name: 'Visit',
        position: { x: 0, y: 0 },
        attributes: [
          { type: 'entry_intents', intents: [repair.id] },
          { type: 'collect_slots', slots: [{ slot_id: appliance.id }, { slot_id: day.id, prompt: DATE_PROMPT }, { slot_id: email.id }] },
          { type: 'business_logic', url: `${base}/repairs`, configuration: {} },
        ],
      },
    ],
    transitions: [],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await allowOrigins(app, editor.token, projectId, tree.deployment.id, [SHOP]);
  await sync(app, editor.token, projectId);
  ({ key } = await deploy(app, editor.token, projectId, tree.deployment.id));
});

afterAll(() => endpoint.close());

function answerOf(response: LightMyRequestResponse): ChatAnswer {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ChatAnswer>();
}

/** One conversation: each question asked after the previous answer. */
function conversation() {
  let convId: string | undefined;
  return async (utterance: string) => {
    const answer = answerOf(await ask(app, key, { utterance, ...(convId ? { conv_id: convId } : {}) }, SHOP));
    convId = answer.conv_id;
    return { ...answer, said: kbPlainText(answer.response) };
  };
}

/** The UTC calendar day after the clock's now, as the endpoint receives a date. */
function tomorrow(): string {
  return new Date(clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
}

describe('a flow of typed slots through the chat API', () => {
  it('asks again for an answer off the list, reads a date and an e-mail address, and sends the endpoint normalised values', async () => {
    const say = conversation();
    expect((await say('I need a repair')).said).toBe('Which appliance needs repair?');
    const again = await say('a toaster');
    expect(again).toMatchObject({ response_type: 'scenario', said: REPROMPT });
    expect(again.actions.map((action) => action.label)).toEqual(['kettle', 'fridge', 'oven']);
    expect((await say('the kettle')).said).toBe(DATE_PROMPT);
    // Not a date: asked again with the default re-prompt.
    expect((await say('whenever suits you')).said).toBe(defaultSlotReprompt('visit day'));
    expect((await say('tomorrow please')).said).toBe(defaultSlotPrompt('email'));
    expect(received).toEqual([]);
    const booked = await say('you can write to Jane@Example.org');
    expect(booked).toMatchObject({ response_type: 'scenario', said: `A technician will see your kettle on ${tomorrow()}.` });
    expect(received).toEqual([expect.objectContaining({ slots: { appliance: 'kettle', 'visit day': tomorrow(), email: 'jane@example.org' } })]);
  });

  it('gives up after the slot is asked as many times as allowed, and answers the next question as any other', async () => {
    received.length = 0;
    const say = conversation();
    await say('I need a repair');
    expect((await say('a toaster')).said).toBe(REPROMPT);
    const gaveUp = await say('a blender');
    expect(gaveUp).toMatchObject({ response_type: 'scenario', said: flowGaveUp('appliance') });
    expect(gaveUp.actions).toEqual([]);
    // The flow is over: a product question is answered from the content.
    expect((await say('How long does the phone battery last?')).response_type).toBe('content');
    expect(received).toEqual([]);
  });

  it("ends the flow politely on 'never mind'", async () => {
    const say = conversation();
    await say('I need a repair');
    expect(await say('Never mind!')).toMatchObject({ response_type: 'scenario', said: FLOW_CANCELLED });
    expect((await say('the kettle')).response_type).not.toBe('scenario');
  });

  it('reads an answer as long as an utterance may be, and asks again when it holds no address', async () => {
    const say = conversation();
    await say('I need a repair');
    await say('the fridge');
    await say('tomorrow');
    const tail = ' none@example';
    expect((await say(`${'x'.repeat(1024 - tail.length)}${tail}`)).said).toBe(defaultSlotReprompt('email'));
  });

  it('shows in the Real-Time Test trace the slot, what was read and why it was refused, without ranking figures', async () => {
    const ask = async (utterance: string, convId?: string) => {
      const response = await call(app, 'POST', `/api/v1/project/${projectId}/chat/query`, editor.token, { utterance, ...(convId ? { conv_id: convId } : {}) });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<RealtimeAnswer>();
    };
    const first = await ask('I need a repair');
    const refused = await ask('a toaster', first.conv_id);
    const classify = refused.trace.find((step) => step.stage === 'classify')!.data;
    expect(classify).toMatchObject({
      decision: 'scenario',
      decided_by: 'flow',
      flow: { slot: 'appliance', slot_type: 'terms', read: { value: null, refusal: "'a toaster' is none of the terms: kettle, fridge, oven" }, attempts: { count: 1, max: 2 } },
    });
    expect(classify).not.toHaveProperty('top');
    expect(classify).not.toHaveProperty('confidence');
    expect(refused.trace.find((step) => step.stage === 'rank')!.data).toEqual({ skipped: 'flow' });
  });
});
