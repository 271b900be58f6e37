import { statusLabels } from '@console/contracts';

type Status = keyof typeof statusLabels;

/** How a status value reads (contracts statusLabels); a value the console does not know reads as sent. */
export function statusLabel(status: string): string {
  return (statusLabels as Record<string, string>)[status] ?? status;
}

/** A status select's choices: the values the API takes, each under its label. */
export function statusOptions(values: readonly Status[]): { value: string; label: string }[] {
  return values.map((value) => ({ value, label: statusLabels[value] }));
}
