import { PASSWORD_MIN_CHARS } from '#contract/limits';

/**
 * What an account form says under a field it cannot send: the sign-up, sign-in and reset pages
 * and the menu's dialogs say the same words (docs/product.md, Sign up and sign in).
 */
export const EMAIL_MISSING = 'Please enter your email address.';
export const PASSWORD_MISSING = 'Please enter a password.';
export const PASSWORD_RULE = `Must be at least ${PASSWORD_MIN_CHARS} characters long`;
