import { onCleanup } from './helper';
import { startMailCatcher, type ReceivedMail } from './mail-catcher';

/** A real SMTP server on a free port for one test file; the app sends to it through SMTP_URL like in production. */
export async function startSmtpServer(): Promise<{ url: string; waitForMail: (to: string, subject?: string) => Promise<ReceivedMail>; mailsTo: (to: string) => ReceivedMail[] }> {
  const received: ReceivedMail[] = [];
  const { port, close } = await startMailCatcher((mail) => received.push(mail));
  onCleanup(close);

  const taken = new Set<ReceivedMail>();
  const waitForMail = async (to: string, subject?: string) => {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const mail = received.find(
        (item) => !taken.has(item) && item.to.includes(to.toLowerCase()) && (!subject || item.subject === subject),
      );
      if (mail) {
        taken.add(mail);
        return mail;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no mail to ${to} arrived`);
  };
  /** Every mail received for `to` so far (a mail is received before its sending resolves). */
  const mailsTo = (to: string) => received.filter((item) => item.to.includes(to.toLowerCase()));
  return { url: `smtp://127.0.0.1:${port}`, waitForMail, mailsTo };
}

/** The code and link path of a sign-in mail ('/login/mfa/{email}/{code}'). */
export function readCode(mail: ReceivedMail, step: 'mfa' | 'reset' | 'invite'): { code: string; link: string } {
  const link = new RegExp(`https?://\\S+/login/${step}/\\S+/(\\d{6})`).exec(mail.text);
  if (!link?.[1]) throw new Error(`no ${step} link in mail: ${mail.text}`);
  return { code: link[1], link: link[0] };
}
