import { and, eq, inArray } from 'drizzle-orm';
import { stepName, suiteMessages, testCaseList, type TestCase, type TestCaseExpectation, type testCaseBody } from '@console/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { contents, intents, sequences, testCases, type ProjectRow, type TestCaseRow } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { allOfProject, projectRecordFields, projectRecords, type ProjectRecordOperations } from '../../platform/project-records';

/**
 * Test cases: a question, the earlier questions of its conversation, what must happen and text the
 * answer must contain. A write naming an item that is not the project's is refused; an item deleted
 * later leaves its cases standing (they fail saying so), so the expected item is named by id without
 * a foreign key.
 */

type TestCaseInput = z.output<typeof testCaseBody>;
type StoredTestCase = Omit<TestCase, 'expect_label'>;

/** A stored case's expectation, from its columns. */
export function expectationOf(row: TestCaseRow): TestCaseExpectation {
  switch (row.expectType) {
    case 'content':
      return { type: 'content', content_id: row.expectContentId! };
    case 'intent':
      return { type: 'intent', intent_id: row.expectIntentId! };
    case 'step':
      return { type: 'step', sequence_id: row.expectSequenceId!, node_id: row.expectNodeId! };
    case 'out_of_scope':
      return { type: 'out_of_scope' };
  }
}

/** The columns of an expectation: every one set, so an update from one type to another leaves none behind. */
export function expectationColumns(expect: TestCaseExpectation) {
  return {
    expectType: expect.type,
    expectContentId: expect.type === 'content' ? expect.content_id : null,
    expectIntentId: expect.type === 'intent' ? expect.intent_id : null,
    expectSequenceId: expect.type === 'step' ? expect.sequence_id : null,
    expectNodeId: expect.type === 'step' ? expect.node_id : null,
  };
}

/** Refuses (400) an expectation naming an item, sequence or node that is not the project's. */
async function checkExpectation(tx: Db, project: ProjectRow, expect: TestCaseExpectation): Promise<void> {
  if (expect.type === 'content' && !(await allOfProject(tx, contents, project, new Set([expect.content_id])))) {
    throw AppError.badRequest(suiteMessages.notInProject.content);
  }
  if (expect.type === 'intent' && !(await allOfProject(tx, intents, project, new Set([expect.intent_id])))) {
    throw AppError.badRequest(suiteMessages.notInProject.intent);
  }
  if (expect.type === 'step') {
    const [sequence] = await tx
      .select({ nodes: sequences.nodes })
      .from(sequences)
      .where(and(eq(sequences.id, expect.sequence_id), eq(sequences.projectId, project.id)))
      .for('share');
    if (!sequence) throw AppError.badRequest(suiteMessages.notInProject.sequence);
    if (!sequence.nodes.some((node) => node.id === expect.node_id)) throw AppError.badRequest(suiteMessages.notInProject.node);
  }
}

const storedCases = projectRecords(testCases, testCaseList, {
  columns: { question: testCases.question, expect_type: testCases.expectType, updated_at: testCases.updatedAt, created_at: testCases.createdAt },
  toRecord: (row): StoredTestCase => ({
    ...projectRecordFields(row),
    question: row.question,
    context: row.context,
    expect: expectationOf(row),
    must_contain: row.mustContain,
  }),
  // The conversation a case was made from is named by its id alone, compared only within the project
  // when that conversation is erased, so one the project does not hold never matters.
  toValues: (input: TestCaseInput) => ({
    question: input.question,
    context: input.context,
    ...expectationColumns(input.expect),
    mustContain: input.must_contain,
    ...(input.conv_id === undefined ? {} : { convId: input.conv_id }),
  }),
  checkReferences: (tx, project, input) => checkExpectation(tx, project, input.expect),
});

/**
 * The expected item of each expectation in words, as the project holds it now (a content item's
 * subject, an intent's name, 'Sequence › Node'; '' for out of scope), or null once it no longer exists.
 */
export async function expectedItemNames(db: Db, projectId: string, expectations: readonly TestCaseExpectation[]): Promise<(string | null)[]> {
  const contentIds = new Set<string>();
  const intentIds = new Set<string>();
  const sequenceIds = new Set<string>();
  for (const expect of expectations) {
    if (expect.type === 'content') contentIds.add(expect.content_id);
    if (expect.type === 'intent') intentIds.add(expect.intent_id);
    if (expect.type === 'step') sequenceIds.add(expect.sequence_id);
  }
  // One after another: a caller's transaction has one connection.
  const contentRows = contentIds.size
    ? await db.select({ id: contents.id, subject: contents.subject }).from(contents).where(and(eq(contents.projectId, projectId), inArray(contents.id, [...contentIds])))
    : [];
  const intentRows = intentIds.size
    ? await db.select({ id: intents.id, intent: intents.intent }).from(intents).where(and(eq(intents.projectId, projectId), inArray(intents.id, [...intentIds])))
    : [];
  const sequenceRows = sequenceIds.size
    ? await db
        .select({ id: sequences.id, name: sequences.name, nodes: sequences.nodes })
        .from(sequences)
        .where(and(eq(sequences.projectId, projectId), inArray(sequences.id, [...sequenceIds])))
    : [];
  const subjects = new Map(contentRows.map((row) => [row.id, row.subject]));
  const intentNames = new Map(intentRows.map((row) => [row.id, row.intent]));
  const sequenceOf = new Map(sequenceRows.map((row) => [row.id, row]));
  return expectations.map((expect) => {
    switch (expect.type) {
      case 'out_of_scope':
        return '';
      case 'content':
        return subjects.get(expect.content_id) ?? null;
      case 'intent':
        return intentNames.get(expect.intent_id) ?? null;
      case 'step': {
        const sequence = sequenceOf.get(expect.sequence_id);
        const node = sequence?.nodes.find((candidate) => candidate.id === expect.node_id);
        return sequence && node ? stepName(sequence.name, node) : null;
      }
    }
  });
}

/** The `expect_label` of each expectation: its expected item in words, or the gone message. */
export async function expectedItemLabels(db: Db, projectId: string, expectations: readonly TestCaseExpectation[]): Promise<string[]> {
  return (await expectedItemNames(db, projectId, expectations)).map((name) => name ?? suiteMessages.expectedItemGone);
}

async function labelled(db: Db, projectId: string, records: StoredTestCase[]): Promise<TestCase[]> {
  const labels = await expectedItemLabels(db, projectId, records.map((record) => record.expect));
  return records.map((record, index) => ({ ...record, expect_label: labels[index]! }));
}

/** The project record operations of test cases, each record with its expected item in words. */
export const testCaseRecords: ProjectRecordOperations<typeof testCaseList, TestCase, TestCaseInput> = {
  listSpec: storedCases.listSpec,
  ofRecord: storedCases.ofRecord,
  async list(ctx, checked, query) {
    const page = await storedCases.list(ctx, checked, query);
    return { records: await labelled(ctx.db, checked.project.id, page.records), total: page.total };
  },
  async create(ctx, checked, input) {
    const [record] = await labelled(ctx.db, checked.project.id, [await storedCases.create(ctx, checked, input)]);
    return record!;
  },
  async read(ctx, checked, id) {
    const [record] = await labelled(ctx.db, checked.project.id, [await storedCases.read(ctx, checked, id)]);
    return record!;
  },
  async update(ctx, checked, id, changes) {
    const [record] = await labelled(ctx.db, checked.project.id, [await storedCases.update(ctx, checked, id, changes)]);
    return record!;
  },
  delete: (ctx, checked, id) => storedCases.delete(ctx, checked, id),
};
