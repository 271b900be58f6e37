import { DEVELOPMENT_VERSION } from '@console/contracts';
import { useSession } from '@/lib/api/get-session';

/**
 * Flags later screens need: staff (by e-mail domain, decided by the server) and
 * development (the server reports the development version); super user for convenience.
 */
export function useSessionFlags() {
  const session = useSession().data;
  return {
    isStaff: session?.user.is_staff ?? false,
    isDevelopment: session?.version === DEVELOPMENT_VERSION,
    isSuperUser: session?.user.is_super_user ?? false,
  };
}
