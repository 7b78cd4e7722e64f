import { describe, expect, it } from 'vitest';
import { ApiError, describeError, isQuotaExceeded } from './api-error';

describe('API error messages', () => {
  it('is "<status>: <body text>"', () => {
    const body = '{"error":"quota_exceeded","message":"You have used all 10 ideas this month."}';
    const error = new ApiError(402, 'Payment Required', body);
    expect(error.message).toBe(`402: ${body}`);
    expect(error.code).toBe('quota_exceeded');
    expect(isQuotaExceeded(error)).toBe(true);
    expect(describeError(error)).toBe('You have used all 10 ideas this month.');
  });

  it('falls back to the status text when the body is empty', () => {
    const error = new ApiError(503, 'Service Unavailable', '');
    expect(error.message).toBe('503: Service Unavailable');
    expect(error.code).toBeNull();
  });

  it('keeps a non-JSON body as it is', () => {
    const error = new ApiError(500, 'Internal Server Error', 'upstream broke');
    expect(error.message).toBe('500: upstream broke');
    expect(isQuotaExceeded(error)).toBe(false);
    expect(describeError(error)).toBe('500: upstream broke');
  });

  it('describes a network failure in plain words', () => {
    expect(describeError(new TypeError('Failed to fetch'))).toBe(
      'Network error. Please check your connection.',
    );
  });
});
