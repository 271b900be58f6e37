import { useLocation } from 'react-router';
import { FullPageLoader } from '@/components/full-page-loader';
import { useSession } from '@/lib/api/get-session';
import { UserDetail } from './user-detail';

function stateUserId(state: unknown): string | null {
  return state && typeof state === 'object' && 'userId' in state && typeof state.userId === 'string' ? state.userId : null;
}

/** /profile: the user id comes from navigation state ({ userId }), else the signed-in user. */
export function ProfilePage() {
  const session = useSession().data;
  const userId = stateUserId(useLocation().state) ?? session?.user.id;
  if (!userId) return <FullPageLoader />;
  return <UserDetail key={userId} userId={userId} title="My Profile" />;
}
