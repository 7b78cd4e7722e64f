/**
 * What an account form says under a field it cannot send: the sign-up, sign-in and reset pages
 * and the menu's dialogs say the same words (docs/product.md, Sign up and sign in).
 */
export const EMAIL_MISSING = 'Please enter your email address.';
export const PASSWORD_MISSING = 'Please enter a password.';
/** The spec's own words for PASSWORD_MIN_CHARS (6), which the docs' spec coverage looks for. */
export const PASSWORD_RULE = 'Must be at least 6 characters long';
