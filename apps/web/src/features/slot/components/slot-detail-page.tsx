import { PlaceholderPage } from '@/components/placeholder-page';

// Scaffold: this screen is being written.
export function SlotDetailPage() {
  return <PlaceholderPage title="Slot" />;
}
