import { PlaceholderPage } from '@/components/placeholder-page';

// Scaffold: this screen is being written.
export function SourceListPage() {
  return <PlaceholderPage title="Sources" />;
}
