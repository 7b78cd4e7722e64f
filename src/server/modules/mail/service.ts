import { HttpError } from '../../http/errors.js';
import { passwordRemovedMail, passwordResetMail, signInLinkMail } from './messages.js';
import type { MailTransport, OutgoingMail } from './transport.js';

/**
 * What other modules may ask of mail. A mail server that fails or stalls is logged here and
 * becomes a 502 `mail_failed`; the caller decides what to undo. Link mails are sent after their
 * request's answer, so no person sees it (ADR 101).
 */
export interface MailService {
  sendPasswordReset(to: string, link: string): Promise<void>;
  sendSignInLink(to: string, link: string): Promise<void>;
  /** A stranger's checkout took away a password nobody proved the address for: a reset link. */
  sendPasswordRemoved(to: string, link: string): Promise<void>;
}

export const MAIL_FAILED_MESSAGE =
  'We could not send the e-mail just now. Please try again in a few minutes.';

export function createMailService(deps: {
  transport: MailTransport;
  log: { error(details: object, message: string): void };
}): MailService {
  const { transport, log } = deps;

  async function attempt(what: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      log.error({ err: error }, `mail: ${what} failed`);
      throw new HttpError(502, 'mail_failed', MAIL_FAILED_MESSAGE, undefined, { cause: error });
    }
  }

  const send = (mail: OutgoingMail) => attempt(mail.subject, () => transport.deliver(mail));

  return {
    sendPasswordReset: (to, link) => send(passwordResetMail(to, link)),
    sendSignInLink: (to, link) => send(signInLinkMail(to, link)),
    sendPasswordRemoved: (to, link) => send(passwordRemovedMail(to, link)),
  };
}
