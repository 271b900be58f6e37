import { PlaceholderPage } from '@/components/placeholder-page';

// Scaffold: this screen is being written.
export function ContentListPage() {
  return <PlaceholderPage title="Content" />;
}
