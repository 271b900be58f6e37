import { percentile } from './percentile';

/**
 * An open-loop load: requests sent at a steady rate whatever the server's answers, as visitors arrive,
 * each timed from the moment it was due (not from when a busy client got round to it). A closed loop
 * (N connections each waiting for its answer) measures queueing at saturation; this measures the
 * answer time a site sees at a given arrival rate.
 */
export interface OpenLoopResult {
  sent: number;
  answered: number;
  errors: number;
  /** Milliseconds from each request's due time to its answer. */
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  /** How late the generator sent its requests at worst (ms): large values mean the generator, not the server, was behind. */
  send_lag_max_ms: number;
}

export async function openLoop(options: {
  url: string;
  headers: Record<string, string>;
  ratePerSecond: number;
  durationS: number;
  /** The body of request `index`. */
  body: (index: number) => string;
  /** Each answer's status and text. */
  onResponse: (status: number, text: string) => void;
}): Promise<OpenLoopResult> {
  const total = Math.round(options.ratePerSecond * options.durationS);
  const interval = 1000 / options.ratePerSecond;
  const latencies: number[] = [];
  let errors = 0;
  let sendLag = 0;
  const start = performance.now() + 50;
  const requests = Array.from({ length: total }, (_, index) => {
    const due = start + index * interval;
    return new Promise<void>((resolve) => {
      setTimeout(async () => {
        sendLag = Math.max(sendLag, performance.now() - due);
        try {
          const response = await fetch(options.url, { method: 'POST', headers: options.headers, body: options.body(index) });
          const text = await response.text();
          latencies.push(performance.now() - due);
          if (response.status !== 200) errors += 1;
          options.onResponse(response.status, text);
        } catch {
          errors += 1;
        }
        resolve();
      }, Math.max(0, due - performance.now()));
    });
  });
  await Promise.all(requests);
  const ms = (value: number) => Number(value.toFixed(1));
  return {
    sent: total,
    answered: latencies.length - errors,
    errors,
    p50_ms: ms(percentile(latencies, 0.5)),
    p99_ms: ms(percentile(latencies, 0.99)),
    max_ms: ms(percentile(latencies, 1)),
    send_lag_max_ms: ms(sendLag),
  };
}
