import { readFile } from 'node:fs/promises';
import type { ReceivedMail } from '../../../server/test/mail-catcher';

async function readMailbox(): Promise<ReceivedMail[]> {
  const path = process.env.E2E_MAILBOX;
  if (!path) throw new Error('The global setup did not start a mailbox.');
  const content = await readFile(path, 'utf8').catch(() => '');
  return content
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ReceivedMail);
}

/** The code in the newest mail to this address; waits for the mail, since sending may finish after the answer. */
export async function latestCodeFor(email: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const newest = (await readMailbox()).filter((mail) => mail.to.includes(email)).at(-1);
    const code = newest?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`No mail with a code reached ${email}.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
