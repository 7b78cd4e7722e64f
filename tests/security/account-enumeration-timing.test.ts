/**
 * No timing oracle on forgot-password and sign-in link requests (docs/security.md, "Account
 * enumeration"; ADR 101). Both answer before any work that depends on the e-mail: the reply
 * is sent having looked nothing up, stored nothing and talked to no mail server, for a known
 * e-mail exactly as for an unknown one; the lookup and the mail run after it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AfterReply } from '#server/modules/identity/after-reply.js';
import {
  closeTestApp,
  createTestApp,
  newEmail,
  registerUser,
  type TestApp,
} from '#server/test-support/api.js';
import { startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox.js';

/** Keeps each job until the test runs it, so the test sees what was done before the reply. */
function heldWork(): AfterReply & { held: number; runAll(): Promise<void> } {
  let jobs: Array<() => Promise<void>> = [];
  return {
    get held() {
      return jobs.length;
    },
    run(_what, job) {
      jobs.push(job);
      return Promise.resolve();
    },
    async runAll() {
      const now = jobs;
      jobs = [];
      for (const job of now) await job().catch(() => {});
    },
    idle: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

describe('account enumeration by timing', () => {
  let inbox: SmtpInbox;
  let testApp: TestApp;
  const work = heldWork();

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    testApp = await createTestApp('sqlite', {
      env: { SMTP_URL: inbox.url, PUBLIC_URL: 'http://ideas.example:8080' },
      deps: { afterReply: work },
    });
  });
  afterAll(async () => {
    await closeTestApp(testApp);
    await inbox.close();
  });

  async function tokenRows(): Promise<number> {
    const rows = await testApp.database.db.selectFrom('auth_tokens').select('id').execute();
    return rows.length;
  }

  for (const request of [
    { url: '/api/auth/forgot-password', payload: (email: string) => ({ email }) },
    { url: '/api/login', payload: (email: string) => ({ email, password: '' }) },
  ]) {
    it(`does the same work before answering ${request.url} for a known and an unknown e-mail`, async () => {
      const user = await registerUser(testApp.app);
      const seen: Array<{
        status: number;
        body: string;
        held: number;
        smtp: number;
        rows: number;
      }> = [];
      for (const email of [user.email, newEmail()]) {
        const before = { smtp: inbox.connections(), rows: await tokenRows() };
        const response = await testApp.app.inject({
          method: 'POST',
          url: request.url,
          payload: request.payload(email),
        });
        seen.push({
          status: response.statusCode,
          body: response.body,
          held: work.held,
          smtp: inbox.connections() - before.smtp,
          rows: (await tokenRows()) - before.rows,
        });
        await work.runAll();
      }
      const [known, unknown] = seen;
      expect(known).toEqual(unknown);
      // Answered having stored nothing and reached no mail server: one job queued either way.
      expect(known).toMatchObject({ held: 1, smtp: 0, rows: 0 });
      // The work did happen afterwards, for the known e-mail only.
      expect(inbox.messages.filter((mail) => mail.to.includes(user.email))).toHaveLength(1);
    });
  }
});
