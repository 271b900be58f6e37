import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { loginSignOut } from '@/features/auth/api/login-sign-out';
import { clearAppState, clearAuth, getAuth, setMfaPending, setSignInNotice } from '@/lib/storage';

/**
 * Sign Out (and the inactivity timeout): end the session on the server, forget tokens and app state,
 * then the password sign-in. The console does not wait for the server: the tokens are gone from this
 * browser either way, and a session the server could not end expires with its refresh token.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (notice?: string) => {
      const session = getAuth();
      if (session) void loginSignOut(session.refresh_token).catch(() => undefined);
      setSignInNotice(notice ?? null);
      clearAuth();
      clearAppState();
      setMfaPending(null);
      queryClient.clear();
      void navigate(paths.login.password.to(), { replace: true });
    },
    [navigate, queryClient],
  );
}
