import { combinationModeLabels, combinationModes, scenarioStatuses, type ScenarioStatus } from '@console/contracts';

export const scenarioStatusLabels: Record<ScenarioStatus, string> = { active: 'Active', draft: 'Draft' };

export const statusOptions = scenarioStatuses.map((status) => ({ value: status, label: scenarioStatusLabels[status] }));
export const combinationOptions = combinationModes.map((mode) => ({ value: mode, label: combinationModeLabels[mode] }));
