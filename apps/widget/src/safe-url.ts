/**
 * The URL schemes a response may use (the contracts' LINK_PROTOCOLS and IMAGE_PROTOCOLS). The server
 * refuses any other on write; the widget checks again because it renders on other people's pages.
 * They are restated here because the contracts module that holds them is built on zod, which the
 * widget's size budget cannot carry.
 */
export const LINK_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:']);
export const IMAGE_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:']);

/** The URL when it parses and uses one of the protocols, else null (the caller renders no link or image). */
export function safeUrl(url: unknown, protocols: ReadonlySet<string>): string | null {
  if (typeof url !== 'string') return null;
  try {
    const parsed = new URL(url);
    return protocols.has(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}
