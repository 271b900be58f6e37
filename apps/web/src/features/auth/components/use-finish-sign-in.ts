import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { LoginResult } from '@console/contracts';
import { completeSignIn } from '../complete-sign-in';

/** Ends a sign-in that returned a session: keeps it and goes where completeSignIn says. */
export function useFinishSignIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (result: LoginResult) => {
    // Nothing cached before the sign-in may show in the new session.
    queryClient.clear();
    navigate(completeSignIn(result), { replace: true });
  };
}
