import type { SequenceTransition } from '@console/contracts';
import { randomId } from './random-id';

/**
 * The transitions with `source` leading to exactly `targets`: a sequence node's 'Followed by' and a
 * scenario's sequences alike, so both pages keep the same rule for which follows which.
 */
export function withFollowers(transitions: readonly SequenceTransition[], source: string, targets: readonly string[]): SequenceTransition[] {
  const kept = transitions.filter((transition) => transition.source !== source || targets.includes(transition.target));
  const added = targets
    .filter((target) => !kept.some((transition) => transition.source === source && transition.target === target))
    .map((target) => ({ id: randomId(), source, target }));
  return [...kept, ...added];
}
