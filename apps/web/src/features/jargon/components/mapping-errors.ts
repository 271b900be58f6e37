import { jargonSchema, type JargonMapping } from '@console/contracts';

/** The messages of one mapping: its keyword's and its terms' (every distinct message, in order). */
export interface MappingErrors {
  keyword: string[];
  terms: string[];
}

export type MappingField = keyof MappingErrors;

/**
 * The Jargon Mapper's messages per mapping, from the contracts jargonSchema: a mapping's own rules
 * and the rules across mappings (a term or keyword claimed twice), each placed at its mapping.
 */
export function mappingErrors(mappings: readonly JargonMapping[]): MappingErrors[] {
  const errors = mappings.map((): MappingErrors => ({ keyword: [], terms: [] }));
  for (const issue of jargonSchema.safeParse({ mappings }).error?.issues ?? []) {
    const [root, index, field] = issue.path;
    const target = root === 'mappings' && typeof index === 'number' ? errors[index] : undefined;
    if (!target) continue;
    const messages = field === 'keyword' ? target.keyword : target.terms;
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return errors;
}
