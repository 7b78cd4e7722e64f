import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_CHARS } from '#contract/limits';
import { PASSWORD_RULE } from './credential-messages';

describe('the account forms’ messages', () => {
  it('name the password length the server holds to', () => {
    expect(PASSWORD_RULE).toBe(`Must be at least ${PASSWORD_MIN_CHARS} characters long`);
  });
});
