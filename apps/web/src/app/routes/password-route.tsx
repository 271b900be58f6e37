import { useLocation } from 'react-router';
import { PasswordStep } from '@/features/auth/components/password-step';

// Keyed by path: following a link to the same step with another e-mail starts a fresh form.
// The first screen of the console, so it loads with the page; the other steps load on their first visit.
export function PasswordRoute() {
  return <PasswordStep key={useLocation().pathname} />;
}
