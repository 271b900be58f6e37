import { PlaceholderPage } from '@/components/placeholder-page';

// Scaffold: this screen is being written.
export function SourceContentPage() {
  return <PlaceholderPage title="Source Content" />;
}
