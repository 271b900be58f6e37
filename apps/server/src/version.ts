import { readFileSync } from 'node:fs';
import { DEVELOPMENT_VERSION } from '@console/contracts';

/** The product version is the root package.json's; a development checkout reports 'development'. */
export function readVersion(nodeEnv: string): string {
  if (nodeEnv === 'development') return DEVELOPMENT_VERSION;
  const file = new URL('../../../package.json', import.meta.url);
  const pkg = JSON.parse(readFileSync(file, 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}
