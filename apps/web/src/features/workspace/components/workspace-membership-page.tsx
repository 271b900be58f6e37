import { PlaceholderPage } from '@/components/placeholder-page';

/** Workspace members (console.md §2). Built later. */
export function WorkspaceMembershipPage() {
  return <PlaceholderPage title="Workspace Members" />;
}
