import { INSIGHT_FIX_MAX_QUESTIONS, insightFailureLabels, insightFailures, type Fix, type FixCheck, type InsightFailure, type Topic } from '@console/contracts';

/** '1 question', '12 questions'. */
export const counted = (count: number, noun: string) => `${count.toLocaleString('en-US')} ${count === 1 ? noun : `${noun}s`}`;

export type TrendDirection = 'new' | 'up' | 'down' | 'flat';

/**
 * A topic's trend against the previous window of the same length: 'new' when it had no question
 * then, else the change in percent ('+25%', '-10%', '0%'), with a sentence for assistive technology.
 */
export function trendOf(topic: Pick<Topic, 'question_count' | 'previous_count'>): { direction: TrendDirection; text: string; label: string } {
  const { question_count: now, previous_count: before } = topic;
  if (before === 0) return { direction: 'new', text: 'new', label: 'New: no such question in the previous window' };
  const percent = Math.round(((now - before) / before) * 100);
  if (percent > 0) return { direction: 'up', text: `+${percent}%`, label: `Up ${percent}% on the previous window` };
  if (percent < 0) return { direction: 'down', text: `${percent}%`, label: `Down ${-percent}% on the previous window` };
  return { direction: 'flat', text: '0%', label: 'As many as in the previous window' };
}

/** A topic's failure kinds with their counts, in the contracts' order, those with none left out. */
export function failureCounts(failures: Partial<Record<InsightFailure, number>>): { failure: InsightFailure; label: string; count: number }[] {
  return insightFailures
    .filter((failure) => (failures[failure] ?? 0) > 0)
    .map((failure) => ({ failure, label: insightFailureLabels[failure], count: failures[failure]! }));
}

/** Where a fix's check stands: waiting for the next sync, checking, or how many of its questions the new version answers as intended. */
export function checkWords(check: FixCheck): string {
  switch (check.status) {
    case 'waiting_for_sync':
      return 'Waiting for the next sync';
    case 'checking':
      return 'Checking…';
    case 'done':
      return `${check.passed} of ${check.total} now answered as intended in version ${check.version ?? '?'}`;
  }
}

/** The newest of a topic's fixes that expects something of the answers: what the inbox says about the topic's fixes. */
export function latestCheckedFix(fixes: readonly Fix[]): (Fix & { check: FixCheck }) | null {
  let latest: (Fix & { check: FixCheck }) | null = null;
  for (const fix of fixes) {
    if (fix.check && (!latest || fix.created_at > latest.created_at)) latest = fix as Fix & { check: FixCheck };
  }
  return latest;
}

/**
 * Which questions a fix takes: the chosen ones, or with none chosen the topic's questions of the
 * window (of which one fix takes at most INSIGHT_FIX_MAX_QUESTIONS).
 */
export function appliesToWords(selected: number, total: number): string {
  if (selected > 0) return `Applies to ${selected} selected ${selected === 1 ? 'question' : 'questions'}`;
  if (total > INSIGHT_FIX_MAX_QUESTIONS) return `Applies to ${INSIGHT_FIX_MAX_QUESTIONS} of the ${total.toLocaleString('en-US')} questions (at most ${INSIGHT_FIX_MAX_QUESTIONS} go into one fix)`;
  return total === 1 ? 'Applies to the 1 question' : `Applies to all ${total.toLocaleString('en-US')} questions`;
}

/** A confidence or score as a percentage ('82%'); none as an em dash. */
export const percent = (value: number | null) => (value === null ? '—' : `${Math.round(value * 100)}%`);
