import { PlaceholderPage } from '@/components/placeholder-page';

export function UserListPage() {
  return <PlaceholderPage title="Users" />;
}
