import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { kbCharacterCount, kbFromPlainText, RESPONSE_CHARACTER_LIMIT } from '@console/contracts';
import type { Intent } from './assistant-api';

/**
 * The public data sets of ../shared/data (next to the repository) as the benches use them: labelled
 * sentences, and projects made of them.
 */

const data = path.resolve(import.meta.dirname, '../../../shared/data');

export interface Sample {
  text: string;
  label: string;
}

/** Braun's out-of-scope intent. */
export const OUT_OF_SCOPE = 'None';

export function readBanking(file: 'train.csv' | 'test.csv'): Sample[] {
  // Quoted sentences may hold commas, quotes and line breaks: a CSV reader, not split(',').
  const rows = parse(readFileSync(path.join(data, 'banking77', file), 'utf8'), { columns: true, skip_empty_lines: true }) as { text: string; category: string }[];
  return rows.map((row) => ({ text: row.text, label: row.category }));
}

/** The first `count` samples of each label, in the file's order. */
export function firstOfEachLabel(samples: Sample[], count: number): Sample[] {
  const seen = new Map<string, number>();
  return samples.filter((sample) => {
    const taken = seen.get(sample.label) ?? 0;
    seen.set(sample.label, taken + 1);
    return taken < count;
  });
}

export function readBraun(corpus: string): { train: Sample[]; test: Sample[] } {
  const { sentences } = JSON.parse(readFileSync(path.join(data, 'braun2017_nlu_corpora', `${corpus}.json`), 'utf8')) as {
    sentences: { text: string; intent: string; training: boolean }[];
  };
  const toSample = (sentence: { text: string; intent: string }) => ({ text: sentence.text, label: sentence.intent });
  return { train: sentences.filter((s) => s.training).map(toSample), test: sentences.filter((s) => !s.training).map(toSample) };
}

/** An item per label, its samples as utterances. */
export function intentsOf(samples: Sample[]): Intent[] {
  const groups = new Map<string, string[]>();
  for (const sample of samples) groups.set(sample.label, [...(groups.get(sample.label) ?? []), sample.text]);
  return [...groups].map(([name, utterances]) => ({ name, utterances }));
}

interface FaqThread {
  question: string;
  answer: string[];
  rephr: string[];
}

/** StackFAQ marks a missing paraphrase with a short placeholder such as `*`. */
const MIN_PARAPHRASE_CHARACTERS = 4;

/**
 * The StackFAQ dev threads as content without utterances (subject = the thread's question, response =
 * its answers), and the people-written paraphrases to ask of it, each labelled with its thread's subject.
 */
export function readStackFaq(): { items: Intent[]; questions: Sample[] } {
  const threads = (JSON.parse(readFileSync(path.join(data, 'stackfaq-dev', 'stackfaq-dev.json'), 'utf8')) as { root: { qapair: FaqThread[] } }).root.qapair;
  return {
    items: threads.map((thread) => ({ name: thread.question, utterances: [], response: responseOf(thread.answer) })),
    questions: threads.flatMap((thread) =>
      thread.rephr.filter((text) => text.trim().length >= MIN_PARAPHRASE_CHARACTERS).map((text) => ({ text, label: thread.question })),
    ),
  };
}

/**
 * A thread's answers as a response, one paragraph each: as many whole answers, best first, as fit
 * the response limit, as a team pasting the thread would have to (the longest threads hold three
 * times the limit); a first answer longer than the limit alone is cut at a word.
 */
function responseOf(answers: string[]): string {
  const fits = (text: string) => kbCharacterCount(kbFromPlainText(text)) <= RESPONSE_CHARACTER_LIMIT;
  let kept = answers.map((answer) => answer.trim()).filter(Boolean);
  while (kept.length > 1 && !fits(kept.join('\n\n'))) kept = kept.slice(0, -1);
  let text = kept.join('\n\n');
  while (!fits(text)) text = text.slice(0, text.lastIndexOf(' ', RESPONSE_CHARACTER_LIMIT));
  return text;
}
