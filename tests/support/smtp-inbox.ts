import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The decoded message source (quoted-printable soft breaks and escapes undone). */
  body: string;
  /** Every http(s) link in the message, in order. */
  links: string[];
}

/** Undoes quoted-printable transfer encoding (soft line breaks, `=XX` bytes) well enough to read links. */
function decodeQuotedPrintable(source: string): string {
  const joined = source.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index++) {
    const match = /^=([0-9A-F]{2})/i.exec(joined.slice(index, index + 3));
    if (match) {
      bytes.push(parseInt(match[1]!, 16));
      index += 2;
    } else bytes.push(...Buffer.from(joined[index]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeSubject(raw: string): string {
  const line = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1] ?? '';
  return line.replace(/\r?\n[ \t]/g, ' ').replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_all, kind: string, text: string) =>
    kind.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

/** A real SMTP server on 127.0.0.1 that keeps every message it receives (no TLS, no auth). */
export async function startSmtpInbox() {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const body = decodeQuotedPrintable(raw);
        const links = [...body.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((match) => match[0].replace(/&amp;/g, '&'));
        mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), subject: decodeSubject(raw), body, links });
        for (const waiter of waiters) waiter();
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The next mail to `to` whose subject matches, waiting up to `timeoutMs`. */
    async waitFor(to: string, subject: RegExp, timeoutMs = 15_000): Promise<ReceivedMail> {
      const find = () => mails.find((mail) => mail.to.includes(to) && subject.test(mail.subject));
      const found = find();
      if (found) return found;
      return new Promise<ReceivedMail>((resolve, reject) => {
        const check = () => {
          const mail = find();
          if (!mail) return;
          cleanup();
          resolve(mail);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no mail to ${to} matching ${subject} (got: ${mails.map((mail) => `${mail.to.join(',')}: ${mail.subject}`).join('; ') || 'none'})`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
      });
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
