import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { Drawer, Modal, type DrawerProps, type ModalProps } from '@mantine/core';

/**
 * While the session timeout warning is up every other modal of the app is hidden, and shown again
 * afterwards. App modals and drawers use AppModal / AppDrawer, which read this flag.
 * Hidden rather than closed, so a half-filled form inside survives the warning.
 */
interface ModalSuppression {
  suppressed: boolean;
  setSuppressed: (value: boolean) => void;
}

const ModalSuppressionContext = createContext<ModalSuppression>({ suppressed: false, setSuppressed: () => {} });

export function ModalSuppressionProvider({ children }: { children: ReactNode }) {
  const [suppressed, setSuppressed] = useState(false);
  const value = useMemo(() => ({ suppressed, setSuppressed }), [suppressed]);
  return <ModalSuppressionContext.Provider value={value}>{children}</ModalSuppressionContext.Provider>;
}

export function useModalSuppression(): ModalSuppression {
  return useContext(ModalSuppressionContext);
}

/** Props that make an opened modal invisible and inert without unmounting its content. */
function suppressedProps(suppressed: boolean) {
  return suppressed
    ? ({ display: 'none', trapFocus: false, closeOnEscape: false, lockScroll: false, 'aria-hidden': true } as const)
    : {};
}

export function AppModal(props: ModalProps) {
  const { suppressed } = useModalSuppression();
  return <Modal {...props} {...suppressedProps(suppressed && props.opened)} />;
}

export function AppDrawer(props: DrawerProps) {
  const { suppressed } = useModalSuppression();
  return <Drawer {...props} {...suppressedProps(suppressed && props.opened)} />;
}
