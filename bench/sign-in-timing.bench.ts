// Whether a sign-in call's answer time tells that an e-mail has an account: the median time of
// /login/forgot, /login/mfa, /login/reset and /login/invite for e-mails with an account against
// e-mails without one, on the real server (a fresh embedded database, or BENCH_DATABASE_URL). One JSON
// line per route with both medians and their difference; the two should be within noise.
//
// Known and unknown calls alternate, so drift of the machine falls on both alike, and each known
// e-mail is used once per route: every account stays below the limit of wrong codes, as an attacker
// probing many e-mails would.
import { setTimeout as sleep } from 'node:timers/promises';
import { Console } from './support/assistant-api';
import { removeDataDir, startServer } from './support/server';
import { percentile } from './support/percentile';

const SAMPLES = Number(process.env.BENCH_SIGN_IN_SAMPLES ?? 150);
/** Rest between calls, so work a call leaves after its answer (a mail) does not land on the next one. */
const PAUSE_MS = 20;
const PASSWORD = 'Timing#Bench2026';

const bodies: Record<string, (email: string) => object> = {
  forgot: (email) => ({ email }),
  mfa: (email) => ({ email, token_code: '000000' }),
  reset: (email) => ({ email, token_code: '000000', password: PASSWORD, password_validator: PASSWORD }),
  invite: (email) => ({ email, token_code: '000000', password: PASSWORD, password_validator: PASSWORD, agree_tos: true }),
};

const round = (ms: number) => Number(ms.toFixed(3));

const server = await startServer({ LOGIN_MAX_CALLS_PER_ADDRESS: '100000' });
try {
  const admin = await Console.signIn(server.baseUrl);
  const known: string[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const email = `timing-${i}@example.com`;
    // Without a password: an invitation is pending, as for a newly added user.
    await admin.call('POST', '/user', { display_name: `Timing ${i}`, email, is_mfa_enabled: true });
    known.push(email);
  }

  const timed = async (route: string, email: string) => {
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}/api/v1/login/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(bodies[route]!(email)),
    });
    await response.arrayBuffer();
    const elapsed = performance.now() - started;
    if (response.status === 429 || response.status >= 500) throw new Error(`${route}: ${response.status}`);
    await sleep(PAUSE_MS);
    return elapsed;
  };

  for (const route of Object.keys(bodies)) {
    // Warm up the route (JIT, statement plans) on e-mails outside the samples.
    for (let i = 0; i < 20; i++) await timed(route, `warm-${route}-${i}@example.net`);
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      knownTimes.push(await timed(route, known[i]!));
      unknownTimes.push(await timed(route, `nobody-${route}-${i}@example.com`));
    }
    const knownMs = percentile(knownTimes, 0.5);
    const unknownMs = percentile(unknownTimes, 0.5);
    console.log(
      JSON.stringify({
        bench: `sign-in-timing-${route}`,
        samples: SAMPLES,
        known_median_ms: round(knownMs),
        unknown_median_ms: round(unknownMs),
        difference_ms: round(knownMs - unknownMs),
      }),
    );
  }
} finally {
  await server.stop();
  removeDataDir(server);
}
