/**
 * Link and reset mails to one address are limited per hour, however many client addresses ask
 * (docs/security.md, "A mail bomb on one inbox"), and every request is answered exactly as
 * before: the same status and body whether a mail went, was held back, or had no account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeTestApp,
  createTestApp,
  newEmail,
  registerUser,
  type TestApp,
} from '#server/test-support/api.js';
import { startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox.js';

describe('mails per recipient', () => {
  let inbox: SmtpInbox;
  let testApp: TestApp;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    testApp = await createTestApp('sqlite', { env: { SMTP_URL: inbox.url } });
  });
  afterAll(async () => {
    await closeTestApp(testApp);
    await inbox.close();
  });

  it('sends one inbox at most twenty link mails an hour, asked from many addresses alike', async () => {
    const { app } = testApp;
    const victim = await registerUser(app);
    const stranger = newEmail();
    const answers = new Set<string>();
    for (let i = 0; i < 24; i += 1) {
      for (const email of [victim.email, stranger]) {
        const response = await app.inject({
          method: 'POST',
          url: i % 2 === 0 ? '/api/login' : '/api/auth/forgot-password',
          payload: i % 2 === 0 ? { email, password: '' } : { email },
          remoteAddress: `198.51.100.${i + 1}`,
        });
        answers.add(`${i % 2} ${response.statusCode} ${response.body}`);
      }
    }
    await testApp.linkMailsDone();
    // One answer per route, whoever asked and whatever was sent.
    expect(answers.size).toBe(2);
    const toVictim = inbox.messages.filter((mail) => mail.to.includes(victim.email));
    expect(toVictim).toHaveLength(20);

    // Another inbox is not held back by the first one's count.
    const other = await registerUser(app);
    await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: other.email },
    });
    await testApp.linkMailsDone();
    expect(inbox.messages.filter((mail) => mail.to.includes(other.email))).toHaveLength(1);
  });

  it('keeps the owner’s own link mails coming while one other address asks for the same inbox', async () => {
    const { app } = testApp;
    const owner = await registerUser(app);
    const ask = (remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: owner.email, password: '' },
        remoteAddress,
      });
    // Once an hour, as often as the AUTH limit lets one address ask.
    for (let i = 0; i < 8; i += 1) await ask('203.0.113.66');
    await testApp.linkMailsDone();
    expect(inbox.messages.filter((mail) => mail.to.includes(owner.email))).toHaveLength(5);

    await ask('198.51.100.200');
    await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: owner.email },
      remoteAddress: '198.51.100.200',
    });
    await testApp.linkMailsDone();
    expect(inbox.messages.filter((mail) => mail.to.includes(owner.email))).toHaveLength(7);
  });
});
