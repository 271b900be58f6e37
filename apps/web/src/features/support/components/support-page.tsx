import { PlaceholderPage } from '@/components/placeholder-page';

/** Support view: 'Send Message to Support'. Built later. */
export function SupportPage() {
  return <PlaceholderPage title="Support" />;
}
