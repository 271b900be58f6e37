import { PlaceholderPage } from '@/components/placeholder-page';

// Scaffold: this screen is being written.
export function IntentListPage() {
  return <PlaceholderPage title="Intents" />;
}
