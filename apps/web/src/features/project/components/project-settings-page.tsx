import { PlaceholderPage } from '@/components/placeholder-page';

// Scaffold: this screen is being written.
export function ProjectSettingsPage() {
  return <PlaceholderPage title="Project Settings" />;
}
