import { PlaceholderPage } from '@/components/placeholder-page';

/** Own profile; the user id comes from navigation state ({ userId }). Built later. */
export function ProfilePage() {
  return <PlaceholderPage title="My Profile" />;
}
