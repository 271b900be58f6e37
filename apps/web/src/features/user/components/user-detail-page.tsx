import { useParams } from 'react-router';
import { NotFound } from '@/components/not-found';
import { UserDetail } from './user-detail';

/** /user/{userId}. */
export function UserDetailPage() {
  const { userId } = useParams();
  if (!userId) return <NotFound />;
  return <UserDetail key={userId} userId={userId} title="User" />;
}
