import type { Jargon } from '@console/contracts';
import { words } from './text';

/**
 * Jargon, the rephrase stage's first step (rephrase.ts): mappings turn a term into its keyword
 * ('reimbursement' -> 'refund'), matched as whole words in any case; multi-word terms match as
 * sequences, longest first.
 */

export interface JargonRule {
  term: string;
  keyword: string;
  words: string[];
}

export function compileJargon(jargon: Jargon): JargonRule[] {
  const rules: JargonRule[] = [];
  for (const mapping of jargon.mappings) {
    for (const term of mapping.terms) {
      const termWords = words(term);
      if (termWords.length) rules.push({ term, keyword: mapping.keyword, words: termWords });
    }
  }
  // Longest first, so 'credit card' wins over 'card'.
  return rules.sort((a, b) => b.words.length - a.words.length || a.term.localeCompare(b.term));
}

interface Rephrased {
  text: string;
  applied: { term: string; keyword: string }[];
  /** The words of `text`, when the rephrasing read them (so they are not read twice). */
  words?: string[];
}

/** The question with every jargon term replaced by its keyword (as words, lower-cased). */
export function applyJargon(rules: readonly JargonRule[], question: string): Rephrased {
  if (!rules.length) return { text: question.trim(), applied: [] };
  const tokens = words(question);
  const out: string[] = [];
  const applied: { term: string; keyword: string }[] = [];
  for (let i = 0; i < tokens.length; ) {
    const rule = rules.find((candidate) => candidate.words.every((word, offset) => tokens[i + offset] === word));
    if (rule) {
      out.push(rule.keyword);
      applied.push({ term: rule.term, keyword: rule.keyword });
      i += rule.words.length;
    } else {
      out.push(tokens[i]!);
      i += 1;
    }
  }
  return applied.length ? { text: out.join(' '), applied, words: out.join(' ').split(' ') } : { text: question.trim(), applied, words: tokens };
}
