import { PlaceholderPage } from '@/components/placeholder-page';

// Scaffold: this screen is being written.
export function ContentDetailPage() {
  return <PlaceholderPage title="Content" />;
}
