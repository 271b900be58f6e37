import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/storage';

/** Every route but sign-in needs a stored auth token; without one, to the password sign-in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const auth = useAuth();
  if (!auth) return <Navigate to={paths.login.password.to()} replace />;
  return children;
}
