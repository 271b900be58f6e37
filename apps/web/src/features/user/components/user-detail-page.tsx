import { PlaceholderPage } from '@/components/placeholder-page';

export function UserDetailPage() {
  return <PlaceholderPage title="User" />;
}
