import { useState } from 'react';
import { Badge, Group, Paper, Text } from '@mantine/core';
import {
  Background,
  Controls,
  Handle,
  MarkerType,
  Position,
  ReactFlow,
  type Connection,
  type Edge,
  type EdgeChange,
  type Node,
  type NodeChange,
  type NodeProps,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { sequenceAttributeLabels } from '@console/contracts';
import { canConnect, removeNodes, type DraftFlow, type NodeIssue } from '../sequence-draft';
import { randomId } from '@/lib/random-id';

type FlowNodeData = { name: string; attributes: string[]; messages: string[] };
type FlowNode = Node<FlowNodeData, 'sequence-node'>;

export const UNNAMED_NODE = 'Unnamed node';

/** A node on the canvas: its name, its attributes and the schema's messages about it. */
function SequenceNodeView({ data, selected }: NodeProps<FlowNode>) {
  const invalid = data.messages.length > 0;
  return (
    <Paper withBorder shadow={selected ? 'md' : 'xs'} p="xs" w={220} bd={`2px solid var(--mantine-color-${invalid ? 'red-6' : selected ? 'blue-6' : 'gray-4'})`}>
      <Handle type="target" position={Position.Top} />
      <Text size="sm" fw={600} c={data.name ? undefined : 'dimmed'} truncate>
        {data.name || UNNAMED_NODE}
      </Text>
      {data.attributes.length > 0 && (
        <Group gap={4} mt={4}>
          {data.attributes.map((label) => (
            <Badge key={label} size="xs" variant="light">
              {label}
            </Badge>
          ))}
        </Group>
      )}
      {data.messages.map((message) => (
        <Text key={message} size="xs" c="red.7" mt={4}>
          {message}
        </Text>
      ))}
      <Handle type="source" position={Position.Bottom} />
    </Paper>
  );
}

const nodeTypes = { 'sequence-node': SequenceNodeView };

interface SequenceCanvasProps {
  flow: DraftFlow;
  issues: ReadonlyMap<string, NodeIssue[]>;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  /** Absent for a reader: the flow can be looked at and its nodes selected, not changed. */
  onChange?: (change: (flow: DraftFlow) => DraftFlow) => void;
}

/**
 * The flow on a React Flow canvas. The draft stays the one source of the flow: the canvas shows it
 * and turns its drags, connections and deletions (Delete or Backspace) into changes of the draft.
 * What only the canvas needs (each node's measured size) stays here, out of the saved values.
 */
export function SequenceCanvas({ flow, issues, selectedId, onSelect, onChange }: SequenceCanvasProps) {
  const [measured, setMeasured] = useState<Record<string, { width: number; height: number }>>({});
  const [selectedEdge, setSelectedEdge] = useState<string | null>(null);
  const names = new Map(flow.nodes.map((node) => [node.id, node.name || UNNAMED_NODE]));

  const nodes: FlowNode[] = flow.nodes.map((node) => ({
    id: node.id,
    type: 'sequence-node',
    position: node.position,
    measured: measured[node.id],
    selected: node.id === selectedId,
    ariaLabel: `Node ${node.name || UNNAMED_NODE}`,
    data: {
      name: node.name,
      attributes: node.attributes.map((attribute) => sequenceAttributeLabels[attribute.type]),
      messages: [...new Set((issues.get(node.id) ?? []).map((issue) => issue.message))],
    },
  }));
  const edges: Edge[] = flow.transitions.map((transition) => ({
    ...transition,
    selected: transition.id === selectedEdge,
    markerEnd: { type: MarkerType.ArrowClosed },
    ariaLabel: `Transition from ${names.get(transition.source)} to ${names.get(transition.target)}`,
  }));

  function onNodesChange(changes: NodeChange<FlowNode>[]) {
    let selection = selectedId;
    const moved = new Map<string, { x: number; y: number }>();
    const removed = new Set<string>();
    for (const change of changes) {
      if (change.type === 'dimensions' && change.dimensions) {
        const { dimensions, id } = change;
        setMeasured((current) => ({ ...current, [id]: dimensions }));
      } else if (change.type === 'select') {
        if (change.selected) selection = change.id;
        else if (selection === change.id) selection = null;
      } else if (change.type === 'position' && change.position) {
        moved.set(change.id, change.position);
      } else if (change.type === 'remove') {
        removed.add(change.id);
      }
    }
    if (selection !== selectedId) onSelect(selection);
    if (!onChange || (moved.size === 0 && removed.size === 0)) return;
    if (selectedId && removed.has(selectedId)) onSelect(null);
    onChange((current) =>
      removeNodes(
        { ...current, nodes: current.nodes.map((node) => (moved.has(node.id) ? { ...node, position: moved.get(node.id)! } : node)) },
        removed,
      ),
    );
  }

  function onEdgesChange(changes: EdgeChange[]) {
    const removed = new Set<string>();
    for (const change of changes) {
      if (change.type === 'select') setSelectedEdge((current) => (change.selected ? change.id : current === change.id ? null : current));
      else if (change.type === 'remove') removed.add(change.id);
    }
    if (!onChange || removed.size === 0) return;
    onChange((current) => ({ ...current, transitions: current.transitions.filter((transition) => !removed.has(transition.id)) }));
  }

  function onConnect({ source, target }: Connection) {
    onChange?.((current) =>
      canConnect(current, source, target) ? { ...current, transitions: [...current.transitions, { id: randomId(), source, target }] } : current,
    );
  }

  const editable = Boolean(onChange);
  return (
    <ReactFlow
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      onNodesChange={onNodesChange}
      onEdgesChange={onEdgesChange}
      onConnect={onConnect}
      onPaneClick={() => onSelect(null)}
      nodesDraggable={editable}
      nodesConnectable={editable}
      deleteKeyCode={editable ? ['Delete', 'Backspace'] : null}
      fitView
      fitViewOptions={{ maxZoom: 1 }}
    >
      <Background />
      <Controls showInteractive={false} />
    </ReactFlow>
  );
}
