import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  replyTo: string | null;
}

/**
 * A real SMTP server on a free local port that parses every mail it receives. The API tests and the
 * browser tests' global setup both send to it through SMTP_URL, as production sends to a mail server.
 */
export async function startMailCatcher(
  onMail: (mail: ReceivedMail) => void,
): Promise<{ port: number; close: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          onMail({
            to: session.envelope.rcptTo.map((address) => address.address.toLowerCase()),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            replyTo: mail.replyTo?.value[0]?.address ?? null,
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
