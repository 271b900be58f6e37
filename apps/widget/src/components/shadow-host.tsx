import { useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * Renders its children into a shadow root of its own, with the widget's stylesheet inside it: the
 * host page's CSS cannot reach the widget and the widget's CSS cannot leak out. The host element is
 * all the page sees; the stylesheet's root rule resets every inherited property.
 */
export function ShadowHost({ css, style, children }: { css: string; style: CSSProperties; children: ReactNode }) {
  const host = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  useLayoutEffect(() => {
    const element = host.current!;
    // A second mount of the same element (React's strict mode) finds the root it attached before.
    setRoot(element.shadowRoot ?? element.attachShadow({ mode: 'open' }));
  }, []);
  return (
    <div ref={host} data-assistant-widget="" style={style}>
      {root
        ? createPortal(
            <>
              <style>{css}</style>
              {children}
            </>,
            root,
          )
        : null}
    </div>
  );
}
