import { replayGroupLabels, replayGroups, type Replay, type ReplayAnswer, type ReplaySummary } from '@console/contracts';
import { formatDateTime } from '@/lib/format';
import { responseTypeLabels } from '@/lib/response-types';

/** An answer as the report compares it: its kind and item ('Content: Opening hours'), a flow's step after it. */
export function answerWords(answer: ReplayAnswer): string {
  const item = answer.subject ? `${responseTypeLabels[answer.response_type]}: ${answer.subject}` : responseTypeLabels[answer.response_type];
  return answer.step ? `${item} (step ${answer.step})` : item;
}

/** The versions compared: the deployment's then and the candidate ('3 → 5'). */
export const versionsWords = (replay: Pick<Replay, 'base_version' | 'candidate_version'>) => `${replay.base_version} → ${replay.candidate_version}`;

export const windowWords = (replay: Pick<Replay, 'from' | 'to'>) => `${formatDateTime(replay.from)} – ${formatDateTime(replay.to)}`;

/** A finished replay's counts in one line: '120 questions: 100 unchanged, 12 answered by another item, ...' (groups with none left out). */
export function summaryWords(summary: ReplaySummary): string {
  const groups = replayGroups.filter((group) => (summary.groups[group] ?? 0) > 0).map((group) => `${summary.groups[group]} ${replayGroupLabels[group].toLowerCase()}`);
  const total = `${summary.total} ${summary.total === 1 ? 'question' : 'questions'}`;
  return groups.length ? `${total}: ${groups.join(', ')}` : total;
}
