import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { clearAppState, clearAuth, setMfaPending, setSignInNotice } from '@/lib/storage';

/** Sign Out (and the inactivity timeout): forget tokens and app state, then the password sign-in. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (notice?: string) => {
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
