import { PlaceholderPage } from '@/components/placeholder-page';

/** Workspace detail with its project list (console.md §2). Built later. */
export function WorkspaceDetailPage() {
  return <PlaceholderPage title="Workspace" />;
}
