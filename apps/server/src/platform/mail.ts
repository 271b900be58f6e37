import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { AppError } from './errors';
import { outbox } from '../db/schema/index';

export const mailerMessages = {
  notDelivered: 'SMTP_URL is not set: no mail is delivered. Every mail, sign-in codes included, is written to this log and the outbox table instead.',
  logged: 'mail not delivered (no SMTP_URL): its whole text follows',
} as const;

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Where answers go (support messages: the user who wrote). */
  replyTo?: string;
}

export interface Mailer {
  send: (mail: Mail) => Promise<void>;
  close: () => void;
}

interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
}

/**
 * SMTP when configured, and then the log names only recipient and subject: the text carries
 * sign-in codes. Without SMTP_URL nothing is delivered, so the whole mail goes to the log (and the
 * outbox table): it is the only way the operator can read an MFA code and sign in, and the
 * start-up warning says that codes are in the log until SMTP_URL is set.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { log } = options;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      send: async (mail) => {
        try {
          await transport.sendMail({ from: options.from, ...mail });
        } catch (error) {
          // The mail server being down is not the caller's fault, nor a bug of ours.
          log.error({ err: error, mail: { to: mail.to, subject: mail.subject } }, 'mail not sent');
          throw AppError.unavailable('The e-mail could not be sent: try again later.');
        }
        log.info({ mail: { to: mail.to, subject: mail.subject } }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  log.warn(mailerMessages.notDelivered);
  return {
    send: async (mail) => {
      await options.db.insert(outbox).values({ to: mail.to, subject: mail.subject, text: mail.text, createdAt: options.now() });
      log.info({ mail }, mailerMessages.logged);
    },
    close: () => undefined,
  };
}
