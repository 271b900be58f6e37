import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The console imports Mantine's styles per component in two lists (sign-in-styles.ts, loaded with the
// page, and console-styles.ts, loaded with the signed-in console): together they must be exactly
// @mantine/core/styles.css, each in its order, or a component renders unstyled or loses the cascade.
const stylesDir = join(dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')), 'styles');
const bundled = readFileSync(join(stylesDir, '..', 'styles.css'), 'utf8');
const componentFiles = readdirSync(stylesDir).filter((name) => name.endsWith('.css') && !name.endsWith('.layer.css'));

function importedFiles(list: string): string[] {
  const source = readFileSync(new URL(list, import.meta.url), 'utf8');
  return [...source.matchAll(/^import '@mantine\/core\/styles\/([^']+)';$/gm)].map((match) => match[1]!);
}

/** Where a file's rules sit in styles.css, which concatenates the per-component files. */
function positionInBundle(file: string): number {
  const position = bundled.indexOf(readFileSync(join(stylesDir, file), 'utf8').trim().slice(0, 200));
  if (position < 0) throw new Error(`${file} is not part of @mantine/core/styles.css.`);
  return position;
}

describe("Mantine's styles split between sign-in and the signed-in console", () => {
  const signIn = importedFiles('./sign-in-styles.ts');
  const signedIn = importedFiles('./console-styles.ts');

  it('covers every component style once', () => {
    expect([...signIn, ...signedIn].sort()).toEqual([...componentFiles].sort());
  });

  it("keeps styles.css's order in each list", () => {
    for (const list of [signIn, signedIn]) {
      const positions = list.map(positionInBundle);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
  });

  it('starts with the global styles', () => {
    expect(signIn.slice(0, 3)).toEqual(['baseline.css', 'default-css-variables.css', 'global.css']);
  });
});
