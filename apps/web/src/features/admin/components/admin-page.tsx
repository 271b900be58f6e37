import { PlaceholderPage } from '@/components/placeholder-page';

/** Admin view: User Management and Workspace Management (super users). Built later. */
export function AdminPage() {
  return <PlaceholderPage title="Admin Panel" />;
}
