import { useState } from 'react';

type Remove = { mutateAsync: (id: string) => Promise<unknown> };

/** The row whose deletion waits for confirmation, and the confirm that deletes it by id (the row's `id`, or `keyOf` of it). */
export function useRowDeletion<T extends { id: string }>(remove: Remove): RowDeletion<T>;
export function useRowDeletion<T>(remove: Remove, keyOf: (row: T) => string): RowDeletion<T>;
export function useRowDeletion<T>(remove: Remove, keyOf: (row: T) => string = (row) => (row as { id: string }).id): RowDeletion<T> {
  const [row, setRow] = useState<T | null>(null);
  return {
    row,
    ask: (next: T) => setRow(next),
    cancel: () => setRow(null),
    confirm: async () => {
      if (!row) return;
      await remove.mutateAsync(keyOf(row));
      setRow(null);
    },
  };
}

interface RowDeletion<T> {
  row: T | null;
  ask: (row: T) => void;
  cancel: () => void;
  confirm: () => Promise<void>;
}
