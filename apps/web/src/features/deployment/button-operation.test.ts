import { describe, expect, it } from 'vitest';
import { SYNC_ERROR_MAX_CHARS } from '@console/contracts';
import { cutErrorText } from './button-operation';

describe('cutErrorText', () => {
  it('keeps the first SYNC_ERROR_MAX_CHARS characters and adds ...', () => {
    expect(SYNC_ERROR_MAX_CHARS).toBe(10);
    expect(cutErrorText('Sync the project before deploying.')).toBe('Sync the p...');
  });

  it('leaves a text that fits as it is', () => {
    expect(cutErrorText('Forbidden')).toBe('Forbidden');
    expect(cutErrorText('0123456789')).toBe('0123456789');
    expect(cutErrorText('01234567890')).toBe('0123456789...');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(cutErrorText('😀😀😀😀😀😀😀😀😀😀😀')).toBe('😀😀😀😀😀😀😀😀😀😀...');
  });
});
