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

const mailsTo = async (email: string) => (await readMailbox()).filter((mail) => mail.to.includes(email));

/** How many mails this address has had: pass it as `after` to take only a mail that comes later. */
export async function mailCount(email: string): Promise<number> {
  return (await mailsTo(email)).length;
}

/**
 * The newest mail to this address, among those after the first `after`, that `accept` takes; waits
 * for it, since codes are mailed after the answer.
 */
export async function latestMailTo(
  email: string,
  accept: (mail: ReceivedMail) => boolean = () => true,
  { after = 0, timeoutMs = 10_000 } = {},
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const newest = (await mailsTo(email)).slice(after).filter(accept).at(-1);
    if (newest) return newest;
    if (Date.now() > deadline) throw new Error(`No such mail reached ${email}.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const codeIn = (mail: ReceivedMail) => mail.text.match(/\b(\d{6})\b/)?.[1];

/** The code in the newest mail with a code to this address (after the first `after` mails). */
export async function latestCodeFor(email: string, after = 0): Promise<string> {
  return codeIn(await latestMailTo(email, (mail) => codeIn(mail) !== undefined, { after }))!;
}
