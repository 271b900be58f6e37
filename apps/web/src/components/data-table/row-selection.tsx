import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Group, Paper, Text } from '@mantine/core';

/** What a table's selection names: rows picked by their keys, or every row the list's filters match. */
export type RowSelection =
  | { kind: 'rows'; keys: string[] }
  | { kind: 'matching'; total: number; filters: Record<string, string> };

/** How many rows a selection names. */
export function selectionCount(selection: RowSelection): number {
  return selection.kind === 'rows' ? selection.keys.length : selection.total;
}

interface SelectionState {
  /** The filters the selection was made under: another filter shows other rows, so it starts empty. */
  scope: string;
  keys: ReadonlySet<string>;
  allMatching: boolean;
}

export interface RowSelectionControls {
  /** What is selected, null when nothing is. */
  selection: RowSelection | null;
  isSelected: (key: string) => boolean;
  toggle: (key: string, pageKeys: string[]) => void;
  /** Selects the page's rows (keeping those of other pages), or with `false` unselects them. */
  setPage: (pageKeys: string[], selected: boolean) => void;
  selectAllMatching: () => void;
  clear: () => void;
}

/**
 * The selection of a table: kept across its pages (by row key), or every row matching its filters;
 * a change of the filters empties it.
 */
export function useRowSelection(filters: Record<string, string>, total: number): RowSelectionControls {
  const scope = JSON.stringify(filters);
  const empty: SelectionState = { scope, keys: new Set(), allMatching: false };
  const [stored, setStored] = useState<SelectionState>(empty);
  const current = stored.scope === scope ? stored : empty;
  const update = (next: Omit<SelectionState, 'scope'>) => setStored({ scope, ...next });

  const selection: RowSelection | null = current.allMatching
    ? { kind: 'matching', total, filters }
    : current.keys.size > 0
      ? { kind: 'rows', keys: [...current.keys] }
      : null;

  return {
    selection,
    isSelected: (key) => current.allMatching || current.keys.has(key),
    toggle: (key, pageKeys) => {
      if (current.allMatching) {
        // Out of 'all matching', the page's other rows stay selected: the one unticked is the change.
        update({ keys: new Set(pageKeys.filter((other) => other !== key)), allMatching: false });
        return;
      }
      const keys = new Set(current.keys);
      if (!keys.delete(key)) keys.add(key);
      update({ keys, allMatching: false });
    },
    setPage: (pageKeys, selected) => {
      if (!selected && current.allMatching) {
        update({ keys: new Set(), allMatching: false });
        return;
      }
      const keys = new Set(current.keys);
      for (const key of pageKeys) {
        if (selected) keys.add(key);
        else keys.delete(key);
      }
      update({ keys, allMatching: false });
    },
    selectAllMatching: () => update({ keys: new Set(), allMatching: true }),
    clear: () => update({ keys: new Set(), allMatching: false }),
  };
}

/** The header's checkbox: the page's rows, all, some or none of them selected. */
export function PageCheckbox({ controls, pageKeys }: { controls: RowSelectionControls; pageKeys: string[] }) {
  const selectedOnPage = pageKeys.filter(controls.isSelected).length;
  const all = pageKeys.length > 0 && selectedOnPage === pageKeys.length;
  return (
    <Checkbox
      aria-label="Select all rows on this page"
      checked={all}
      indeterminate={selectedOnPage > 0 && !all}
      disabled={pageKeys.length === 0}
      onChange={() => controls.setPage(pageKeys, !all)}
    />
  );
}

/**
 * Above a table with a selection: how many rows are selected, the offer to select every row that
 * matches the filters once the whole page is, the actions for the selection and Clear selection.
 */
export function SelectionBar({
  controls,
  pageKeys,
  total,
  filtered,
  actions,
}: {
  controls: RowSelectionControls;
  pageKeys: string[];
  total: number;
  /** Whether filters are set: 'all 37 matching this filter' rather than 'all 37'. */
  filtered: boolean;
  actions: (selection: RowSelection, clear: () => void) => ReactNode;
}) {
  const { selection } = controls;
  if (!selection) return null;
  const count = selectionCount(selection);
  const pageSelected = pageKeys.length > 0 && pageKeys.every(controls.isSelected);
  const offerAll = selection.kind === 'rows' && pageSelected && total > count;
  const everyRow = filtered ? `all ${total} matching this filter` : `all ${total}`;

  return (
    <Paper withBorder radius="sm" px="sm" py={6} role="region" aria-label="Selection">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          <Text size="sm" fw={500} aria-live="polite">
            {selection.kind === 'matching' ? `All ${count} selected${filtered ? ' (every row matching this filter)' : ''}` : `${count} selected`}
          </Text>
          {offerAll && (
            <Button size="compact-sm" variant="subtle" onClick={controls.selectAllMatching}>
              {`Select ${everyRow}`}
            </Button>
          )}
        </Group>
        <Group gap="xs" wrap="wrap">
          {actions(selection, controls.clear)}
          <Button size="compact-sm" variant="default" onClick={controls.clear}>
            Clear selection
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
