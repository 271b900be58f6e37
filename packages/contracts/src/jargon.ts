import { z } from 'zod';
import { boundedList, duplicateEntries, sameEntryKey, trimmedText } from './fields';

/**
 * The Jargon Mapper: each mapping names a keyword and the terms visitors use
 * for it; the assistant reads a term as its keyword. A term belongs to one mapping only, so the
 * reading is never ambiguous. Terms and keywords compare without case and surrounding white space.
 */

export const jargonMessages = {
  termsEmpty: 'terms must be nonempty.',
  termsUnique: 'Terms must be unique',
  termInOtherMapping: 'Term already exists in another mapping',
  keywordsUnique: 'Keywords must be unique',
} as const;

const jargonMappingSchema = z.object({
  keyword: trimmedText('Keyword', 1, 255),
  terms: boundedList('Terms', z.array(trimmedText('Term', 1, 255), { error: jargonMessages.termsEmpty }).min(1, { error: jargonMessages.termsEmpty })).refine((terms) => duplicateEntries(terms).length === 0, { error: jargonMessages.termsUnique }),
});
export type JargonMapping = z.infer<typeof jargonMappingSchema>;

/** Where a term is claimed twice: the later mapping's index and the term. */
function jargonConflicts(mappings: readonly JargonMapping[]): { index: number; term: string }[] {
  const owner = new Map<string, number>();
  const conflicts: { index: number; term: string }[] = [];
  mappings.forEach((mapping, index) => {
    for (const term of mapping.terms) {
      const key = sameEntryKey(term);
      const first = owner.get(key);
      if (first === undefined) owner.set(key, index);
      else if (first !== index) conflicts.push({ index, term });
    }
  });
  return conflicts;
}

export const jargonSchema = z
  .object(
    { mappings: boundedList('Mappings', z.array(jargonMappingSchema, { error: 'Mappings must be a list' })) },
    { error: 'Jargon must be an object with mappings' },
  )
  .superRefine((jargon, ctx) => {
    const keywords = jargon.mappings.map((mapping) => mapping.keyword);
    for (const keyword of duplicateEntries(keywords)) {
      const index = keywords.findLastIndex((candidate) => sameEntryKey(candidate) === sameEntryKey(keyword));
      ctx.addIssue({ code: 'custom', message: jargonMessages.keywordsUnique, path: ['mappings', index, 'keyword'] });
    }
    for (const conflict of jargonConflicts(jargon.mappings)) {
      ctx.addIssue({ code: 'custom', message: jargonMessages.termInOtherMapping, path: ['mappings', conflict.index, 'terms'] });
    }
  });
export type Jargon = z.infer<typeof jargonSchema>;

export const EMPTY_JARGON: Jargon = { mappings: [] };

/** The answer shape (no refinements, so the server can serialise it). */
export const jargonAnswerSchema = z.object({
  mappings: z.array(z.object({ keyword: z.string(), terms: z.array(z.string()) })),
});
