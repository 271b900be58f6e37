import { combinationModeLabels, combinationModes } from '@console/contracts';

export const combinationOptions = combinationModes.map((mode) => ({ value: mode, label: combinationModeLabels[mode] }));
