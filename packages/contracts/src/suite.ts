import { z } from 'zod';
import { CHAT_UTTERANCE_MAX, responseTypes } from './chat';
import { oneOf, referenceId, sameEntryKey, strictObject, text, trimmedText, uuidPattern } from './fields';
import { jobSchema } from './job';
import { defineList } from './list';
import { messages } from './messages';
import { versionNumber } from './version';

/**
 * Test suites: a project's test cases (a question, optionally after earlier questions of the same
 * conversation, and what must happen), and runs of them against a version through the chat API's
 * engine, each case's outcome stored.
 */

export const testCaseExpectations = ['content', 'intent', 'step', 'out_of_scope'] as const;
export type TestCaseExpectationType = (typeof testCaseExpectations)[number];

export const testCaseExpectationLabels: Record<TestCaseExpectationType, string> = {
  content: 'Answered by a content item',
  intent: "Answered by an intent's item",
  step: 'A sequence step',
  out_of_scope: 'Refused as out of scope',
};

/** Earlier questions a follow-up case is asked after. */
export const TEST_CASE_CONTEXT_MAX = 10;
export const TEST_CASE_CONTAINS_MAX = 256;
/** The cases one import may bring, and the size of its file. */
export const TEST_CASE_IMPORT_MAX = 5000;
export const TEST_CASE_IMPORT_CHARS = 2_000_000;

export const testRunTriggers = ['manual', 'sync'] as const;

export const suiteMessages = {
  expectedItemGone: 'The expected item no longer exists',
  noCases: 'This project has no test cases to run.',
  importLine: (line: number, field: string, message: string) => `Line ${line}, ${field}: ${message}`,
  unknownContent: (reportingId: string) => `no content item has the reporting id '${reportingId}'`,
  unknownIntent: (name: string) => `no intent is named '${name}'`,
  unknownSequence: (name: string) => `no sequence is named '${name}'`,
  unknownNode: (sequence: string, node: string) => `sequence '${sequence}' has no node named '${node}'`,
  notAnswered: (expected: string, got: string) => `Expected ${expected}; got ${got}`,
  missingText: (textExpected: string) => `The answer does not contain "${textExpected}"`,
  /** A case's expected item named by id (the API) that is not the project's. */
  notInProject: {
    content: 'Content not found in this project.',
    intent: 'Intent not found in this project.',
    sequence: 'Sequence not found in this project.',
    node: 'Node not found in this sequence.',
  },
  requiredFor: (field: string, type: TestCaseExpectationType) => `${field} is required when Expect Type is ${type}`,
  tooManyCases: `An import holds at most ${TEST_CASE_IMPORT_MAX} test cases.`,
  /** What is wrong with a line of an imported file, beside its fields' own rules. */
  notJson: 'the file is not valid JSON here',
  notList: 'the file must hold a list of test cases',
  unknownColumn: (column: string) => `'${column}' is not a column; the columns are ${testCaseCsvColumns.join(', ')}`,
  missingColumn: 'the header must name this column',
  cellCount: (cells: number, columns: number) => `the line has ${cells} cells where the header has ${columns}`,
  unclosedQuote: 'a quoted cell is not closed',
  strayQuote: 'a quote in a cell must be doubled, in a cell put in quotes',
  malformedCsv: 'the line is not valid CSV',
  runFailed: (message: string) => `The engine failed: ${message}`,
} as const;

/** An expected or given answer in words, for a failed case's reason. */
export const suiteAnswerWords = {
  content: (subject: string) => `the content item '${subject}'`,
  intent: (name: string) => `the intent '${name}'`,
  step: (step: string) => `the step '${step}'`,
  outOfScope: 'a refusal as out of scope',
  handoff: 'the answer to a request for a person',
  noStep: 'no sequence step',
} as const;

/** A sequence step in words, 'Sequence › Node' (a node without a name by its id). */
export function stepName(sequence: string, node: { id: string; name: string }): string {
  return `${sequence} › ${node.name.trim() || node.id}`;
}

/** An expected item's id; empty is the console's picker with nothing chosen, and says what to choose. */
const caseId = (field: string, choice: string) =>
  z
    .string({ error: messages.uuid(field) })
    .min(1, { error: messages.selected(choice) })
    .regex(uuidPattern, { error: messages.uuid(field) })
    .toLowerCase();

export const testCaseExpectationSchema = z.discriminatedUnion(
  'type',
  [
    strictObject({ type: z.literal('content'), content_id: caseId('Content Id', 'Content item') }),
    strictObject({ type: z.literal('intent'), intent_id: caseId('Intent Id', 'Intent') }),
    strictObject({
      type: z.literal('step'),
      sequence_id: caseId('Sequence Id', 'Sequence'),
      node_id: z
        .string({ error: messages.selected('Node') })
        .trim()
        .min(1, { error: messages.selected('Node') })
        .max(64, { error: messages.atMostChars('Node Id', 64) }),
    }),
    strictObject({ type: z.literal('out_of_scope') }),
  ],
  { error: `Expectation must be one of ${testCaseExpectations.join(', ')}` },
);
export type TestCaseExpectation = z.infer<typeof testCaseExpectationSchema>;

const question = (field: string) => trimmedText(field, 1, CHAT_UTTERANCE_MAX);
const earlierQuestions = z
  .array(question('Earlier question'))
  .max(TEST_CASE_CONTEXT_MAX, { error: `Earlier questions must be at most ${TEST_CASE_CONTEXT_MAX}` })
  .default([]);

/** POST /project/{id}/test-case and PUT /test-case/{id}. */
export const testCaseBody = strictObject({
  question: question('Question'),
  context: earlierQuestions,
  expect: testCaseExpectationSchema,
  must_contain: trimmedText('Must contain', 0, TEST_CASE_CONTAINS_MAX).default(''),
  /** The conversation a case was made from ('Add to tests'), so erasing it erases the case; kept when left out. */
  conv_id: referenceId('Conv ID').nullable().optional(),
});
export type TestCaseBody = z.input<typeof testCaseBody>;

export const testCaseSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  question: z.string(),
  context: z.array(z.string()),
  expect: testCaseExpectationSchema,
  /** The expected item in words, as the project holds it now ('' for out of scope; the gone message when deleted). */
  expect_label: z.string(),
  must_contain: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TestCase = z.infer<typeof testCaseSchema>;

export const testCaseList = defineList({
  sortable: ['question', 'updated_at', 'created_at'],
  filters: { question: { kind: 'text' }, expect_type: { kind: 'select', values: testCaseExpectations } },
});

/**
 * A case as it travels between projects (export, import, archives, clones): expected items by what
 * a copy keeps (a content item's reporting id, an intent's name, a sequence's and its node's names).
 */
export const portableTestCaseSchema = strictObject({
  question: question('Question'),
  context: earlierQuestions,
  expect_type: oneOf('Expect Type', testCaseExpectations),
  expect_content: text('Expect Content', 0, 64).default(''),
  expect_intent: text('Expect Intent', 0, 255).default(''),
  expect_sequence: text('Expect Sequence', 0, 255).default(''),
  /** The node's name, or its id when it has none. */
  expect_node: text('Expect Node', 0, 255).default(''),
  must_contain: trimmedText('Must contain', 0, TEST_CASE_CONTAINS_MAX).default(''),
}).superRefine((testCase, ctx) => {
  for (const [field, label] of portableReferenceFields[testCase.expect_type]) {
    if (!testCase[field].trim()) ctx.addIssue({ code: 'custom', message: suiteMessages.requiredFor(label, testCase.expect_type), path: [field] });
  }
});
export type PortableTestCase = z.output<typeof portableTestCaseSchema>;

/** The fields naming each expectation's item in the portable form, with their labels. */
const portableReferenceFields: Record<TestCaseExpectationType, ['expect_content' | 'expect_intent' | 'expect_sequence' | 'expect_node', string][]> = {
  content: [['expect_content', 'Expect Content']],
  intent: [['expect_intent', 'Expect Intent']],
  step: [['expect_sequence', 'Expect Sequence'], ['expect_node', 'Expect Node']],
  out_of_scope: [],
};

/** The items of a project (or of an archive) test cases name, with what a copy keeps of them. */
export interface SuiteItems {
  contents: readonly { id: string; reporting_id: string }[];
  intents: readonly { id: string; intent: string }[];
  sequences: readonly { id: string; name: string; nodes: readonly { id: string; name: string }[] }[];
}

/** A portable case's expectation by id, or the field that names nothing and why. */
type ResolvedExpectation = { ok: true; expect: TestCaseExpectation } | { ok: false; field: keyof PortableTestCase; message: string };

/**
 * Test cases between their stored form (expected items by id) and their portable form, against the
 * items of one project or archive: names compare as the project compares them (case and surrounding
 * white space aside); of sequences sharing a name, the first holding the node is the one meant.
 */
export function suiteReferences(items: SuiteItems) {
  const contentByReportingId = new Map(items.contents.map((content) => [content.reporting_id.toLowerCase(), content.id]));
  const reportingIdOf = new Map(items.contents.map((content) => [content.id, content.reporting_id]));
  const intentByName = new Map(items.intents.map((intent) => [sameEntryKey(intent.intent), intent.id]));
  const intentNameOf = new Map(items.intents.map((intent) => [intent.id, intent.intent]));
  const sequenceOf = new Map(items.sequences.map((sequence) => [sequence.id, sequence]));
  const nodeMatches = (node: { id: string; name: string }, named: string) =>
    node.name.trim() ? sameEntryKey(node.name) === sameEntryKey(named) : node.id.toLowerCase() === named.trim().toLowerCase();

  function expectationOf(testCase: PortableTestCase): ResolvedExpectation {
    switch (testCase.expect_type) {
      case 'out_of_scope':
        return { ok: true, expect: { type: 'out_of_scope' } };
      case 'content': {
        const id = contentByReportingId.get(testCase.expect_content.trim().toLowerCase());
        if (!id) return { ok: false, field: 'expect_content', message: suiteMessages.unknownContent(testCase.expect_content) };
        return { ok: true, expect: { type: 'content', content_id: id } };
      }
      case 'intent': {
        const id = intentByName.get(sameEntryKey(testCase.expect_intent));
        if (!id) return { ok: false, field: 'expect_intent', message: suiteMessages.unknownIntent(testCase.expect_intent) };
        return { ok: true, expect: { type: 'intent', intent_id: id } };
      }
      case 'step': {
        const named = items.sequences.filter((sequence) => sameEntryKey(sequence.name) === sameEntryKey(testCase.expect_sequence));
        if (!named.length) return { ok: false, field: 'expect_sequence', message: suiteMessages.unknownSequence(testCase.expect_sequence) };
        for (const sequence of named) {
          const node = sequence.nodes.find((candidate) => nodeMatches(candidate, testCase.expect_node));
          if (node) return { ok: true, expect: { type: 'step', sequence_id: sequence.id, node_id: node.id } };
        }
        return { ok: false, field: 'expect_node', message: suiteMessages.unknownNode(testCase.expect_sequence, testCase.expect_node) };
      }
    }
  }

  /** The portable form of a stored case; null when its expected item no longer exists (nothing could name it). */
  function portableOf(testCase: { question: string; context: readonly string[]; expect: TestCaseExpectation; must_contain: string }): PortableTestCase | null {
    const { expect } = testCase;
    const portable: PortableTestCase = {
      question: testCase.question,
      context: [...testCase.context],
      expect_type: expect.type,
      expect_content: '',
      expect_intent: '',
      expect_sequence: '',
      expect_node: '',
      must_contain: testCase.must_contain,
    };
    switch (expect.type) {
      case 'out_of_scope':
        return portable;
      case 'content': {
        const reportingId = reportingIdOf.get(expect.content_id);
        return reportingId === undefined ? null : { ...portable, expect_content: reportingId };
      }
      case 'intent': {
        const name = intentNameOf.get(expect.intent_id);
        return name === undefined ? null : { ...portable, expect_intent: name };
      }
      case 'step': {
        const sequence = sequenceOf.get(expect.sequence_id);
        const node = sequence?.nodes.find((candidate) => candidate.id === expect.node_id);
        return sequence && node ? { ...portable, expect_sequence: sequence.name, expect_node: node.name.trim() || node.id } : null;
      }
    }
  }

  return { expectationOf, portableOf };
}

/** The CSV columns, in order; earlier questions are one cell, one per line. */
export const testCaseCsvColumns = ['question', 'context', 'expect_type', 'expect_content', 'expect_intent', 'expect_sequence', 'expect_node', 'must_contain'] as const;

export const testCaseFormats = ['csv', 'json'] as const;

/** POST /project/{id}/test-case/import: the file's text; a malformed line names itself and nothing is imported. */
export const testCaseImportBody = strictObject({
  format: oneOf('Format', testCaseFormats),
  data: text('Data', 1, TEST_CASE_IMPORT_CHARS),
});
export const testCaseImportAnswer = z.object({ imported: z.number().int() });

export const testCaseExportQuery = z.object({ format: oneOf('Format', testCaseFormats).default('json') });

export function testCaseExportFileName(projectId: string, format: (typeof testCaseFormats)[number]): string {
  return `${projectId}_test_cases.${format}`;
}

/** What an answer was, as a case's outcome keeps it. */
export const testCaseAnswerSchema = z.object({
  response_type: z.enum(responseTypes),
  content_id: z.string().nullable(),
  reporting_id: z.string().nullable(),
  subject: z.string().nullable(),
  /** The intent the question was classified as, when one was. */
  intent_id: z.string().nullable(),
  /** The flow's step after the question: its sequence and node. */
  step: z.object({ sequence_id: z.string(), node_id: z.string() }).nullable(),
  /** The answer as plain text. */
  text: z.string(),
  confidence: z.number().nullable(),
});
export type TestCaseAnswer = z.infer<typeof testCaseAnswerSchema>;

/** POST /project/{id}/test-run: a version to run against (default: the newest). */
export const testRunBody = strictObject({ version: versionNumber('Version').optional() });

export const testRunSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  trigger: z.enum(testRunTriggers),
  job: jobSchema.nullable(),
  total: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type TestRun = z.infer<typeof testRunSchema>;

export const testRunList = defineList({
  sortable: ['created_at'],
  filters: { version: { kind: 'number' } },
  defaultSort: { field: 'created_at', direction: 'descending' },
});

export const testResultSchema = z.object({
  case_id: z.string(),
  position: z.number().int(),
  question: z.string(),
  context: z.array(z.string()),
  expect: testCaseExpectationSchema,
  /** The expected item in words, as testCaseSchema's expect_label: the results table shows what was expected beside what was got. */
  expect_label: z.string(),
  passed: z.boolean(),
  reason: z.string(),
  answer: testCaseAnswerSchema,
  trace: z.array(z.unknown()),
});
export type TestResult = z.infer<typeof testResultSchema>;

export const testResultList = defineList({
  sortable: ['position'],
  filters: { passed: { kind: 'select', values: ['true', 'false'] }, question: { kind: 'text' } },
  defaultSort: { field: 'position', direction: 'ascending' },
});

export const testRunComparisonChanges = ['fixed', 'broken', 'still_failing', 'still_passing', 'added', 'removed'] as const;

/** GET /project/{id}/test-run/{runId}/compare/{otherRunId}: each case of either run, from the other run to this one. */
export const testRunComparisonSchema = z.object({
  run: testRunSchema,
  other: testRunSchema,
  cases: z.array(
    z.object({
      case_id: z.string(),
      question: z.string(),
      change: z.enum(testRunComparisonChanges),
      before: z.object({ passed: z.boolean(), reason: z.string() }).nullable(),
      after: z.object({ passed: z.boolean(), reason: z.string() }).nullable(),
    }),
  ),
});
export type TestRunComparison = z.infer<typeof testRunComparisonSchema>;
