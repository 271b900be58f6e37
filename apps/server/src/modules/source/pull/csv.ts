import { parse } from 'csv-parse/sync';
import {
  PIPELINE_CSV_COLUMNS,
  contentUtteranceBody,
  createContentBody,
  kbFromPlainText,
  sameEntryKey,
} from '@console/contracts';
import { limitResponse, PullError, type PulledItem } from './items';

/** Prefix of a CSV item's key: its subject names it within the source. */
const CSV_KEY_PREFIX = 'csv:';
const REQUIRED_COLUMNS = ['subject', 'response'] as const;

/**
 * A CSV input as content items: a header row naming the columns subject, response and (optionally)
 * utterances, in any order and case; other columns are ignored, blank rows skipped. Utterances are
 * separated by '|' (MULTI_VALUE_SEPARATOR, ' | ', in the content export). Rows are numbered as a
 * spreadsheet shows them (the header is row 1), so 'CSV row 4' is the row a person finds.
 */
export function csvItems(text: string, label: string | null): PulledItem[] {
  const where = label ? `CSV ${label}` : 'CSV';
  let records: string[][];
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false });
  } catch (error) {
    throw new PullError(`${where}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const header = (records[0] ?? []).map((name) => name.trim().toLowerCase());
  const column = Object.fromEntries(PIPELINE_CSV_COLUMNS.map((name) => [name, header.indexOf(name)])) as Record<
    (typeof PIPELINE_CSV_COLUMNS)[number],
    number
  >;
  if (REQUIRED_COLUMNS.some((name) => column[name] < 0)) {
    throw new PullError(`${where}: the first row must name the columns ${PIPELINE_CSV_COLUMNS.join(', ')} (utterances may be left out)`);
  }
  const items: PulledItem[] = [];
  records.slice(1).forEach((record, index) => {
    if (record.every((cell) => !cell.trim())) return;
    const row = `${where} row ${index + 2}`;
    const cell = (name: keyof typeof column) => (column[name] >= 0 ? (record[column[name]] ?? '') : '');
    const subject = createContentBody.shape.subject.safeParse(cell('subject'));
    if (!subject.success) throw new PullError(`${row}: ${subject.error.issues[0]?.message}`);
    const utterances: string[] = [];
    const seen = new Set<string>();
    for (const piece of cell('utterances').split('|')) {
      if (!piece.trim()) continue;
      const utterance = contentUtteranceBody.shape.text.safeParse(piece);
      if (!utterance.success) throw new PullError(`${row}, utterances: ${utterance.error.issues[0]?.message}`);
      if (seen.has(sameEntryKey(utterance.data))) continue;
      seen.add(sameEntryKey(utterance.data));
      utterances.push(utterance.data);
    }
    items.push({
      key: `${CSV_KEY_PREFIX}${subject.data}`,
      subject: subject.data,
      response: limitResponse(kbFromPlainText(cell('response'))),
      utterances,
    });
  });
  return items;
}
