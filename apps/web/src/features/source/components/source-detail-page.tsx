import { PlaceholderPage } from '@/components/placeholder-page';

// Scaffold: this screen is being written.
export function SourceDetailPage() {
  return <PlaceholderPage title="Source" />;
}
