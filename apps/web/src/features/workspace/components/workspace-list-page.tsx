import { PlaceholderPage } from '@/components/placeholder-page';

/** Workspace list (console.md §2): columns Name, Modified, Status; Create Workspace. Built later. */
export function WorkspaceListPage() {
  return <PlaceholderPage title="Workspaces" />;
}
