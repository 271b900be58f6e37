import type { Version } from '@console/contracts';

/**
 * Versions (newest first, as NEWEST_VERSIONS reads them) as the choices of a Select: 'Version 12: new
 * prices (newest)'; the value is the number as text.
 */
export function versionChoices(versions: readonly Pick<Version, 'number' | 'note'>[]): { value: string; label: string }[] {
  const newest = versions[0]?.number;
  return versions.map(({ number, note }) => ({
    value: String(number),
    label: `Version ${number}${note ? `: ${note}` : ''}${number === newest ? ' (newest)' : ''}`,
  }));
}
