import type { VersionCounts } from '@console/contracts';

const countNouns: [keyof VersionCounts, string, string][] = [
  ['contents', 'content item', 'content items'],
  ['intents', 'intent', 'intents'],
  ['utterances', 'utterance', 'utterances'],
  ['slots', 'slot', 'slots'],
  ['sequences', 'sequence', 'sequences'],
];

/** What a version holds, in words: '12 content items, 3 intents, 40 utterances, 0 slots, 1 sequence'. */
export function formatVersionCounts(counts: VersionCounts): string {
  return countNouns.map(([key, one, many]) => `${counts[key]} ${counts[key] === 1 ? one : many}`).join(', ');
}
