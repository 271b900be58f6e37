import { asc, eq } from 'drizzle-orm';
import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import {
  TEST_CASE_IMPORT_MAX,
  portableTestCaseSchema,
  suiteMessages,
  suiteReferences,
  testCaseCsvColumns,
  testCaseExportFileName,
  type PortableTestCase,
  type SuiteItems,
  type TestCaseExpectation,
  type testCaseFormats,
  type testCaseImportBody,
} from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { consistentRead, type Db } from '../../db/client';
import { contents, testCases } from '../../db/schema/index';
import type { ProjectAccess } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { projectIntents } from '../intent/service';
import { projectSequences } from '../sequence/service';
import { expectationColumns, expectationOf } from './service';

/**
 * Test cases in their portable form (content by reporting id, intents, sequences and nodes by name),
 * as JSON or CSV files a team keeps beside its project or moves between projects. An import checks
 * every line before it writes anything and names the first wrong one as a person counts lines.
 */

type Format = (typeof testCaseFormats)[number];

/** The project's items test cases may name, in the order archives keep them. */
export async function projectSuiteItems(db: Db, projectId: string): Promise<SuiteItems> {
  // One after another: in a transaction they share one connection.
  const contentRows = await db
    .select({ id: contents.id, reporting_id: contents.reportingId })
    .from(contents)
    .where(eq(contents.projectId, projectId))
    .orderBy(asc(contents.createdAt), asc(contents.reportingId));
  return { contents: contentRows, intents: await projectIntents(db, projectId), sequences: await projectSequences(db, projectId) };
}

/** The project's cases in creation order, with their expectations. */
export async function projectTestCases(db: Db, projectId: string) {
  const rows = await db.select().from(testCases).where(eq(testCases.projectId, projectId)).orderBy(asc(testCases.createdAt), asc(testCases.id));
  return rows.map((row) => ({ question: row.question, context: row.context, expect: expectationOf(row), must_contain: row.mustContain }));
}

/**
 * The project's cases in their portable form. A case whose expected item no longer exists has no
 * name to carry and is left out, as an archive leaves out a flow's reference to a deleted intent.
 */
export function portableCases(items: SuiteItems, cases: Awaited<ReturnType<typeof projectTestCases>>): PortableTestCase[] {
  const { portableOf } = suiteReferences(items);
  return cases.flatMap((testCase) => portableOf(testCase) ?? []);
}

/**
 * The rows of new cases of a project: creation times a millisecond apart, ending now, keep the file's
 * order in every list and export.
 */
export function testCaseRows(
  projectId: string,
  cases: readonly { question: string; context: string[]; expect: TestCaseExpectation; must_contain: string }[],
  now: Date,
) {
  return cases.map((testCase, index) => {
    const at = new Date(now.getTime() - (cases.length - 1 - index));
    return {
      projectId,
      question: testCase.question,
      context: testCase.context,
      ...expectationColumns(testCase.expect),
      mustContain: testCase.must_contain,
      createdAt: at,
      updatedAt: at,
    };
  });
}

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe (questions
 * come from visitors), as does one already starting with apostrophes before such a character, so an
 * import takes exactly one off and reads back what was exported.
 */
const FORMULA_LIKE = /^'*[=+\-@\t\r]/;
const inertCell = (value: string) => (FORMULA_LIKE.test(value) ? `'${value}` : value);
const cellValue = (cell: string) => (/^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

function csvOf(cases: readonly PortableTestCase[]): string {
  return stringify(
    cases.map((testCase) => testCaseCsvColumns.map((column) => inertCell(column === 'context' ? testCase.context.join('\n') : testCase[column]))),
    { bom: true, header: true, columns: [...testCaseCsvColumns], record_delimiter: 'windows' },
  );
}

/** GET /project/{id}/test-case/export: the project's cases as one file (its readers). */
export async function exportTestCases(ctx: AppContext, { project }: ProjectAccess, format: Format) {
  const { items, cases } = await ctx.db.transaction(
    async (tx) => ({ items: await projectSuiteItems(tx, project.id), cases: await projectTestCases(tx, project.id) }),
    consistentRead,
  );
  const portable = portableCases(items, cases);
  return {
    fileName: testCaseExportFileName(project.id, format),
    contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
    body: format === 'csv' ? csvOf(portable) : `${JSON.stringify(portable, null, 2)}\n`,
  };
}

/** One case of an imported file, before its check: where it starts and what it holds. */
interface ImportedLine {
  line: number;
  value: unknown;
}

const badLine = (line: number, field: string, message: string) => AppError.badRequest(suiteMessages.importLine(line, field, message));

const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

/** The line on which each element of a JSON array starts (the text parsed already, so it is valid JSON). */
function elementLines(json: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let awaitingElement = false;
  for (let at = 0; at < json.length; at++) {
    const char = json[at]!;
    // A JSON string holds no raw line break: every one counts.
    if (char === '\n') line++;
    if (inString) {
      if (char === '\\') at++;
      else if (char === '"') inString = false;
      continue;
    }
    if (/\s/.test(char)) continue;
    if (depth === 1 && awaitingElement && char !== ']') lines.push(line);
    awaitingElement = false;
    if (char === '"') inString = true;
    else if (char === '[' || char === '{') awaitingElement = ++depth === 1;
    else if (char === ']' || char === '}') depth--;
    else if (char === ',' && depth === 1) awaitingElement = true;
  }
  return lines;
}

function jsonLines(data: string): ImportedLine[] {
  const text = data.replace(/^\uFEFF/, '');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const position = /at position (\d+)/.exec(error instanceof Error ? error.message : '');
    throw badLine(position ? lineAt(text, Number(position[1])) : lineAt(text, text.length), 'file', suiteMessages.notJson);
  }
  if (!Array.isArray(value)) throw badLine(lineAt(text, text.search(/\S/)), 'file', suiteMessages.notList);
  const lines = elementLines(text);
  return value.map((element, index) => ({ line: lines[index]!, value: element }));
}

const csvProblems: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: suiteMessages.unclosedQuote,
  CSV_INVALID_CLOSING_QUOTE: suiteMessages.strayQuote,
  INVALID_OPENING_QUOTE: suiteMessages.strayQuote,
};

function csvLines(data: string): ImportedLine[] {
  const records: { cells: string[]; line: number }[] = [];
  let lastLine = 0;
  try {
    parse(data, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      on_record: (cells: string[], context) => {
        // The parser counts the line a record ends on; a person names the one it starts on.
        records.push({ cells, line: context.lines - cells.reduce((breaks, cell) => breaks + cell.split('\n').length - 1, 0) });
        lastLine = context.lines;
        return null;
      },
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // A quote left open reads to the end of the file: its record starts after the last one read.
    const line = error.code !== 'CSV_QUOTE_NOT_CLOSED' && typeof error.lines === 'number' ? error.lines : lastLine + 1;
    const field = (typeof error.column === 'number' ? records[0]?.cells[error.column] : undefined) ?? 'file';
    throw badLine(line, field, csvProblems[error.code] ?? suiteMessages.malformedCsv);
  }
  const [header, ...rows] = records;
  const columns = (header?.cells ?? []).map((column) => column.trim());
  const unknown = columns.find((column) => !(testCaseCsvColumns as readonly string[]).includes(column));
  if (unknown !== undefined) throw badLine(1, unknown, suiteMessages.unknownColumn(unknown));
  for (const required of ['question', 'expect_type']) {
    if (!columns.includes(required)) throw badLine(1, required, suiteMessages.missingColumn);
  }
  return rows.map(({ cells, line }) => {
    if (cells.length !== columns.length) {
      throw badLine(line, columns[cells.length] ?? `cell ${columns.length + 1}`, suiteMessages.cellCount(cells.length, columns.length));
    }
    const value: Record<string, unknown> = {};
    columns.forEach((column, index) => {
      const cell = cellValue(cells[index]!);
      value[column] = column === 'context' ? cell.split(/\r?\n/).filter((question) => question.trim()) : cell;
    });
    return { line, value };
  });
}

/**
 * POST /project/{id}/test-case/import: the file's cases added to the project (its editors). Every
 * line is checked (its fields, then the items it names) before anything is written; the first wrong
 * one is a 400 naming its line and field, and nothing is imported.
 */
export async function importTestCases(ctx: AppContext, { project }: ProjectAccess, body: z.output<typeof testCaseImportBody>): Promise<{ imported: number }> {
  const lines = body.format === 'csv' ? csvLines(body.data) : jsonLines(body.data);
  if (lines.length > TEST_CASE_IMPORT_MAX) throw AppError.badRequest(suiteMessages.tooManyCases);
  return ctx.db.transaction(async (tx) => {
    const { expectationOf: resolve } = suiteReferences(await projectSuiteItems(tx, project.id));
    const cases = lines.map(({ line, value }) => {
      const parsed = portableTestCaseSchema.safeParse(value);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw badLine(line, typeof issue.path[0] === 'string' ? issue.path[0] : 'case', issue.message);
      }
      const resolved = resolve(parsed.data);
      if (!resolved.ok) throw badLine(line, resolved.field, resolved.message);
      const { question, context, must_contain } = parsed.data;
      return { question, context, expect: resolved.expect, must_contain };
    });
    const rows = testCaseRows(project.id, cases, ctx.now());
    // Far below PostgreSQL's 65535 parameters a statement may bind.
    for (let start = 0; start < rows.length; start += 1000) await tx.insert(testCases).values(rows.slice(start, start + 1000));
    return { imported: cases.length };
  });
}
