import { Outlet } from 'react-router';
import { NotFound } from '@/components/not-found';
import { useSessionFlags } from '@/hooks/use-session-flags';

/**
 * The staging area's routes for the provider's staff (the server decides from the e-mail domain):
 * anyone else, and everyone when no staff domain is configured, sees the not-found view, so the
 * area does not reveal that it exists.
 */
export function StaffOnlyRoute() {
  const { isStaff } = useSessionFlags();
  return isStaff ? <Outlet /> : <NotFound />;
}
