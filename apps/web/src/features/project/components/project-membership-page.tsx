import { PlaceholderPage } from '@/components/placeholder-page';

// Scaffold: this screen is being written.
export function ProjectMembershipPage() {
  return <PlaceholderPage title="Project Members" />;
}
