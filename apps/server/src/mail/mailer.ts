import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MailMessage } from '@voxwork/core';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  readonly kind: 'smtp' | 'outbox';
}

/**
 * SMTP when `SMTP_URL` is set; otherwise a development outbox: every message is written to
 * `DATA_DIR/outbox/*.json` and its link printed in the log, so sign-up and password reset work on
 * a fresh machine without a mail server.
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string; dataDir: string; log: Logger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
        options.log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  return {
    kind: 'outbox',
    async send(message) {
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.json`);
      await writeFile(file, JSON.stringify({ from: options.from, ...message }, null, 2));
      options.log.info({ to: message.to, subject: message.subject, link: message.link, file }, `mail to ${message.to} (dev outbox): ${message.link}`);
    },
  };
}
