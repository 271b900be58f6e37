import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { AppError } from './errors';
import { outbox } from '../db/schema/index';

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

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
  /** Only a developer's machine may print mail bodies: they carry sign-in codes. */
  logBodies: boolean;
  now: () => Date;
}

/** SMTP when configured; otherwise every mail is logged and kept in the outbox table. */
export function createMailer(options: MailerOptions): Mailer {
  const { log, logBodies } = options;
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
  return {
    send: async (mail) => {
      await options.db.insert(outbox).values({ to: mail.to, subject: mail.subject, text: mail.text, createdAt: options.now() });
      const logged = logBodies ? mail : { to: mail.to, subject: mail.subject };
      log.info({ mail: logged }, 'mail stored in outbox (no SMTP_URL)');
    },
    close: () => undefined,
  };
}
