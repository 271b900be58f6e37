import './console-styles';
import { Notifications } from '@mantine/notifications';
import { ModalSuppressionProvider } from '@/components/app-modal';
import { AppLayout } from './shell/app-layout';

/**
 * The signed-in console: loaded lazily with the providers and styles only its screens use, so the
 * sign-in screens download none of it.
 */
export function SignedInLayout() {
  return (
    <ModalSuppressionProvider>
      <Notifications position="top-right" />
      <AppLayout />
    </ModalSuppressionProvider>
  );
}
