/**
 * A link mail the server accepted to send is sent, or logged at error as not sent: never
 * dropped without a word (docs/security.md, "Link mails lost under load"; ADR 103). A burst of
 * link requests faster than the mail server takes them used to overflow the after-reply queue,
 * and a third of the mails vanished behind a warning.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAfterReply } from '#server/modules/identity/after-reply.js';
import {
  closeTestApp,
  createTestApp,
  registerUser,
  type TestApp,
} from '#server/test-support/api.js';
import { startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox.js';

function recordingLog() {
  const errors: string[] = [];
  const warnings: string[] = [];
  return {
    errors,
    warnings,
    log: {
      warn: (_details: object, message: string) => warnings.push(message),
      error: (_details: object, message: string) => errors.push(message),
    },
  };
}

describe('link mails under a burst of requests', () => {
  let inbox: SmtpInbox;
  let testApp: TestApp;
  const logged = recordingLog();

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    testApp = await createTestApp('sqlite', {
      env: { SMTP_URL: inbox.url },
      // A small queue, one send at a time: the burst below is many times what it holds.
      deps: { afterReply: createAfterReply(logged.log, { concurrency: 1, maxQueued: 2 }) },
    });
  });
  afterAll(async () => {
    await closeTestApp(testApp);
    await inbox.close();
  });

  it('sends every mail of a burst larger than the queue, each request answered as usual', async () => {
    const people = [];
    for (let i = 0; i < 8; i += 1) people.push(await registerUser(testApp.app));
    const answers = await Promise.all(
      people.flatMap((person) => [
        testApp.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: person.email },
        }),
        testApp.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: person.email, password: '' },
        }),
      ]),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      ...Array<number>(8).fill(200),
      ...Array<number>(8).fill(202),
    ]);
    await testApp.linkMailsDone();
    for (const person of people) {
      const mails = inbox.messages.filter((mail) => mail.to.includes(person.email));
      // One reset link and one sign-in link: two mails with different subjects.
      expect(new Set(mails.map((mail) => mail.subject)).size).toBe(2);
      expect(mails).toHaveLength(2);
    }
    expect(logged.warnings).toEqual([]);
    expect(logged.errors).toEqual([]);
  });
});

describe('the after-reply queue when it cannot take or finish a job', () => {
  const never = () => new Promise<void>(() => {});

  it('logs a job it could not find room for within its wait as not sent', async () => {
    const logged = recordingLog();
    const queue = createAfterReply(logged.log, { concurrency: 1, maxQueued: 1, roomWaitMs: 50 });
    await queue.run('first mail', never);
    await new Promise((resolve) => setImmediate(resolve));
    await queue.run('second mail', never);
    await queue.run('third mail', never);
    expect(logged.errors).toEqual(['third mail not sent: the queue stayed full for 50 ms']);
    await queue.close(10);
  });

  it('logs every job a closing server leaves behind, and refuses new ones with a log line', async () => {
    const logged = recordingLog();
    const queue = createAfterReply(logged.log, { concurrency: 1 });
    await queue.run('stalled mail', never);
    await new Promise((resolve) => setImmediate(resolve));
    await queue.run('waiting mail', never);
    await queue.close(20);
    await queue.run('late mail', never);
    expect(logged.errors).toEqual([
      'waiting mail not sent: the server stopped before its turn',
      'stalled mail may not have been sent: the server stopped while it was under way',
      'late mail not sent: the server is closing',
    ]);
  });
});
