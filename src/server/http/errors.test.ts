import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, toErrorResponse } from './errors.js';

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('a database that is unavailable', () => {
  it('is told apart from a fault of the request, however deep it is wrapped', () => {
    for (const error of [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      new Error('Connection terminated unexpectedly'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('connection failure', '08006'),
      withCode('disk I/O error', 'SQLITE_IOERR_WRITE'),
      withCode('database or disk is full', 'SQLITE_FULL'),
      withCode('attempt to write a readonly database', 'SQLITE_READONLY'),
      new Error('could not save', { cause: withCode('disk I/O error', 'SQLITE_IOERR') }),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
    }
    for (const error of [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('UNIQUE constraint failed: users.email', 'SQLITE_CONSTRAINT_UNIQUE'),
      new Error('something else'),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(false);
    }
  });

  it('answers 503 database_unavailable with Retry-After, not a 500', () => {
    const response = toErrorResponse(withCode('disk I/O error', 'SQLITE_IOERR_WRITE'));
    expect(response.statusCode).toBe(503);
    expect(response.body.error).toBe('database_unavailable');
    expect(response.body.message).toMatch(/nothing was changed/);
    expect(response.headers).toEqual({ 'Retry-After': '5' });
  });
});
