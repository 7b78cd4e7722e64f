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

  it('sends one inbox at most five link mails an hour, asked from many addresses alike', async () => {
    const { app } = testApp;
    const victim = await registerUser(app);
    const stranger = newEmail();
    const answers = new Set<string>();
    for (let i = 0; i < 12; i += 1) {
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
    expect(toVictim).toHaveLength(5);

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
});
