import { useLocation } from 'react-router';
import { CodePasswordStep } from '@/features/auth/components/code-password-step';
import { ContactStep } from '@/features/auth/components/contact-step';
import { ForgotStep } from '@/features/auth/components/forgot-step';
import { MfaStep } from '@/features/auth/components/mfa-step';

// The sign-in steps after the password screen (password-route.tsx), loaded on their first visit.
// Keyed by path: following a link to the same step with another e-mail starts a fresh form.
export function MfaRoute() {
  return <MfaStep key={useLocation().pathname} />;
}
export function ForgotRoute() {
  return <ForgotStep key={useLocation().pathname} />;
}
export function ResetRoute() {
  return <CodePasswordStep key={useLocation().pathname} mode="reset" />;
}
export function InviteRoute() {
  return <CodePasswordStep key={useLocation().pathname} mode="invite" />;
}
export function ContactRoute() {
  return <ContactStep key={useLocation().pathname} />;
}
