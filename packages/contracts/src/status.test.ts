import { describe, expect, it } from 'vitest';
import { apiKeyStatuses } from './api-key';
import { channelStatuses } from './channel';
import { contentStatuses } from './content';
import { scenarioStatuses } from './scenario';
import { statusLabels } from './status';
import { userStatuses } from './user';
import { workspaceSchema } from './workspace';

describe('statusLabels', () => {
  it('gives every status of every record one capitalised label', () => {
    const all = [...userStatuses, ...workspaceSchema.shape.status.options, ...apiKeyStatuses, ...contentStatuses, ...channelStatuses, ...scenarioStatuses];
    for (const status of all) expect(statusLabels[status]).toBe(status[0]!.toUpperCase() + status.slice(1));
  });
});
