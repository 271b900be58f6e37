import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  TEST_CASE_IMPORT_MAX,
  jobMessages,
  kbPlainText,
  messages,
  suiteAnswerWords,
  suiteMessages,
  testCaseCsvColumns,
  testCaseExpectations,
  type ChatAnswer,
  type Job,
  type PortableTestCase,
  type ProjectSummary,
  type SyncAnswer,
  type TestCase,
  type TestCaseBody,
  type TestResult,
  type TestRun,
  type TestRunComparison,
} from '@console/contracts';
import { projects, testCases, testResults } from '../src/db/schema/index';
import { chatMessages } from '../src/modules/chat/messages';
import { jobHandlers } from '../src/modules/job/handlers';
import { insertItems, productItems } from './assistant-fixtures';
import { multipartForm } from './authorization/rows-project';
import { call, countRows, createProjectTeam, createTestApp, createWorkspaceTree, expectError, openTestDatabase } from './helper';

/**
 * Test suites through the API: a project's test cases (written, checked, exported and imported as
 * JSON and CSV, carried in archives and clones) and runs of them against a version in the background,
 * each case's outcome with the reason it failed, compared between runs, run by every sync.
 */

let app: FastifyInstance;
let team: Awaited<ReturnType<typeof createProjectTeam>>;

beforeAll(async () => {
  app = await createTestApp(await openTestDatabase(), { jobPollMs: 50 });
  team = await createProjectTeam(app);
});

function api(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, token = team.editor.token) {
  return call(app, method, `/api/v1${path}`, token, body);
}

async function ok<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, status = method === 'POST' ? 201 : 200): Promise<T> {
  const response = await api(method, path, body);
  expect(response.statusCode, `${method} ${path}: ${response.body}`).toBe(status);
  return response.json<T>();
}

/**
 * A project of the team with the products' items, a 'book a table' intent and a 'Booking' sequence:
 * 'Collect' (started by the intent, asks for the city), then 'Day' (asks for the day), and a node
 * without a name. Lexical, with a high out-of-scope threshold, so a short follow-up needs its context.
 */
async function shopProject() {
  const tree = await createWorkspaceTree(app, [
    { user: team.admin.user, role: 'admin' },
    { user: team.editor.user, role: 'editor' },
    { user: team.viewer.user, role: 'viewer' },
  ]);
  const id = tree.project.id;
  await app.ctx.db.update(projects).set({ pipelineConfig: { understanding: 'lexical', oos_threshold: 0.6 } }).where(eq(projects.id, id));
  const items = await insertItems(app, id, productItems);
  const city = await ok<{ id: string }>('POST', `/project/${id}/slot`, { name: 'city', terms: ['Paris', 'London'] });
  const day = await ok<{ id: string }>('POST', `/project/${id}/slot`, { name: 'day', terms: ['monday', 'saturday'] });
  const book = await ok<{ id: string }>('POST', `/project/${id}/intent`, {
    intent: 'book a table',
    utterances: ['book a table', 'reserve a table', 'I want to make a reservation', 'table for dinner'],
  });
  const nodes = { collect: randomUUID(), day: randomUUID(), unnamed: randomUUID() };
  const booking = await ok<{ id: string }>('POST', `/project/${id}/sequence`, { name: 'Booking' });
  const node = (nodeId: string, name: string, attributes: unknown[]) => ({ id: nodeId, name, position: { x: 0, y: 0 }, attributes });
  await ok('PUT', `/sequence/${booking.id}`, {
    nodes: [
      node(nodes.collect, 'Collect', [
        { type: 'entry_intents', intents: [book.id] },
        { type: 'collect_slots', slots: [{ slot_id: city.id, prompt: 'Which city?' }] },
      ]),
      node(nodes.day, 'Day', [{ type: 'collect_slots', slots: [{ slot_id: day.id, prompt: 'Which day?' }] }]),
      node(nodes.unnamed, '', []),
    ],
    transitions: [{ id: randomUUID(), source: nodes.collect, target: nodes.day }],
  });
  const item = (subject: string) => items.find((row) => row.subject === subject)!;
  return { id, tree, item, intentId: book.id, sequenceId: booking.id, nodes };
}
type Shop = Awaited<ReturnType<typeof shopProject>>;

const createCase = (projectId: string, body: TestCaseBody) => ok<TestCase>('POST', `/project/${projectId}/test-case`, body);
const listCases = async (projectId: string, query = '') => (await ok<{ records: TestCase[]; total: number }>('GET', `/project/${projectId}/test-case?limit=100${query}`)).records;

async function exported(projectId: string, format: 'csv' | 'json') {
  const response = await api('GET', `/project/${projectId}/test-case/export?format=${format}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-disposition']).toContain(`${projectId}_test_cases.${format}`);
  return response.body;
}

const importCases = (projectId: string, format: 'csv' | 'json', data: string) => api('POST', `/project/${projectId}/test-case/import`, { format, data });

const sync = (projectId: string) => ok<SyncAnswer>('POST', `/project/${projectId}/sync`, undefined, 200);

const startRun = (projectId: string, body?: { version?: number }) => ok<TestRun>('POST', `/project/${projectId}/test-run`, body, 202);

/** The run once its job finished (polled through the API). */
async function finishedRun(projectId: string, runId: string): Promise<TestRun> {
  return vi.waitFor(
    async () => {
      const run = await ok<TestRun>('GET', `/project/${projectId}/test-run/${runId}`);
      expect(run.job?.status).toBe('succeeded');
      return run;
    },
    { timeout: 30_000, interval: 50 },
  );
}

async function resultsOf(projectId: string, runId: string, query = ''): Promise<TestResult[]> {
  return (await ok<{ records: TestResult[] }>('GET', `/project/${projectId}/test-run/${runId}/result?limit=100${query}`)).records;
}

/** Each result's question with its verdict and reason. */
const verdicts = (results: TestResult[]) => results.map(({ question, passed, reason }) => ({ question, passed, reason }));

describe('test cases', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await shopProject();
  });

  it('are created, listed, read, replaced and deleted, each with its expected item in words', async () => {
    const hours = shop.item('Store opening hours');
    const content = await createCase(shop.id, { question: 'When are you open?', expect: { type: 'content', content_id: hours.id }, must_contain: ' 9 to 5 ' });
    expect(content).toMatchObject({
      project_id: shop.id,
      question: 'When are you open?',
      context: [],
      expect: { type: 'content', content_id: hours.id },
      expect_label: 'Store opening hours',
      must_contain: '9 to 5',
    });
    const intent = await createCase(shop.id, { question: 'Book a table', expect: { type: 'intent', intent_id: shop.intentId } });
    expect(intent.expect_label).toBe('book a table');
    const step = await createCase(shop.id, {
      question: 'London',
      context: ['I want to make a reservation'],
      expect: { type: 'step', sequence_id: shop.sequenceId.toUpperCase(), node_id: shop.nodes.day },
    });
    expect(step).toMatchObject({ context: ['I want to make a reservation'], expect: { sequence_id: shop.sequenceId }, expect_label: 'Booking › Day' });
    const unnamed = await createCase(shop.id, { question: 'Anything', expect: { type: 'step', sequence_id: shop.sequenceId, node_id: shop.nodes.unnamed } });
    expect(unnamed.expect_label).toBe(`Booking › ${shop.nodes.unnamed}`);
    const refused = await createCase(shop.id, { question: 'What is the capital of France?', expect: { type: 'out_of_scope' } });
    expect(refused.expect_label).toBe('');

    expect((await listCases(shop.id, '&sort_field=created_at&sort_direction=ascending')).map((testCase) => testCase.id)).toEqual([content.id, intent.id, step.id, unnamed.id, refused.id]);
    expect((await listCases(shop.id, '&expect_type__eq=step')).map((testCase) => testCase.id).sort()).toEqual([step.id, unnamed.id].sort());
    expect(await ok<TestCase>('GET', `/test-case/${content.id}`)).toEqual(content);

    // A replacement of another type leaves nothing of the first behind.
    const replaced = await ok<TestCase>('PUT', `/test-case/${content.id}`, { question: 'Do you open on Sundays?', expect: { type: 'out_of_scope' } });
    expect(replaced).toMatchObject({ question: 'Do you open on Sundays?', expect: { type: 'out_of_scope' }, expect_label: '', must_contain: '' });

    expectError(await api('DELETE', `/test-case/${content.id}`), 403);
    expect((await api('DELETE', `/test-case/${content.id}`, undefined, team.admin.token)).statusCode).toBe(204);
    expectError(await api('GET', `/test-case/${content.id}`), 404);
    expectError(await api('POST', `/project/${shop.id}/test-case`, { question: 'Hi', expect: { type: 'out_of_scope' } }, team.viewer.token), 403);
  });

  it('refuse items that are not the project\'s and malformed input with the contract messages, writing nothing', async () => {
    const other = await shopProject();
    const before = await countRows(app, testCases);
    const refusals: [unknown, string][] = [
      [{ question: 'Hours?', expect: { type: 'content', content_id: other.item('Store opening hours').id } }, suiteMessages.notInProject.content],
      [{ question: 'Hours?', expect: { type: 'intent', intent_id: other.intentId } }, suiteMessages.notInProject.intent],
      [{ question: 'Hours?', expect: { type: 'step', sequence_id: other.sequenceId, node_id: other.nodes.collect } }, suiteMessages.notInProject.sequence],
      [{ question: 'Hours?', expect: { type: 'step', sequence_id: shop.sequenceId, node_id: other.nodes.collect } }, suiteMessages.notInProject.node],
      [{ question: '  ', expect: { type: 'out_of_scope' } }, messages.atLeastChars('Question', 1)],
      [{ question: 'Hours?', context: Array.from({ length: 11 }, (_, n) => `question ${n}`), expect: { type: 'out_of_scope' } }, 'Earlier questions must be at most 10'],
      [{ question: 'Hours?', expect: { type: 'content', content_id: '' } }, messages.selected('Content item')],
      [{ question: 'Hours?', expect: { type: 'answered' } }, `Expectation must be one of ${testCaseExpectations.join(', ')}`],
    ];
    for (const [body, detail] of refusals) expectError(await api('POST', `/project/${shop.id}/test-case`, body), 400, detail);
    const kept = await createCase(shop.id, { question: 'Hours?', expect: { type: 'out_of_scope' } });
    expectError(await api('PUT', `/test-case/${kept.id}`, { question: 'Hours?', expect: { type: 'intent', intent_id: other.intentId } }), 400, suiteMessages.notInProject.intent);
    expect(await countRows(app, testCases)).toBe(before + 1);
    expect((await ok<TestCase>('GET', `/test-case/${kept.id}`)).expect).toEqual({ type: 'out_of_scope' });
  });

  it('stay when their expected item is deleted later, named as gone', async () => {
    const project = await shopProject();
    const watch = project.item('watch warranty');
    const testCase = await createCase(project.id, { question: 'Watch warranty?', expect: { type: 'content', content_id: watch.id } });
    expect((await api('DELETE', `/content/${watch.id}`, undefined, team.admin.token)).statusCode).toBe(204);
    expect((await ok<TestCase>('GET', `/test-case/${testCase.id}`)).expect_label).toBe(suiteMessages.expectedItemGone);
  });
});

describe('export and import', () => {
  let shop: Shop;
  let cases: PortableTestCase[];
  beforeAll(async () => {
    shop = await shopProject();
    await createCase(shop.id, { question: 'When are you open?', expect: { type: 'content', content_id: shop.item('Store opening hours').id }, must_contain: '=9 to 5' });
    await createCase(shop.id, { question: 'And the warranty?', context: ['-Tablet, "the big one"', 'How long does the tablet battery last?'], expect: { type: 'out_of_scope' } });
    await createCase(shop.id, { question: 'Book a table', expect: { type: 'intent', intent_id: shop.intentId } });
    await createCase(shop.id, { question: 'London', context: ['I want to make a reservation'], expect: { type: 'step', sequence_id: shop.sequenceId, node_id: shop.nodes.day } });
    await createCase(shop.id, { question: 'Anything', expect: { type: 'step', sequence_id: shop.sequenceId, node_id: shop.nodes.unnamed } });
    cases = JSON.parse(await exported(shop.id, 'json')) as PortableTestCase[];
  });

  it('exports the portable form: items by reporting id and name, a node without a name by its id', () => {
    expect(cases).toEqual([
      { question: 'When are you open?', context: [], expect_type: 'content', expect_content: shop.item('Store opening hours').reportingId, expect_intent: '', expect_sequence: '', expect_node: '', must_contain: '=9 to 5' },
      { question: 'And the warranty?', context: ['-Tablet, "the big one"', 'How long does the tablet battery last?'], expect_type: 'out_of_scope', expect_content: '', expect_intent: '', expect_sequence: '', expect_node: '', must_contain: '' },
      { question: 'Book a table', context: [], expect_type: 'intent', expect_content: '', expect_intent: 'book a table', expect_sequence: '', expect_node: '', must_contain: '' },
      { question: 'London', context: ['I want to make a reservation'], expect_type: 'step', expect_content: '', expect_intent: '', expect_sequence: 'Booking', expect_node: 'Day', must_contain: '' },
      { question: 'Anything', context: [], expect_type: 'step', expect_content: '', expect_intent: '', expect_sequence: 'Booking', expect_node: shop.nodes.unnamed, must_contain: '' },
    ]);
  });

  it('round trip: a JSON or CSV export imported and exported again is the same file', async () => {
    const json = await exported(shop.id, 'json');
    const csv = await exported(shop.id, 'csv');
    expect(csv.startsWith(`\uFEFF${testCaseCsvColumns.join(',')}\r\n`)).toBe(true);
    // A cell a spreadsheet would run as a formula is written inert, and read back as it was.
    expect(csv).toContain("'=9 to 5");
    expect(csv).toContain("'-Tablet");
    // A copy of the project, its cases removed: its items keep their reporting ids and names, so the file's names resolve there.
    const copy = await ok<ProjectSummary>('POST', `/project/${shop.id}/clone`, {});
    const removeCases = async () => {
      for (const { id } of await listCases(copy.id)) expect((await api('DELETE', `/test-case/${id}`, undefined, team.admin.token)).statusCode).toBe(204);
    };
    for (const [format, file] of [['json', json], ['csv', csv]] as const) {
      await removeCases();
      expect(await ok('POST', `/project/${copy.id}/test-case/import`, { format, data: file }, 200)).toEqual({ imported: cases.length });
      expect(await exported(copy.id, format)).toBe(file);
    }
  });

  it('leaves out of the file a case whose expected item was deleted', async () => {
    const project = await shopProject();
    const phone = project.item('phone battery');
    await createCase(project.id, { question: 'Phone battery?', expect: { type: 'content', content_id: phone.id } });
    await createCase(project.id, { question: 'Capital of France?', expect: { type: 'out_of_scope' } });
    await api('DELETE', `/content/${phone.id}`, undefined, team.admin.token);
    expect((JSON.parse(await exported(project.id, 'json')) as PortableTestCase[]).map((testCase) => testCase.question)).toEqual(['Capital of France?']);
  });

  it('refuses a malformed CSV naming the line, as a person counts it, and the field; nothing is imported', async () => {
    const project = await shopProject();
    const header = testCaseCsvColumns.join(',');
    const reporting = project.item('phone battery').reportingId;
    const good = `When are you open?,,out_of_scope,,,,,`;
    const refusals: [string, string][] = [
      // The first case spans lines 2 and 3 (two earlier questions in one cell): the wrong one starts on line 4.
      [`${header}\r\n"And the warranty?","How long does the tablet battery last?\nThe big one",out_of_scope,,,,,\r\nHi,,answered,,,,,\r\n`, suiteMessages.importLine(4, 'expect_type', messages.oneOf('Expect Type', testCaseExpectations))],
      [`${header}\r\n${good}\r\n\r\nPhone?,,content,${reporting}x,,,,\r\n`, suiteMessages.importLine(4, 'expect_content', suiteMessages.unknownContent(`${reporting}x`))],
      [`${header}\r\nPhone?,,content,,,,,\r\n`, suiteMessages.importLine(2, 'expect_content', suiteMessages.requiredFor('Expect Content', 'content'))],
      [`${header}\r\nTable?,,intent,,reserve,,,\r\n`, suiteMessages.importLine(2, 'expect_intent', suiteMessages.unknownIntent('reserve'))],
      [`${header}\r\nTable?,,step,,,Booking,Pay,\r\n`, suiteMessages.importLine(2, 'expect_node', suiteMessages.unknownNode('Booking', 'Pay'))],
      [`${header}\r\nTable?,,step,,,Bookings,Day,\r\n`, suiteMessages.importLine(2, 'expect_sequence', suiteMessages.unknownSequence('Bookings'))],
      [`${header}\r\n${good}\r\nHi,"never closed,out_of_scope,,,,,\r\n`, suiteMessages.importLine(3, 'context', suiteMessages.unclosedQuote)],
      [`${header}\r\nHi,,out_of_scope,,,,\r\n`, suiteMessages.importLine(2, 'must_contain', suiteMessages.cellCount(7, 8))],
      [`question,expect_type,colour\r\nHi,out_of_scope,red\r\n`, suiteMessages.importLine(1, 'colour', suiteMessages.unknownColumn('colour'))],
      [`question,context\r\nHi,\r\n`, suiteMessages.importLine(1, 'expect_type', suiteMessages.missingColumn)],
    ];
    for (const [data, detail] of refusals) expectError(await importCases(project.id, 'csv', data), 400, detail);
    expect(await listCases(project.id)).toEqual([]);

    // Columns may come in any order, and left out they are empty.
    expect(await ok('POST', `/project/${project.id}/test-case/import`, { format: 'csv', data: `expect_type,question\nout_of_scope,Capital of France?\n` }, 200)).toEqual({ imported: 1 });
  });

  it('refuses a malformed JSON file naming the line and the field; nothing is imported', async () => {
    const project = await shopProject();
    const file = (second: string) => `[\n  {\n    "question": "Hi",\n    "expect_type": "out_of_scope"\n  },\n  {\n    "question": "Hours?",\n${second}\n  }\n]\n`;
    const refusals: [string, string][] = [
      [file('    "expect_type": "answered"'), suiteMessages.importLine(6, 'expect_type', messages.oneOf('Expect Type', testCaseExpectations))],
      [file('    "expect_type": "intent", "expect_intent": "greeting"'), suiteMessages.importLine(6, 'expect_intent', suiteMessages.unknownIntent('greeting'))],
      [file('    "expect_type": "out_of_scope", "colour": "red"'), suiteMessages.importLine(6, 'case', 'colour is not an accepted field')],
      [file('    "expect_type": "out_of_scope",'), suiteMessages.importLine(9, 'file', suiteMessages.notJson)],
      ['{"question": "Hi"}', suiteMessages.importLine(1, 'file', suiteMessages.notList)],
    ];
    for (const [data, detail] of refusals) expectError(await importCases(project.id, 'json', data), 400, detail);
    const tooMany = JSON.stringify(Array.from({ length: TEST_CASE_IMPORT_MAX + 1 }, (_, n) => ({ question: `q${n}`, expect_type: 'out_of_scope' })));
    expectError(await importCases(project.id, 'json', tooMany), 400, suiteMessages.tooManyCases);
    expect(await listCases(project.id)).toEqual([]);
  });
});

describe('test runs', () => {
  it('answer every case against the newest version, each passing or failing with its reason in words', async () => {
    const shop = await shopProject();
    const hours = shop.item('Store opening hours');
    const phone = shop.item('phone battery');
    const watch = shop.item('watch warranty');
    const step = (node: string) => ({ type: 'step', sequence_id: shop.sequenceId, node_id: node }) as const;
    const bodies: TestCaseBody[] = [
      { question: 'When are you open?', expect: { type: 'content', content_id: hours.id }, must_contain: 'OPEN from 9' },
      { question: 'When are you open?', expect: { type: 'content', content_id: phone.id } },
      { question: 'When are you open?', expect: { type: 'content', content_id: hours.id }, must_contain: 'closed on Sundays' },
      { question: 'I want to make a reservation', expect: { type: 'intent', intent_id: shop.intentId } },
      { question: 'When are you open?', expect: { type: 'intent', intent_id: shop.intentId } },
      { question: 'I want to make a reservation', expect: step(shop.nodes.collect), must_contain: 'which city' },
      { question: 'London', context: ['I want to make a reservation'], expect: step(shop.nodes.day) },
      { question: 'When are you open?', expect: step(shop.nodes.collect) },
      { question: 'What is the capital of France?', expect: { type: 'out_of_scope' } },
      { question: 'When are you open?', expect: { type: 'out_of_scope' } },
      { question: 'Watch warranty?', expect: { type: 'content', content_id: watch.id } },
    ];
    for (const body of bodies) await createCase(shop.id, body);
    // Deleted after its case was written: the case stays and fails saying so.
    await api('DELETE', `/content/${watch.id}`, undefined, team.admin.token);
    const synced = await sync(shop.id);

    const queued = await startRun(shop.id);
    expect(queued).toMatchObject({ version: synced.version, trigger: 'manual', total: bodies.length, created_by_name: team.editor.user.displayName, finished_at: null });
    expect(queued.job).toMatchObject({ kind: 'test_run', total: bodies.length });
    const run = await finishedRun(shop.id, queued.id);
    expect(run).toMatchObject({ total: bodies.length, passed: 5, failed: 6, finished_at: expect.any(String) });
    // The job's progress, read through the job API.
    expect(await ok<Job>('GET', `/project/${shop.id}/job/${run.job!.id}`)).toMatchObject({ status: 'succeeded', done: bodies.length, total: bodies.length, eta_ms: null });

    const hoursWords = suiteAnswerWords.content('Store opening hours');
    const results = await resultsOf(shop.id, run.id);
    expect(verdicts(results)).toEqual([
      { question: 'When are you open?', passed: true, reason: '' },
      { question: 'When are you open?', passed: false, reason: suiteMessages.notAnswered(suiteAnswerWords.content('phone battery'), hoursWords) },
      { question: 'When are you open?', passed: false, reason: suiteMessages.missingText('closed on Sundays') },
      { question: 'I want to make a reservation', passed: true, reason: '' },
      { question: 'When are you open?', passed: false, reason: suiteMessages.notAnswered(suiteAnswerWords.intent('book a table'), hoursWords) },
      { question: 'I want to make a reservation', passed: true, reason: '' },
      { question: 'London', passed: true, reason: '' },
      { question: 'When are you open?', passed: false, reason: suiteMessages.notAnswered(suiteAnswerWords.step('Booking › Collect'), hoursWords) },
      { question: 'What is the capital of France?', passed: true, reason: '' },
      { question: 'When are you open?', passed: false, reason: suiteMessages.notAnswered(suiteAnswerWords.outOfScope, hoursWords) },
      { question: 'Watch warranty?', passed: false, reason: suiteMessages.expectedItemGone },
    ]);
    expect(results.map((result) => result.position)).toEqual(bodies.map((_, position) => position));
    expect(results[0]).toMatchObject({
      expect_label: 'Store opening hours',
      answer: { response_type: 'content', content_id: hours.id, reporting_id: hours.reportingId, subject: 'Store opening hours', intent_id: null, step: null, text: 'We are open from 9 to 5.' },
    });
    expect(results[0]!.trace.map((step) => (step as { stage: string }).stage)).toContain('classify');
    expect(results[3]!.answer).toMatchObject({ response_type: 'scenario', intent_id: shop.intentId, step: { sequence_id: shop.sequenceId, node_id: shop.nodes.collect }, text: 'Which city?' });
    expect(results[6]!).toMatchObject({ context: ['I want to make a reservation'], answer: { step: { node_id: shop.nodes.day }, text: expect.stringContaining('Which day?') } });
    expect(results[8]!.answer.response_type).toBe('oos');
    expect(results[10]!.expect_label).toBe(suiteMessages.expectedItemGone);

    expect(verdicts(await resultsOf(shop.id, run.id, '&passed__eq=true&question__like=reservation'))).toEqual([
      { question: 'I want to make a reservation', passed: true, reason: '' },
      { question: 'I want to make a reservation', passed: true, reason: '' },
    ]);
    expect((await resultsOf(shop.id, run.id, '&passed__eq=false')).length).toBe(6);
  });

  it('ask a follow-up after its earlier questions, as the chat API answers the same conversation', async () => {
    const shop = await shopProject();
    await sync(shop.id);
    const conversation = ['I want to make a reservation', 'London', 'on saturday'];
    // The Real-Time Test's answers in one conversation.
    const live: ChatAnswer[] = [];
    for (const utterance of conversation) {
      const convId = live.at(-1)?.conv_id;
      live.push(await ok<ChatAnswer>('POST', `/project/${shop.id}/chat/query`, { utterance, ...(convId ? { conv_id: convId } : {}) }, 200));
    }
    const day = { type: 'step', sequence_id: shop.sequenceId, node_id: shop.nodes.day } as const;
    await createCase(shop.id, { question: 'London', context: conversation.slice(0, 1), expect: day });
    await createCase(shop.id, { question: 'on saturday', context: conversation.slice(0, 2), expect: day });
    // Alone, the answer to the flow's question is no question the project answers.
    await createCase(shop.id, { question: 'London', expect: day });
    const run = await finishedRun(shop.id, (await startRun(shop.id)).id);
    const results = await resultsOf(shop.id, run.id);
    expect(results.map((result) => result.answer.text).slice(0, 2)).toEqual([kbPlainText(live[1]!.response), kbPlainText(live[2]!.response)]);
    expect(verdicts(results)).toEqual([
      { question: 'London', passed: true, reason: '' },
      { question: 'on saturday', passed: true, reason: '' },
      { question: 'London', passed: false, reason: suiteMessages.notAnswered(suiteAnswerWords.step('Booking › Day'), suiteAnswerWords.outOfScope) },
    ]);
    expect(kbPlainText(live[1]!.response)).toBe('Which day?');
  });

  it('run against a chosen version, listed by version, and two runs compare case by case', async () => {
    const shop = await shopProject();
    const hours = shop.item('Store opening hours');
    const phone = shop.item('phone battery');
    const make = (question: string, content_id: string) => createCase(shop.id, { question, expect: { type: 'content', content_id } });
    const fixedLater = await make('When are you open?', phone.id);
    const brokenLater = await make('Phone battery life?', phone.id);
    const removedLater = await make('What time does the store close?', hours.id);
    const stillFailing = await make('Opening hours?', phone.id);
    const stillPassing = await make('Opening hours', hours.id);
    const first = await sync(shop.id);
    const before = await finishedRun(shop.id, first.test_run_id!);

    await ok('PUT', `/test-case/${fixedLater.id}`, { question: 'When are you open?', expect: { type: 'content', content_id: hours.id } }, 200);
    await ok('PUT', `/test-case/${brokenLater.id}`, { question: 'Phone battery life?', expect: { type: 'content', content_id: hours.id } }, 200);
    await api('DELETE', `/test-case/${removedLater.id}`, undefined, team.admin.token);
    const added = await make('How long is the laptop guaranteed?', shop.item('laptop warranty').id);
    const second = await sync(shop.id);
    expect(second.version).toBe(first.version + 1);
    // Against the first version, chosen by number.
    const after = await finishedRun(shop.id, (await startRun(shop.id, { version: first.version })).id);
    expect(after.version).toBe(first.version);

    const comparison = await ok<TestRunComparison>('GET', `/project/${shop.id}/test-run/${after.id}/compare/${before.id}`);
    expect(comparison.run.id).toBe(after.id);
    expect(comparison.other.id).toBe(before.id);
    expect(comparison.cases.map(({ case_id, change, before: was, after: now }) => ({ case_id, change, was: was?.passed ?? null, now: now?.passed ?? null }))).toEqual([
      { case_id: fixedLater.id, change: 'fixed', was: false, now: true },
      { case_id: brokenLater.id, change: 'broken', was: true, now: false },
      { case_id: stillFailing.id, change: 'still_failing', was: false, now: false },
      { case_id: stillPassing.id, change: 'still_passing', was: true, now: true },
      { case_id: added.id, change: 'added', was: null, now: true },
      { case_id: removedLater.id, change: 'removed', was: true, now: null },
    ]);

    const listed = async (query: string) => (await ok<{ records: TestRun[]; total: number }>('GET', `/project/${shop.id}/test-run?${query}`)).records.map((run) => run.id);
    // The second sync ran the suite too: three runs, newest first.
    expect(await listed('')).toEqual([after.id, second.test_run_id, before.id]);
    expect(await listed(`version__gte=${first.version}&version__lte=${first.version}`)).toEqual([after.id, before.id]);
  });

  it('run by every sync of a project with cases, the sync answering its id', async () => {
    const shop = await shopProject();
    expect((await sync(shop.id)).test_run_id).toBeNull();
    await createCase(shop.id, { question: 'When are you open?', expect: { type: 'content', content_id: shop.item('Store opening hours').id } });
    const synced = await sync(shop.id);
    expect(synced.test_run_id).toEqual(expect.any(String));
    const run = await finishedRun(shop.id, synced.test_run_id!);
    expect(run).toMatchObject({ version: synced.version, trigger: 'sync', total: 1, passed: 1, failed: 0 });
  });

  it('are refused without cases (409), before the first sync (409), for an unknown version or run (404) and to viewers (403)', async () => {
    const shop = await shopProject();
    expectError(await api('POST', `/project/${shop.id}/test-run`), 409, chatMessages.notSynced);
    await sync(shop.id);
    expectError(await api('POST', `/project/${shop.id}/test-run`), 409, suiteMessages.noCases);
    await createCase(shop.id, { question: 'Capital of France?', expect: { type: 'out_of_scope' } });
    expectError(await api('POST', `/project/${shop.id}/test-run`, { version: 99 }), 404);
    expectError(await api('POST', `/project/${shop.id}/test-run`, { version: 0 }), 400, 'Version must be a version number');
    expectError(await api('POST', `/project/${shop.id}/test-run`, undefined, team.viewer.token), 403);
    const run = await finishedRun(shop.id, (await startRun(shop.id)).id);

    const other = await shopProject();
    await createCase(other.id, { question: 'Capital of France?', expect: { type: 'out_of_scope' } });
    const otherRun = (await sync(other.id)).test_run_id!;
    for (const path of [`/project/${shop.id}/test-run/${otherRun}`, `/project/${shop.id}/test-run/${otherRun}/result`, `/project/${shop.id}/test-run/${run.id}/compare/${otherRun}`]) {
      expectError(await api('GET', path), 404);
    }
  });

  it('show their job queued, can be cancelled, and a run stopped with part of its cases stored goes on from there', async () => {
    const shop = await shopProject();
    await createCase(shop.id, { question: 'When are you open?', expect: { type: 'content', content_id: shop.item('Store opening hours').id } });
    await createCase(shop.id, { question: 'Capital of France?', expect: { type: 'out_of_scope' } });
    await sync(shop.id).then((synced) => finishedRun(shop.id, synced.test_run_id!));
    // No runner in this process for a while: what is queued stays queued.
    await app.ctx.jobs.stop();
    try {
      const cancelled = await startRun(shop.id);
      expect(await ok<Job>('GET', `/project/${shop.id}/job/${cancelled.job!.id}`)).toMatchObject({ status: 'queued', done: 0, total: 2 });
      expect(await ok<Job>('POST', `/project/${shop.id}/job/${cancelled.job!.id}/cancel`, undefined, 200)).toMatchObject({ status: 'cancelled', error: jobMessages.cancelled });

      const resumed = await startRun(shop.id);
      const [first] = await listCases(shop.id, '&sort_field=created_at&sort_direction=ascending');
      // What a runner stopped after its first chunk left stored.
      await app.ctx.db.insert(testResults).values({
        runId: resumed.id,
        caseId: first!.id,
        position: 0,
        question: first!.question,
        context: [],
        expectation: first!.expect,
        passed: false,
        reason: 'stored before the stop',
        answer: { response_type: 'oos', content_id: null, reporting_id: null, subject: null, intent_id: null, step: null, text: '', confidence: 0 },
        trace: [],
      });
      app.ctx.jobs.start(jobHandlers(app.ctx));
      const run = await finishedRun(shop.id, resumed.id);
      expect(run).toMatchObject({ total: 2, passed: 1, failed: 1 });
      expect(verdicts(await resultsOf(shop.id, run.id))).toEqual([
        { question: 'When are you open?', passed: false, reason: 'stored before the stop' },
        { question: 'Capital of France?', passed: true, reason: '' },
      ]);
      const stillCancelled = await ok<TestRun>('GET', `/project/${shop.id}/test-run/${cancelled.id}`);
      expect(stillCancelled).toMatchObject({ finished_at: null, job: { status: 'cancelled' } });
      expect(await resultsOf(shop.id, cancelled.id)).toEqual([]);
    } finally {
      app.ctx.jobs.start(jobHandlers(app.ctx));
    }
  });
});

describe('archives and clones', () => {
  it('carry the cases in their portable form; a copy names its own items', async () => {
    const shop = await shopProject();
    await createCase(shop.id, { question: 'When are you open?', expect: { type: 'content', content_id: shop.item('Store opening hours').id }, must_contain: '9 to 5' });
    await createCase(shop.id, { question: 'Book a table', expect: { type: 'intent', intent_id: shop.intentId } });
    await createCase(shop.id, { question: 'London', context: ['I want to make a reservation'], expect: { type: 'step', sequence_id: shop.sequenceId, node_id: shop.nodes.day } });
    await createCase(shop.id, { question: 'Anything', expect: { type: 'step', sequence_id: shop.sequenceId, node_id: shop.nodes.unnamed } });
    await createCase(shop.id, { question: 'Capital of France?', expect: { type: 'out_of_scope' } });
    const gone = shop.item('watch battery');
    await createCase(shop.id, { question: 'Watch battery?', expect: { type: 'content', content_id: gone.id } });
    await api('DELETE', `/content/${gone.id}`, undefined, team.admin.token);
    const portable = JSON.parse(await exported(shop.id, 'json')) as PortableTestCase[];
    expect(portable.map((testCase) => testCase.question)).toEqual(['When are you open?', 'Book a table', 'London', 'Anything', 'Capital of France?']);

    const archive = await ok<{ test_cases: PortableTestCase[] }>('GET', `/project/${shop.id}/archive`);
    expect(archive.test_cases).toEqual(portable);

    const copy = await ok<ProjectSummary>('POST', `/project/${shop.id}/clone`, {});
    expect(await exported(copy.id, 'json')).toBe(await exported(shop.id, 'json'));
    const [original, copied] = [await listCases(shop.id, '&sort_field=created_at&sort_direction=ascending'), await listCases(copy.id, '&sort_field=created_at&sort_direction=ascending')];
    expect(copied.map((testCase) => testCase.expect_label)).toEqual(original.slice(0, 5).map((testCase) => testCase.expect_label));
    expect(copied[0]!.expect).not.toEqual(original[0]!.expect);
    expect(copied[2]!.expect).toMatchObject({ node_id: shop.nodes.day });
    expect(copied[2]!.expect).not.toMatchObject({ sequence_id: shop.sequenceId });
  });

  it('import a file written before test cases with none, and refuse one whose case names what the file does not hold', async () => {
    const shop = await shopProject();
    await createCase(shop.id, { question: 'When are you open?', expect: { type: 'content', content_id: shop.item('Store opening hours').id } });
    const archive = await ok<Record<string, unknown> & { test_cases: PortableTestCase[] }>('GET', `/project/${shop.id}/archive`);
    const upload = (file: unknown) => {
      const { payload, headers } = multipartForm([{ name: 'file', filename: 'archive.json', content: JSON.stringify(file) }]);
      return app.inject({ method: 'POST', url: `/api/v1/workspace/${shop.tree.workspace.id}/project/import`, payload, headers: { ...headers, authorization: `Bearer ${team.editor.token}` } });
    };
    const { test_cases: _cases, ...older } = archive;
    const imported = await upload(older);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(await listCases(imported.json<ProjectSummary>().id)).toEqual([]);

    const unknown = { ...archive, test_cases: [{ ...archive.test_cases[0]!, expect_content: randomUUID() }] };
    expectError(await upload(unknown), 400, `test_cases[0].expect_content: ${suiteMessages.unknownContent(unknown.test_cases[0]!.expect_content)}`);
  });
});
