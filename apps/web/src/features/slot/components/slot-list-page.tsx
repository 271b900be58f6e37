import { PlaceholderPage } from '@/components/placeholder-page';

// Scaffold: this screen is being written.
export function SlotListPage() {
  return <PlaceholderPage title="Slots" />;
}
