import type { FastifyBaseLogger } from 'fastify';
import type { JobRunner } from '../job/runner';
import { FailureNotices } from './failure-notices';
import { Grouper } from './grouper';

/** The inbox's long-lived parts of one process: the notices failed answers give, and the grouping worker. */
export interface Insight {
  failures: FailureNotices;
  grouper: Grouper;
  close: () => Promise<void>;
}

export function createInsight(queue: (projectId: string, at: Date) => Promise<boolean>, jobs: () => JobRunner, log: FastifyBaseLogger, now: () => Date): Insight {
  const grouper = new Grouper();
  const failures = new FailureNotices(queue, jobs, log, now);
  return {
    failures,
    grouper,
    close: () => {
      failures.close();
      return grouper.close();
    },
  };
}
