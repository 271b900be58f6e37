import { useState } from 'react';

/** The row whose deletion waits for confirmation, and the confirm that deletes it by id. */
export function useRowDeletion<T extends { id: string }>(remove: { mutateAsync: (id: string) => Promise<unknown> }) {
  const [row, setRow] = useState<T | null>(null);
  return {
    row,
    ask: (next: T) => setRow(next),
    cancel: () => setRow(null),
    confirm: async () => {
      if (!row) return;
      await remove.mutateAsync(row.id);
      setRow(null);
    },
  };
}
