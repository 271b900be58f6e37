import { PlaceholderPage } from '@/components/placeholder-page';

// Scaffold: this screen is being written.
export function JargonPage() {
  return <PlaceholderPage title="Jargon Mapper" />;
}
