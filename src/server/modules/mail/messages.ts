import type { OutgoingMail } from './transport.js';

/**
 * The e-mails the product sends. Plain words and the one link, written out in full in both
 * bodies: no images, no tracking pixel, no link rewriting, so what the person sees is where
 * the link goes.
 */

const PRODUCT = 'Voice Ideas';

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function compose(to: string, subject: string, paragraphs: string[], link: string): OutgoingMail {
  const [intro, ...after] = paragraphs;
  const text = [intro, link, ...after].join('\n\n') + '\n';
  const safeLink = escapeHtml(link);
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>${escapeHtml(intro ?? '')}</p>`,
    `<p><a href="${safeLink}">${safeLink}</a></p>`,
    ...after.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html };
}

export function passwordResetMail(to: string, link: string): OutgoingMail {
  return compose(
    to,
    `Reset your ${PRODUCT} password`,
    [
      `Someone asked to reset the password of your ${PRODUCT} account. Choose a new password here (the link works once, within 1 hour):`,
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ],
    link,
  );
}

export function signInLinkMail(to: string, link: string): OutgoingMail {
  return compose(
    to,
    `Your ${PRODUCT} sign-in link`,
    [
      `Sign in to ${PRODUCT} with this link (it works once, within 15 minutes):`,
      'If you did not ask for it, ignore this e-mail: nobody can sign in without the link.',
    ],
    link,
  );
}

export function passwordRemovedMail(to: string, link: string): OutgoingMail {
  return compose(
    to,
    `Your ${PRODUCT} password was removed`,
    [
      `A ${PRODUCT} Pro checkout was paid for this e-mail address from outside your account. Since nobody had yet proved the address, the password set for it was removed and every session ended, so that only the address's owner can get in. Choose a new password here (the link works once, within 1 hour):`,
      'If the link has expired, use "Forgot password?" on the sign-in page. Your ideas are all still there. If you did not pay for Pro, cancel it in Account, Manage billing, once you are signed in.',
    ],
    link,
  );
}
