import { REPLAY_DEFAULT_DAYS, REPLAY_MAX_QUESTIONS, type ReplayBody } from '@console/contracts';
import { fromDateTimeLocal, toDateTimeLocal } from '@/lib/format';

/** What the New replay form edits: the window as datetime-local values, the limit as its number input gives it ('' while empty). */
export interface NewReplayValues extends Record<string, unknown> {
  deployment_id: string;
  version: string;
  from: string;
  to: string;
  limit: number | string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The defaults: the given deployment and version, the last REPLAY_DEFAULT_DAYS days, the most questions a
 * replay takes. To starts empty, meaning the moment the replay starts: a minute's precision would leave
 * out the questions of the current minute.
 */
export function newReplayValues(deploymentId: string, version: string, now: Date): NewReplayValues {
  return {
    deployment_id: deploymentId,
    version,
    from: toDateTimeLocal(new Date(now.getTime() - REPLAY_DEFAULT_DAYS * DAY_MS)),
    to: '',
    limit: REPLAY_MAX_QUESTIONS,
  };
}

/** The values as replayBody checks them: the window's local times as instants, the version as its number. */
export function newReplayInput(values: NewReplayValues): ReplayBody {
  return {
    deployment_id: values.deployment_id,
    version: values.version ? Number(values.version) : undefined,
    from: fromDateTimeLocal(values.from) || undefined,
    to: fromDateTimeLocal(values.to) || undefined,
    limit: values.limit === '' ? Number.NaN : Number(values.limit),
  };
}
