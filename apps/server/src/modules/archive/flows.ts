import type { ArchiveSequenceNode, SequenceNode } from '@console/contracts';

/**
 * A sequence's nodes between the database, where they name slots and intents by id, and an archive,
 * where they name them by name (unique in a project), so a file reads without its source's ids.
 */

/**
 * The nodes as archived. A reference to a slot or intent deleted since the save (the source's sync
 * reports it) is left out, and an attribute left with none goes too: the copy carries only what
 * resolves, rather than a file that no import would accept.
 */
export function archivedNodes(nodes: readonly SequenceNode[], slotNames: ReadonlyMap<string, string>, intentNames: ReadonlyMap<string, string>): ArchiveSequenceNode[] {
  return nodes.map((node) => ({
    ...node,
    attributes: node.attributes.flatMap((attribute): ArchiveSequenceNode['attributes'] => {
      if (attribute.type === 'business_logic') return [attribute];
      if (attribute.type === 'collect_slots') {
        const slots = attribute.slots.flatMap(({ slot_id, ...asked }) => {
          const slot = slotNames.get(slot_id);
          return slot === undefined ? [] : [{ slot, ...asked }];
        });
        return slots.length ? [{ type: attribute.type, slots }] : [];
      }
      const intents = attribute.intents.flatMap((id) => intentNames.get(id) ?? []);
      return intents.length ? [{ type: attribute.type, intents }] : [];
    }),
  }));
}

/** The nodes as stored in the new project: each name resolved to its new id (by `idOf`, keyed as the archive check compares names). */
export function storedNodes(nodes: readonly ArchiveSequenceNode[], slotIdOf: (name: string) => string, intentIdOf: (name: string) => string): SequenceNode[] {
  return nodes.map((node) => ({
    ...node,
    attributes: node.attributes.map((attribute): SequenceNode['attributes'][number] => {
      if (attribute.type === 'business_logic') return attribute;
      if (attribute.type === 'collect_slots') return { type: attribute.type, slots: attribute.slots.map(({ slot, ...asked }) => ({ slot_id: slotIdOf(slot), ...asked })) };
      return { type: attribute.type, intents: [...new Set(attribute.intents.map(intentIdOf))] };
    }),
  }));
}
