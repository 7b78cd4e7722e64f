import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractLink, startSmtpInbox, type SmtpInbox } from '#tests/support/smtp-inbox.js';
import { HttpError } from '../../http/errors.js';
import { createMailService } from './service.js';
import { createLogTransport, createSmtpTransport, MailDeliveryError } from './transport.js';

const silentLog = { error() {} };

describe('mail over SMTP', () => {
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await startSmtpInbox({ credentials: { user: 'mailer', pass: 's3cret:/@' } });
  });
  afterAll(async () => {
    await inbox.close();
  });

  it('delivers a plain-text and an HTML body with the link written out, and nothing that tracks', async () => {
    const mail = createMailService({
      transport: createSmtpTransport({
        url: inbox.url,
        from: 'Voice Ideas <ideas@example.com>',
        timeoutMs: 5000,
      }),
      log: silentLog,
    });
    const link = `http://app.example/reset-password?token=${'A'.repeat(43)}`;
    await mail.sendPasswordReset('someone@example.com', link);

    const received = await inbox.waitForMessage('someone@example.com');
    expect(received.from).toBe('Voice Ideas <ideas@example.com>');
    expect(received.subject).toBe('Reset your Voice Ideas password');
    expect(extractLink(received, 'http://app.example/')).toBe(link);
    expect(received.text).toContain('1 hour');
    expect(received.html).toContain(`<a href="${link}">${link}</a>`);
    expect(received.html).not.toMatch(/<img|<script|https?:\/\/(?!app\.example\/reset-password)/);
  });

  it('sends sign-in links that say how long they work', async () => {
    const mail = createMailService({
      transport: createSmtpTransport({ url: inbox.url, from: 'x@example.com', timeoutMs: 5000 }),
      log: silentLog,
    });
    await mail.sendSignInLink('Link@Example.com', 'http://app.example/api/auth/magic?token=abc');
    const received = await inbox.waitForMessage('link@example.com');
    expect(received.subject).toBe('Your Voice Ideas sign-in link');
    expect(received.text).toContain('15 minutes');
    expect(extractLink(received)).toBe('http://app.example/api/auth/magic?token=abc');
  });

  it('escapes the link in the HTML body', async () => {
    const mail = createMailService({
      transport: createSmtpTransport({ url: inbox.url, from: 'x@example.com', timeoutMs: 5000 }),
      log: silentLog,
    });
    await mail.sendSignInLink('escape@example.com', 'http://app.example/?a=1&b="><script>');
    const received = await inbox.waitForMessage('escape@example.com');
    expect(received.html).toContain('?a=1&amp;b=&quot;&gt;&lt;script&gt;');
    expect(received.html).not.toContain('<script>');
  });

  it('turns a mail server that refuses the connection into a 502 mail_failed', async () => {
    const closed = await unusedPort();
    const mail = createMailService({
      transport: createSmtpTransport({
        url: `smtp://127.0.0.1:${closed}`,
        from: 'x@example.com',
        timeoutMs: 5000,
      }),
      log: silentLog,
    });
    const failure = await mail.sendSignInLink('a@example.com', 'http://x/').catch((e) => e);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ statusCode: 502, code: 'mail_failed' });
  });

  it('gives up on a mail server that accepts the connection and never answers', async () => {
    const silent: Server = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const transport = createSmtpTransport({
        url: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`,
        from: 'x@example.com',
        timeoutMs: 200,
      });
      await expect(
        transport.deliver({ to: 'a@example.com', subject: 's', text: 't', html: 'h' }),
      ).rejects.toBeInstanceOf(MailDeliveryError);
    } finally {
      silent.close();
    }
  });
});

describe('mail without SMTP_URL', () => {
  it('writes each mail, link included, to the server log', async () => {
    const lines: { details: object; message: string }[] = [];
    const mail = createMailService({
      transport: createLogTransport({
        warn: (details, message) => lines.push({ details, message }),
      }),
      log: silentLog,
    });
    await mail.sendPasswordReset(
      'self@example.com',
      'http://localhost:3000/reset-password?token=t1',
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]?.message).toMatch(/SMTP_URL is not set/);
    expect(JSON.stringify(lines[0]?.details)).toContain(
      'http://localhost:3000/reset-password?token=t1',
    );
    expect(JSON.stringify(lines[0]?.details)).toContain('self@example.com');
  });
});

async function unusedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
