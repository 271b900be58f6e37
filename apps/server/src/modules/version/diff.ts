import {
  kbPlainText,
  sequenceAttributeLabels,
  SLOT_DEFAULT_MAX_ATTEMPTS,
  DEFAULT_SLOT_LOCALE,
  type DiffItem,
  type DiffKind,
  type QuickReply,
  type SequenceNode,
  type Snapshot,
  type SnapshotSequence,
} from '@console/contracts';

/**
 * What changed from one version to another, item by item, in words a person reads: a response as
 * its plain text, an action as its label and what it does, a flow's nodes by name with what each
 * does, settings as text (JSON pretty-printed). Items are matched by id (a jargon mapping by its
 * keyword, a setting by its field), so a renamed item is one changed item, not a removal and an
 * addition. A snapshot holds only what answers (active content, active scenarios, the intents the
 * flows use), so content deactivated since shows as removed and content activated as added.
 */

/** An item as compared: its scalar fields as text (in the order shown) and its lists of texts. */
interface Facets {
  id: string;
  name: string;
  fields: [field: string, value: string][];
  lists: [field: string, values: string[]][];
}

export function diffSnapshots(from: Snapshot | null, to: Snapshot): DiffItem[] {
  const facets = (snapshot: Snapshot | null, read: (snapshot: Snapshot) => Facets[]) => (snapshot ? read(snapshot) : []);
  const kinds: [DiffKind, (snapshot: Snapshot) => Facets[]][] = [
    ['content', contentFacets],
    ['intent', intentFacets],
    ['slot', slotFacets],
    ['jargon', jargonFacets],
    ['sequence', sequenceFacets],
    ['scenario', scenarioFacets],
    ['setting', settingFacets],
  ];
  return kinds.flatMap(([kind, read]) => compare(kind, facets(from, read), read(to)));
}

function compare(kind: DiffKind, before: Facets[], after: Facets[]): DiffItem[] {
  const earlier = new Map(before.map((item) => [item.id, item]));
  const later = new Set(after.map((item) => item.id));
  const items: DiffItem[] = [];
  for (const item of after) {
    const was = earlier.get(item.id);
    const change = was ? changed(kind, was, item) : whole(kind, 'added', item);
    if (change) items.push(change);
  }
  for (const item of before) if (!later.has(item.id)) items.push(whole(kind, 'removed', item));
  return items;
}

/**
 * An added or removed item with everything it holds, empty fields and lists left out (unless that
 * leaves nothing: a setting added empty still shows its field).
 */
function whole(kind: DiffKind, change: 'added' | 'removed', item: Facets): DiffItem {
  const added = change === 'added';
  const lists = item.lists.filter(([, values]) => values.length);
  const filled = item.fields.filter(([, value]) => value !== '');
  return {
    kind,
    change,
    id: item.id,
    name: item.name,
    fields: (filled.length || lists.length ? filled : item.fields).map(([field, value]) => ({ field, before: added ? null : value, after: added ? value : null })),
    lists: lists.map(([field, values]) => ({ field, added: added ? values : [], removed: added ? [] : values })),
  };
}

/** What differs in an item both versions hold; null when nothing does. */
function changed(kind: DiffKind, before: Facets, after: Facets): DiffItem | null {
  const earlierFields = new Map(before.fields);
  const laterFields = new Map(after.fields);
  const fieldNames = [...new Set([...after.fields.map(([field]) => field), ...before.fields.map(([field]) => field)])];
  const fields = fieldNames
    .map((field) => ({ field, before: earlierFields.get(field) ?? null, after: laterFields.get(field) ?? null }))
    .filter((field) => field.before !== field.after);
  const earlierLists = new Map(before.lists);
  const lists = after.lists
    .map(([field, values]) => {
      const was = earlierLists.get(field) ?? [];
      return { field, added: missingFrom(values, was), removed: missingFrom(was, values) };
    })
    .filter((list) => list.added.length || list.removed.length);
  if (!fields.length && !lists.length) return null;
  return { kind, change: 'changed', id: after.id, name: after.name, fields, lists };
}

/** The entries of `values` that `other` does not hold, in their order. */
function missingFrom(values: readonly string[], other: readonly string[]): string[] {
  const held = new Set(other);
  return values.filter((value) => !held.has(value));
}

function contentFacets(snapshot: Snapshot): Facets[] {
  return snapshot.contents.map((item) => ({
    id: item.id,
    name: item.subject,
    fields: [
      ['Subject', item.subject],
      ['Response', kbPlainText(item.response)],
    ],
    lists: [
      ['Utterances', item.utterances],
      ['Actions', item.actions.map(actionLabel)],
    ],
  }));
}

function actionLabel(action: QuickReply): string {
  return action.type === 'query' ? `${action.label} (asks "${action.utterance}")` : `${action.label} (event "${action.event}")`;
}

function intentFacets(snapshot: Snapshot): Facets[] {
  return snapshot.intents.map((intent) => ({ id: intent.id, name: intent.intent, fields: [['Name', intent.intent]], lists: [['Utterances', intent.utterances]] }));
}

/** A slot of a snapshot synced before typed slots reads as the terms slot the engine runs it as. */
function slotFacets(snapshot: Snapshot): Facets[] {
  return snapshot.slots.map((slot) => ({
    id: slot.id,
    name: slot.name,
    fields: [
      ['Name', slot.name],
      ['Type', slot.type ?? 'terms'],
      ['Pattern', slot.pattern ?? ''],
      ['Locale', slot.locale ?? DEFAULT_SLOT_LOCALE],
      ['Prompt', slot.prompt ?? ''],
      ['Re-prompt', slot.reprompt ?? ''],
      ['Max attempts', String(slot.max_attempts ?? SLOT_DEFAULT_MAX_ATTEMPTS)],
    ],
    lists: [['Terms', slot.terms]],
  }));
}

function jargonFacets(snapshot: Snapshot): Facets[] {
  return snapshot.jargon.mappings.map((mapping) => ({ id: mapping.keyword, name: mapping.keyword, fields: [], lists: [['Terms', mapping.terms]] }));
}

/**
 * A sequence: its nodes by name, each with what it does (a field per node, so a changed node shows
 * before and after), and its transitions between node names. Canvas positions are left out: moving a
 * node changes no answer.
 */
function sequenceFacets(snapshot: Snapshot): Facets[] {
  const slotNames = new Map(snapshot.slots.map((slot) => [slot.id, slot.name]));
  const intentNames = new Map(snapshot.intents.map((intent) => [intent.id, intent.intent]));
  return (snapshot.sequences ?? []).map((sequence) => {
    const names = nodeNames(sequence);
    return {
      id: sequence.id,
      name: sequence.name,
      fields: [
        ['Name', sequence.name],
        ...sequence.nodes.map((node): [string, string] => [`Node "${names.get(node.id)!}"`, describeNode(node, slotNames, intentNames)]),
      ],
      lists: [
        ['Nodes', sequence.nodes.map((node) => names.get(node.id)!)],
        ['Transitions', sequence.transitions.map((edge) => `${names.get(edge.source) ?? edge.source} → ${names.get(edge.target) ?? edge.target}`)],
      ],
    };
  });
}

/** Node names are unique in a sequence, except unnamed nodes, told apart by the start of their id. */
function nodeNames(sequence: SnapshotSequence): Map<string, string> {
  return new Map(sequence.nodes.map((node) => [node.id, node.name || `unnamed ${node.id.slice(0, 8)}`]));
}

function describeNode(node: SequenceNode, slotNames: ReadonlyMap<string, string>, intentNames: ReadonlyMap<string, string>): string {
  const intentsOf = (ids: readonly string[]) => ids.map((id) => intentNames.get(id) ?? id).join(', ');
  const parts = node.attributes.map((attribute) => {
    const label = sequenceAttributeLabels[attribute.type];
    switch (attribute.type) {
      case 'entry_intents':
      case 'follow_up_intents':
        return `${label}: ${intentsOf(attribute.intents)}`;
      case 'collect_slots':
        return `${label}: ${attribute.slots
          .map((slot) => {
            const asked = [slot.prompt && `prompt "${slot.prompt}"`, slot.reprompt && `re-prompt "${slot.reprompt}"`, slot.max_attempts !== null && `${slot.max_attempts} attempts`].filter(Boolean);
            return `${slotNames.get(slot.slot_id) ?? slot.slot_id}${asked.length ? ` (${asked.join(', ')})` : ''}`;
          })
          .join(', ')}`;
      case 'business_logic':
        return `${label}: ${attribute.url} ${stableJson(attribute.configuration)}`;
    }
  });
  return parts.join('; ') || 'No attributes';
}

/** A scenario: its sequences by name and the transitions between them. */
function scenarioFacets(snapshot: Snapshot): Facets[] {
  const sequenceNames = new Map((snapshot.sequences ?? []).map((sequence) => [sequence.id, sequence.name]));
  return (snapshot.scenarios ?? []).map((scenario) => {
    const nodeSequence = new Map(scenario.nodes.map((node) => [node.id, sequenceNames.get(node.sequence_id) ?? node.sequence_id]));
    return {
      id: scenario.id,
      name: scenario.display_name,
      fields: [
        ['Name', scenario.display_name],
        ['Combination', scenario.combination],
      ],
      lists: [
        ['Sequences', [...nodeSequence.values()]],
        ['Transitions', scenario.transitions.map((edge) => `${nodeSequence.get(edge.source) ?? edge.source} → ${nodeSequence.get(edge.target) ?? edge.target}`)],
      ],
    };
  });
}

/** The project settings a snapshot holds, one item each (a handoff message absent from older snapshots is empty). */
function settingFacets({ settings }: Snapshot): Facets[] {
  const setting = (id: string, name: string, value: string): Facets => ({ id, name, fields: [[name, value]], lists: [] });
  return [
    setting('pipeline_config', 'Pipeline config', stableJson(settings.pipeline_config, 2)),
    setting('response_word_cutoff', 'Word cutoff', String(settings.response_word_cutoff)),
    setting('out_of_scope_response', 'Out-of-scope response', settings.out_of_scope_response),
    setting('handoff_message', 'Handoff message', settings.handoff_message ?? ''),
  ];
}

/** JSON with its object keys sorted: stored JSON comes back with its keys in the database's order. */
function stableJson(value: unknown, indent?: number): string {
  return JSON.stringify(sortKeys(value), null, indent);
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]));
  }
  return value;
}
