import { PlaceholderPage } from '@/components/placeholder-page';

// Scaffold: this screen is being written.
export function IntentDetailPage() {
  return <PlaceholderPage title="Intent" />;
}
