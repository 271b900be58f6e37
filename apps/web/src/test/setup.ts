// Setup of the component tests (project 'web:components', apps/web/vitest.config.ts).
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Mantine's test setup (its docs, for jsdom) mocks window.matchMedia, ResizeObserver and getComputedStyle:
// happy-dom implements all three (matchMedia answering from its 1024 x 768 window). What it lacks is
// document.fonts, which Mantine's autosizing Textarea listens to ('loadingdone'): fonts that never load.
if (!('fonts' in document)) {
  const fonts = Object.assign(new EventTarget(), { status: 'loaded', ready: Promise.resolve(), check: () => true });
  Object.defineProperty(document, 'fonts', { configurable: true, value: fonts });
}

// Testing Library drains React's work with a setTimeout(0) after every user-event action (and polls in
// waitFor), moving fake timers for it only when it finds Jest's: a global `jest` and a faked setTimeout.
// Vitest's timers under that name let a test on vi.useFakeTimers() drive the clock exactly, without
// shouldAdvanceTime's real-time drift; tests on real timers are untouched (their setTimeout is not faked).
Object.assign(globalThis, { jest: { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) } });

// Testing Library unmounts after each test only by itself where the runner has globals; this runner has none.
afterEach(() => {
  cleanup();
  // A test's stand-in server (fakeApi's fetch) and browser parts (the canvas's sizes) end with it.
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});
