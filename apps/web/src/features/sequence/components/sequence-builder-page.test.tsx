import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sequenceMessages, type Role, type Sequence } from '@console/contracts';
import { DEFAULT_SAVED_TEXT } from '@/components/entity-form/use-entity-form';
import { fakeApi, projectSession } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { SequenceBuilderPage } from './sequence-builder-page';

const PROJECT = 'project-1';
const WELCOME = '00000000-0000-4000-8000-000000000001';
const ASK = '00000000-0000-4000-8000-000000000002';
const WELCOME_TO_ASK = '00000000-0000-4000-8000-0000000000a1';

/** Welcome leads to Ask. */
const greeting: Sequence = {
  id: 'sequence-1',
  project_id: PROJECT,
  name: 'Greeting',
  nodes: [
    { id: WELCOME, name: 'Welcome', position: { x: 0, y: 0 }, attributes: [] },
    { id: ASK, name: 'Ask', position: { x: 0, y: 140 }, attributes: [] },
  ],
  transitions: [{ id: WELCOME_TO_ASK, source: WELCOME, target: ASK }],
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

/*
 * What a browser lays out and happy-dom does not. React Flow keeps a node `visibility: hidden` until
 * it has measured it (offsetWidth and offsetHeight, read when its ResizeObserver reports the node),
 * draws an edge only between measured handles, and sizes its pane from the renderer. happy-dom lays
 * nothing out (every offset size is 0) and its ResizeObserver never calls back, so the canvas would
 * show no node and no edge. These give the canvas's own elements a size and report them when
 * observed, after the commit as a browser does (React Flow reads its own element, set in a later
 * effect, when the report comes); every other element keeps happy-dom's behaviour.
 *
 * Covered here: selecting a node (Enter on the focused node, or a click), moving it with the arrow
 * keys, Delete and Backspace, a click on one handle then another to connect, a click on the pane to
 * deselect, and everything the panel changes. Not here: dragging a node or a connection with the
 * mouse. d3-drag reads the position from a real layout (getBoundingClientRect is all zeros here) and
 * the mousedown's `view`, which user-event's events lack; the browser tests (e2e/flows.spec.ts) drag.
 */
function canvasSize(element: Element): { width: number; height: number } | undefined {
  if (element.classList.contains('react-flow__renderer')) return { width: 800, height: 560 };
  if (element.classList.contains('react-flow__node')) return { width: 220, height: 60 };
  if (element.classList.contains('react-flow__handle')) return { width: 8, height: 8 };
  return undefined;
}

class CanvasResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    const size = canvasSize(target);
    if (!size) return;
    const contentRect = { x: 0, y: 0, top: 0, left: 0, right: size.width, bottom: size.height, ...size };
    queueMicrotask(() => this.callback([{ target, contentRect } as unknown as ResizeObserverEntry], this as unknown as ResizeObserver));
  }
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', CanvasResizeObserver);
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return canvasSize(this)?.width ?? 0;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return canvasSize(this)?.height ?? 0;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The server: the caller's role on the project, the sequence (saved by PUT), no slots or intents yet. */
function serve({ role = 'editor', sequence = greeting }: { role?: Role; sequence?: Sequence } = {}) {
  let stored = sequence;
  const calls = fakeApi({
    'GET /session': () => projectSession(PROJECT, role),
    [`GET /sequence/${sequence.id}`]: () => stored,
    [`PUT /sequence/${sequence.id}`]: ({ body }) => {
      stored = { ...stored, ...(body as Partial<Sequence>), updated_at: '2025-01-02T00:00:00.000Z' };
      return stored;
    },
    [`GET /project/${PROJECT}/slot`]: () => ({ records: [], total: 0 }),
    [`GET /project/${PROJECT}/intent`]: () => ({ records: [], total: 0 }),
  });
  /** The bodies of the saves, in order. */
  return () => calls.filter((call) => call.method === 'PUT').map((call) => call.body as Pick<Sequence, 'name' | 'nodes' | 'transitions'>);
}

async function renderBuilder() {
  const rendered = renderWithProviders(<SequenceBuilderPage />, {
    route: `/project/${PROJECT}/sequence/${greeting.id}`,
    path: '/project/:projectId/sequence/:sequenceId',
  });
  await screen.findByRole('textbox', { name: 'Sequence name' });
  await canvasMeasured();
  return rendered;
}

/** React Flow has measured every node (the observer's report is async, as in a browser). */
async function canvasMeasured() {
  await waitFor(() => {
    for (const node of flow().querySelectorAll('.react-flow__node')) expect(node).toBeVisible();
  });
}

const flow = () => screen.getByRole('region', { name: 'Flow' });
const canvasNode = (name: string) => within(flow()).queryByRole('group', { name: `Node ${name}` });
const transition = (from: string, to: string) => within(flow()).queryByRole('group', { name: `Transition from ${from} to ${to}` });
const panel = () => screen.queryByRole('region', { name: 'Selected node' });
const saveButton = () => screen.getByRole('button', { name: 'Save' });

describe('Sequence builder: the canvas and the node panel edit the flow that Save sends', () => {
  it('shows the saved flow: its nodes and the transition between them, nothing to save', async () => {
    serve();
    await renderBuilder();
    expect(canvasNode('Welcome')).toBeVisible();
    expect(canvasNode('Ask')).toBeVisible();
    expect(transition('Welcome', 'Ask')).toBeInTheDocument();
    expect(panel()).not.toBeInTheDocument();
    expect(screen.getByText('Select a node to edit it.')).toBeVisible();
    expect(saveButton()).toBeDisabled();
  });

  it('Add Node puts a selected node on the canvas; renamed in the panel, it is renamed on the canvas, and Save sends it', async () => {
    const saves = serve({ sequence: { ...greeting, nodes: [], transitions: [] } });
    const { user } = await renderBuilder();
    expect(screen.getByText('No nodes yet: add one to start the flow.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Add Node' }));
    await canvasMeasured();
    expect(canvasNode('Node 1')).toBeVisible();
    expect(within(panel()!).getByRole('textbox', { name: 'Node name' })).toHaveValue('Node 1');

    await user.clear(within(panel()!).getByRole('textbox', { name: 'Node name' }));
    await user.type(within(panel()!).getByRole('textbox', { name: 'Node name' }), 'Welcome');
    expect(canvasNode('Welcome')).toHaveTextContent('Welcome');
    expect(canvasNode('Node 1')).not.toBeInTheDocument();

    await user.click(saveButton());
    expect(await screen.findByText(DEFAULT_SAVED_TEXT)).toBeVisible();
    expect(saves()).toEqual([
      {
        name: greeting.name,
        nodes: [{ id: expect.any(String), name: 'Welcome', position: { x: 0, y: 0 }, attributes: [] }],
        transitions: [],
      },
    ]);
  });

  it('a node chosen on the canvas (Enter) opens in the panel, and the arrow keys move it: Save sends the new position', async () => {
    const saves = serve();
    const { user } = await renderBuilder();

    canvasNode('Welcome')!.focus();
    await user.keyboard('{Enter}');
    expect(within(panel()!).getByRole('textbox', { name: 'Node name' })).toHaveValue('Welcome');
    expect(canvasNode('Welcome')).toHaveClass('selected');

    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowDown}');
    await user.click(saveButton());
    expect(await screen.findByText(DEFAULT_SAVED_TEXT)).toBeVisible();
    expect(saves()[0]!.nodes[0]).toEqual({ ...greeting.nodes[0], position: { x: 10, y: 5 } });
  });

  it.each(['Delete', 'Backspace'])('%s on the canvas removes the chosen node and its transitions', async (key) => {
    const saves = serve();
    const { user } = await renderBuilder();

    canvasNode('Welcome')!.focus();
    await user.keyboard(`{Enter}{${key}}`);
    expect(canvasNode('Welcome')).not.toBeInTheDocument();
    expect(transition('Welcome', 'Ask')).not.toBeInTheDocument();
    expect(panel()).not.toBeInTheDocument();

    await user.click(saveButton());
    expect(await screen.findByText(DEFAULT_SAVED_TEXT)).toBeVisible();
    expect(saves()).toEqual([{ name: greeting.name, nodes: [greeting.nodes[1]], transitions: [] }]);
  });

  it("a click on one node's lower handle, then on another's upper handle, draws a transition", async () => {
    const saves = serve({ sequence: { ...greeting, transitions: [] } });
    const { user } = await renderBuilder();
    expect(transition('Welcome', 'Ask')).not.toBeInTheDocument();

    const handle = (name: string, side: 'top' | 'bottom') => canvasNode(name)!.querySelector(`.react-flow__handle-${side}`)!;
    await user.click(handle('Welcome', 'bottom'));
    await user.click(handle('Ask', 'top'));
    await waitFor(() => expect(transition('Welcome', 'Ask')).toBeInTheDocument());

    await user.click(saveButton());
    expect(await screen.findByText(DEFAULT_SAVED_TEXT)).toBeVisible();
    expect(saves()[0]!.transitions).toEqual([{ id: expect.any(String), source: WELCOME, target: ASK }]);
  });

  it('a click on a node opens it in the panel, and a click on the empty canvas closes it', async () => {
    serve();
    await renderBuilder();

    // fireEvent: user-event's mousedown carries no `view`, which the node's drag (d3-drag) and the pane's
    // pan (d3-zoom) read; the click alone is what selects, as after a press without a move in a browser.
    fireEvent.click(canvasNode('Ask')!);
    expect(within(panel()!).getByRole('textbox', { name: 'Node name' })).toHaveValue('Ask');
    expect(canvasNode('Ask')).toHaveClass('selected');

    fireEvent.click(flow().querySelector('.react-flow__pane')!);
    expect(panel()).not.toBeInTheDocument();
    expect(canvasNode('Ask')).not.toHaveClass('selected');
  });

  it("'Followed by' in the panel draws the transition on the canvas (the keyboard's way to connect)", async () => {
    const saves = serve({ sequence: { ...greeting, transitions: [] } });
    const { user } = await renderBuilder();

    fireEvent.click(canvasNode('Ask')!);
    await user.click(within(panel()!).getByRole('combobox', { name: 'Followed by' }));
    await user.click(screen.getByRole('option', { name: 'Welcome' }));
    await waitFor(() => expect(transition('Ask', 'Welcome')).toBeInTheDocument());

    await user.click(saveButton());
    expect(await screen.findByText(DEFAULT_SAVED_TEXT)).toBeVisible();
    expect(saves()[0]!.transitions).toEqual([{ id: expect.any(String), source: ASK, target: WELCOME }]);
  });

  it("shows the schema's messages on the nodes they concern, and Save waits until they are mended", async () => {
    const saves = serve();
    const { user } = await renderBuilder();
    const duplicate = sequenceMessages.duplicateNodeName('Welcome');

    fireEvent.click(canvasNode('Ask')!);
    const name = within(panel()!).getByRole('textbox', { name: 'Node name' });
    await user.clear(name);
    await user.type(name, 'Welcome');
    // Both nodes named Welcome carry the message; the panel shows it at the field.
    const named = within(flow()).getAllByRole('group', { name: 'Node Welcome' });
    expect(named).toHaveLength(2);
    for (const node of named) expect(node).toHaveTextContent(duplicate);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(duplicate);
    expect(saveButton()).toBeDisabled();

    // An attribute added in the panel shows on the node, with its message until its URL is valid.
    await user.type(name, ' again');
    expect(canvasNode('Welcome')).not.toHaveTextContent(duplicate);
    await user.click(within(panel()!).getByRole('button', { name: 'Add Attribute' }));
    await user.click(screen.getByRole('menuitem', { name: 'Business Logic' }));
    expect(canvasNode('Welcome again')).toHaveTextContent('Business Logic');
    expect(canvasNode('Welcome again')).toHaveTextContent(sequenceMessages.invalidUrl);
    expect(saveButton()).toBeDisabled();

    await user.type(within(panel()!).getByRole('textbox', { name: 'URL' }), 'https://example.com/hook');
    expect(canvasNode('Welcome again')).not.toHaveTextContent(sequenceMessages.invalidUrl);
    await user.click(saveButton());
    expect(await screen.findByText(DEFAULT_SAVED_TEXT)).toBeVisible();
    expect(saves()[0]!.nodes[1]).toEqual({
      ...greeting.nodes[1],
      name: 'Welcome again',
      attributes: [{ type: 'business_logic', url: 'https://example.com/hook', configuration: {} }],
    });
  });

  it('a viewer looks at the flow and its nodes, and changes nothing: no Add Node, no Save, Delete does nothing', async () => {
    const saves = serve({ role: 'viewer' });
    const { user } = await renderBuilder();
    expect(screen.queryByRole('button', { name: 'Add Node' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    canvasNode('Welcome')!.focus();
    await user.keyboard('{Enter}');
    expect(within(panel()!).getByRole('textbox', { name: 'Node name' })).toHaveAttribute('readonly');
    expect(within(panel()!).queryByRole('button', { name: 'Delete Node' })).not.toBeInTheDocument();

    await user.keyboard('{Delete}');
    expect(canvasNode('Welcome')).toBeVisible();
    expect(transition('Welcome', 'Ask')).toBeInTheDocument();
    expect(saves()).toEqual([]);
  });
});
