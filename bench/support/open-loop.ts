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
  p95_ms: number;
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
  /** Each answer's status and text, with its time from its due moment (ms) and its request's index. */
  onResponse: (status: number, text: string, latencyMs: number, index: number) => void;
  /**
   * Ends the run early, for a load that lasts as long as something else does: requests not yet due
   * are never sent (`sent` counts those that were), those in flight are awaited. `durationS` is then
   * the longest the run may last.
   */
  signal?: AbortSignal;
}): Promise<OpenLoopResult> {
  const total = Math.round(options.ratePerSecond * options.durationS);
  const interval = 1000 / options.ratePerSecond;
  const latencies: number[] = [];
  let errors = 0;
  let sendLag = 0;
  const requests: Promise<void>[] = [];
  const send = async (index: number, due: number) => {
    sendLag = Math.max(sendLag, performance.now() - due);
    try {
      const response = await fetch(options.url, { method: 'POST', headers: options.headers, body: options.body(index) });
      const text = await response.text();
      const latency = performance.now() - due;
      latencies.push(latency);
      if (response.status !== 200) errors += 1;
      options.onResponse(response.status, text, latency, index);
    } catch {
      errors += 1;
    }
  };
  const start = performance.now() + 50;
  // One timer at a time, for the next request due (those already due go at once): a long run costs
  // nothing up front, and an aborted one sends nothing more.
  await new Promise<void>((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    const end = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', end);
      resolve();
    };
    const tick = () => {
      while (requests.length < total && start + requests.length * interval <= performance.now()) {
        requests.push(send(requests.length, start + requests.length * interval));
      }
      if (requests.length >= total) return end();
      timer = setTimeout(tick, start + requests.length * interval - performance.now());
    };
    if (options.signal?.aborted) return resolve();
    options.signal?.addEventListener('abort', end, { once: true });
    tick();
  });
  await Promise.all(requests);
  const ms = (value: number) => Number(value.toFixed(1));
  return {
    sent: requests.length,
    answered: latencies.length - errors,
    errors,
    p50_ms: ms(percentile(latencies, 0.5)),
    p95_ms: ms(percentile(latencies, 0.95)),
    p99_ms: ms(percentile(latencies, 0.99)),
    max_ms: ms(percentile(latencies, 1)),
    send_lag_max_ms: ms(sendLag),
  };
}
