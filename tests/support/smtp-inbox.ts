import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on 127.0.0.1 for tests: the server under test sends through nodemailer
 * over a real socket, and each delivered message is taken apart (headers, multipart parts,
 * quoted-printable and base64) so a test reads the link exactly as a mail client would show it.
 */

export interface ReceivedMail {
  /** The envelope recipients (RCPT TO), lower-cased. */
  to: string[];
  from: string;
  subject: string;
  /** The text/plain part (or the whole body when the mail is not multipart). */
  text: string;
  /** The text/html part; '' when there is none. */
  html: string;
  headers: Record<string, string>;
  raw: string;
}

export interface SmtpInbox {
  /** For SMTP_URL, e.g. smtp://127.0.0.1:40123 */
  url: string;
  port: number;
  /** Every message delivered so far, oldest first. */
  messages: ReceivedMail[];
  /** How many SMTP connections were opened (a rehearsal connects without sending). */
  connections(): number;
  /**
   * The next message to `to` that no earlier call returned, waiting for it when none has
   * arrived yet; rejects after `timeoutMs` (10 s by default) so a missing mail fails the test.
   */
  waitForMessage(to: string, options?: { timeoutMs?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

const DEFAULT_WAIT_MS = 10_000;

export async function startSmtpInbox(
  options: { credentials?: { user: string; pass: string } } = {},
): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = [];
  const taken = new WeakSet<ReceivedMail>();
  const waiters: { to: string; resolve: (mail: ReceivedMail) => void }[] = [];

  function deliverToWaiters(mail: ReceivedMail): void {
    for (const waiter of [...waiters]) {
      if (taken.has(mail) || !mail.to.includes(waiter.to)) continue;
      taken.add(mail);
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(mail);
    }
  }

  let connections = 0;
  const server = new SMTPServer({
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    // nodemailer upgrades to TLS whenever it is offered; a test server has no trusted certificate.
    disabledCommands: options.credentials ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: options.credentials === undefined,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      const expected = options.credentials;
      if (expected && auth.username === expected.user && auth.password === expected.pass) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = parseMail(
          raw,
          session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
        );
        messages.push(mail);
        deliverToWaiters(mail);
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  const auth = options.credentials
    ? `${encodeURIComponent(options.credentials.user)}:${encodeURIComponent(options.credentials.pass)}@`
    : '';

  return {
    url: `smtp://${auth}127.0.0.1:${port}`,
    port,
    messages,
    connections: () => connections,
    waitForMessage(to, { timeoutMs = DEFAULT_WAIT_MS } = {}) {
      const address = to.toLowerCase();
      const ready = messages.find((mail) => !taken.has(mail) && mail.to.includes(address));
      if (ready) {
        taken.add(ready);
        return Promise.resolve(ready);
      }
      return new Promise((resolve, reject) => {
        const waiter = {
          to: address,
          resolve: (mail: ReceivedMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no e-mail to ${to} arrived within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The first link in the mail's text that starts with `prefix` (e.g. PUBLIC_URL + '/reset-password'). */
export function extractLink(mail: ReceivedMail, prefix = 'http'): string {
  const link = (mail.text.match(/https?:\/\/[^\s<>"]+/g) ?? []).find((url) =>
    url.startsWith(prefix),
  );
  if (link === undefined) {
    throw new Error(`no link starting with ${prefix} in the mail:\n${mail.text}`);
  }
  return link;
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { headers: parseHeaders(raw), body: '' };
  return {
    headers: parseHeaders(raw.slice(0, match.index)),
    body: raw.slice(match.index + match[0].length),
  };
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      const bytes = body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) =>
          String.fromCharCode(parseInt(hex, 16)),
        );
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    default:
      return body;
  }
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=), as nodemailer writes them. */
function decodeWords(value: string): string {
  return value.replace(
    /=\?[^?]+\?([BbQq])\?([^?]*)\?=\s*/g,
    (_match, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
  );
}

function parseMail(raw: string, to: string[]): ReceivedMail {
  const { headers, body } = splitHead(raw);
  const mail: ReceivedMail = {
    to,
    from: decodeWords(headers.from ?? ''),
    subject: decodeWords(headers.subject ?? ''),
    text: '',
    html: '',
    headers,
    raw,
  };
  collectParts(mail, headers, body);
  return mail;
}

function collectParts(mail: ReceivedMail, headers: Record<string, string>, body: string): void {
  const contentType = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary !== undefined) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      const inner = splitHead(part.replace(/^\r?\n/, ''));
      collectParts(mail, inner.headers, inner.body);
    }
    return;
  }
  const decoded = decodeBody(body, headers['content-transfer-encoding']).replace(/\r?\n$/, '');
  if (/^text\/html/i.test(contentType)) mail.html ||= decoded;
  else if (/^text\/plain/i.test(contentType)) mail.text ||= decoded;
}
