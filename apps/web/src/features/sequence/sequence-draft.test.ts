import { describe, expect, it } from 'vitest';
import { sequenceMessages, sequenceUpdateBody, type Sequence } from '@console/contracts';
import { withFollowers } from '@/lib/flow-transitions';
import { addableAttributeTypes, issueAt, newNode, nodeIssues, removeNodes, sequenceDraft, sequenceInput, type SequenceDraft } from './sequence-draft';

const ids = {
  ask: '0b6f3c1e-2d4a-4b5c-8e9f-1a2b3c4d5e6f',
  call: '1c7a4d2f-3e5b-4c6d-9f0a-2b3c4d5e6f70',
  end: '2d8b5e3a-4f6c-4d7e-8a1b-3c4d5e6f7081',
  slot: '3e9c6f4b-5a7d-4e8f-9b2c-4d5e6f708192',
  intent: '4fad7a5c-6b8e-4f9a-8c3d-5e6f708192a3',
};

const saved: Sequence = {
  id: '5abe8b6d-7c9f-4a0b-9d4e-6f708192a3b4',
  project_id: '6bcf9c7e-8d0a-4b1c-8e5f-708192a3b4c5',
  name: 'Order tracking',
  nodes: [
    {
      id: ids.ask,
      name: 'Ask order',
      position: { x: 0, y: 0 },
      attributes: [
        { type: 'entry_intents', intents: [ids.intent] },
        { type: 'collect_slots', slots: [{ slot_id: ids.slot, prompt: '', reprompt: 'Which order number, as on your receipt?', max_attempts: 3 }] },
      ],
    },
    { id: ids.call, name: 'Look up', position: { x: 0, y: 140 }, attributes: [{ type: 'business_logic', url: 'https://example.com/orders', configuration: { timeout: 5 } }] },
  ],
  transitions: [{ id: '7cd0ad8f-9e1b-4c2d-9f60-8192a3b4c5d6', source: ids.ask, target: ids.call }],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

function withConfiguration(draft: SequenceDraft, configuration: string): SequenceDraft {
  const nodes = draft.flow.nodes.map((node) => ({
    ...node,
    attributes: node.attributes.map((attribute) => (attribute.type === 'business_logic' ? { ...attribute, configuration } : attribute)),
  }));
  return { ...draft, flow: { ...draft.flow, nodes } };
}

describe('the builder draft', () => {
  it('gives back the saved sequence as the save body, configuration typed as JSON text', () => {
    const draft = sequenceDraft(saved);
    expect(draft.flow.nodes[1]?.attributes[0]).toMatchObject({ configuration: '{\n  "timeout": 5\n}' });
    const body = sequenceUpdateBody.parse(sequenceInput(draft));
    expect(body).toEqual({ name: saved.name, nodes: saved.nodes, transitions: saved.transitions });
  });

  it('sends an empty configuration box as the default empty object, and text that is no JSON object fails with the schema message', () => {
    const draft = sequenceDraft(saved);
    const empty = sequenceUpdateBody.parse(sequenceInput(withConfiguration(draft, ' ')));
    expect(empty.nodes?.[1]?.attributes[0]).toMatchObject({ configuration: {} });
    for (const text of ['{"timeout": ', '[1]', '"text"']) {
      const result = sequenceUpdateBody.safeParse(sequenceInput(withConfiguration(draft, text)));
      expect(result.success).toBe(false);
      const issues = nodeIssues(result.error?.issues ?? [], draft.flow.nodes);
      expect(issueAt(issues.get(ids.call) ?? [], 'attributes', 0, 'configuration')).toBe('Configuration must be a JSON object');
    }
  });

  it("reports each node's problems by node id, at the path of the field", () => {
    const draft = sequenceDraft(saved);
    const [ask, call] = draft.flow.nodes;
    const broken: SequenceDraft = {
      ...draft,
      flow: {
        ...draft.flow,
        nodes: [ask!, { ...call!, name: ' ask ORDER', attributes: [{ type: 'business_logic', url: 'ftp://example.com', configuration: '' }] }],
      },
    };
    const result = sequenceUpdateBody.safeParse(sequenceInput(broken));
    const issues = nodeIssues(result.error?.issues ?? [], broken.flow.nodes);
    expect(issueAt(issues.get(ids.ask) ?? [], 'name')).toBe(sequenceMessages.duplicateNodeName('Ask order'));
    expect(issueAt(issues.get(ids.call) ?? [], 'name')).toBe(sequenceMessages.duplicateNodeName('ask ORDER'));
    expect(issueAt(issues.get(ids.call) ?? [], 'attributes', 0, 'url')).toBe(sequenceMessages.invalidUrl);
  });

  it('names a new node with the first free number and offers only the attribute types a node lacks', () => {
    const draft = sequenceDraft(saved);
    const first = newNode([], ids.end);
    expect(first).toEqual({ id: ids.end, name: 'Node 1', position: { x: 0, y: 0 }, attributes: [] });
    const third = newNode([...draft.flow.nodes, { ...first, name: 'node 3' }], ids.end);
    expect(third.name).toBe('Node 4');
    expect(addableAttributeTypes(draft.flow.nodes[0]!)).toEqual(['business_logic', 'follow_up_intents']);
  });

  it('removes a node with its transitions, and sets the nodes one leads to', () => {
    const flow = sequenceDraft(saved).flow;
    expect(removeNodes(flow, new Set([ids.call]))).toEqual({ nodes: [flow.nodes[0]], transitions: [] });
    const led = withFollowers([...flow.transitions], ids.ask, [ids.end]);
    expect(led).toHaveLength(1);
    expect(led[0]).toMatchObject({ source: ids.ask, target: ids.end });
    expect(withFollowers(flow.transitions, ids.ask, [ids.call])).toEqual(flow.transitions);
  });
});
