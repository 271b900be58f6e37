import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { CONTENT_BULK_MAX_IDS, CONTENT_BULK_MAX_ITEMS, CONTENT_BULK_STATUS, contentBulkMessages, statusLabels, type ContentBulkAction, type ContentBulkBody } from '@console/contracts';
import { ConfirmAction, ConfirmDelete } from '@/components/confirm-delete';
import { selectionCount, type RowSelection } from '@/components/data-table';
import { useBulkContent } from '../api/bulk-content';

const verbs = { activate: 'Activate', deactivate: 'Deactivate', delete: 'Delete' } as const satisfies Record<ContentBulkAction, string>;
const done = { activate: 'activated', deactivate: 'deactivated', delete: 'deleted' } as const satisfies Record<ContentBulkAction, string>;

const contentItems = (count: number) => `${count} content ${count === 1 ? 'item' : 'items'}`;

/** What the server is asked for: the rows picked, or every item the list's filters match (a source's list: of that source). */
function bodyOf(action: ContentBulkAction, selection: RowSelection, sourceId: string | undefined): ContentBulkBody {
  if (selection.kind === 'rows') return { action, ids: selection.keys };
  return { action, filter: sourceId ? { ...selection.filters, source_id: sourceId } : selection.filters };
}

/** Why one call cannot take the selection (the server's bounds), or null when it can. */
function overLimit(selection: RowSelection): string | null {
  if (selection.kind === 'rows') {
    return selection.keys.length > CONTENT_BULK_MAX_IDS ? `Select at most ${CONTENT_BULK_MAX_IDS} rows at once, or all that match the filters` : null;
  }
  return selection.total > CONTENT_BULK_MAX_ITEMS ? contentBulkMessages.tooManyItems : null;
}

/** 'Activated 35 content items' and, when some already had that status, how many were left as they were. */
function outcome(action: ContentBulkAction, changed: number, asked: number): string {
  const message = `${contentItems(changed)} ${done[action]}`;
  if (action === 'delete' || changed >= asked) return message;
  return `${message}; the other ${asked - changed} already were ${statusLabels[CONTENT_BULK_STATUS[action]].toLowerCase()}`;
}

/**
 * The bulk actions of a content list's selection (the candidates a pull made, most often): Activate,
 * Deactivate and Delete, each confirmed once with the count ('Activate 37 content items?'); afterwards
 * a notification says how many changed, and the lists are read again.
 */
export function ContentBulkActions({
  projectId,
  sourceId,
  selection,
  onDone,
}: {
  projectId: string;
  /** Set on a source's content list: 'all matching' means that source's items. */
  sourceId?: string;
  selection: RowSelection;
  onDone: () => void;
}) {
  const [asked, setAsked] = useState<ContentBulkAction | null>(null);
  const bulk = useBulkContent(projectId);
  const count = selectionCount(selection);
  const close = () => setAsked(null);
  const limit = overLimit(selection);

  const run = async () => {
    if (!asked) return;
    const result = await bulk.mutateAsync(bodyOf(asked, selection, sourceId));
    notifications.show({ color: 'green', message: outcome(result.action, result.count, count) });
    setAsked(null);
    onDone();
  };

  const statusAction = asked === 'activate' || asked === 'deactivate' ? asked : null;
  return (
    <>
      {limit && (
        <Text size="sm" c="red">
          {limit}
        </Text>
      )}
      <Button size="compact-sm" variant="light" leftSection={<IconPlayerPlay size={14} />} disabled={limit !== null} onClick={() => setAsked('activate')}>
        Activate
      </Button>
      <Button size="compact-sm" variant="light" leftSection={<IconPlayerPause size={14} />} disabled={limit !== null} onClick={() => setAsked('deactivate')}>
        Deactivate
      </Button>
      <Button size="compact-sm" variant="light" color="red" leftSection={<IconTrash size={14} />} disabled={limit !== null} onClick={() => setAsked('delete')}>
        Delete
      </Button>
      <ConfirmAction
        opened={statusAction !== null}
        onClose={close}
        title={`${verbs[statusAction ?? 'activate']} Content`}
        message={`${verbs[statusAction ?? 'activate']} ${contentItems(count)}?`}
        confirmLabel={verbs[statusAction ?? 'activate']}
        onConfirm={run}
      />
      <ConfirmDelete
        opened={asked === 'delete'}
        onClose={close}
        title="Delete Content"
        message={`Delete ${contentItems(count)} with their utterances and actions? This cannot be undone.`}
        onConfirm={run}
      />
    </>
  );
}

/** A content list's `bulkActions` (DataTable): for those who may delete; for the others none, and no checkboxes. */
export function contentBulkActions(canDelete: boolean, projectId: string, sourceId?: string) {
  if (!canDelete) return undefined;
  return (selection: RowSelection, clear: () => void) => (
    <ContentBulkActions projectId={projectId} sourceId={sourceId} selection={selection} onDone={clear} />
  );
}
