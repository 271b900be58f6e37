import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { getSignInNotice, setSignInNotice } from '@/lib/storage';

/**
 * A one-line note for this step: handed over by the previous step through navigation state
 * ({ notice }), or left by a sign-out (inactivity) in session storage, shown once.
 */
export function useNotice(): string | null {
  const state: unknown = useLocation().state;
  const [stored] = useState(getSignInNotice);
  useEffect(() => {
    if (stored) setSignInNotice(null);
  }, [stored]);
  if (state && typeof state === 'object' && 'notice' in state && typeof state.notice === 'string') {
    return state.notice;
  }
  return stored;
}
