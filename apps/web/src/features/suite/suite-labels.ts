import type { TestRun, testRunComparisonChanges, testRunTriggers } from '@console/contracts';

/** What started a run, in words. */
export const triggerLabels: Record<(typeof testRunTriggers)[number], string> = {
  manual: 'Run by hand',
  sync: 'After a sync',
};

/** A case from one run to the other, in words, and the order a comparison lists them in (what needs looking at first). */
export const changeLabels: Record<(typeof testRunComparisonChanges)[number], string> = {
  broken: 'Broken',
  fixed: 'Fixed',
  still_failing: 'Still failing',
  added: 'New case',
  removed: 'Case removed',
  still_passing: 'Still passing',
};

/** The results filter's values ('true', 'false' in the list's query) in words. */
export const passedLabels: Record<'true' | 'false', string> = { true: 'Passed', false: 'Failed' };

/** Passed and failed of the cases run so far, against the run's total. */
export function runCounts(run: Pick<TestRun, 'passed' | 'failed' | 'total'>): string {
  return `${run.passed} passed, ${run.failed} failed of ${run.total}`;
}
