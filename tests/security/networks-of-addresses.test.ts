/**
 * Limits across the /64s of one IPv6 /48 (docs/security.md, "one network, many /64s"): a host
 * with a routed /56 holds 256 /64s, each a fresh per-address budget, so the AUTH limit gave it
 * about 2,500 password hashes a minute and an account under attack 768 guesses a minute.
 */
import { describe, expect, it } from 'vitest';
import { createAudioBudget } from '#server/http/audio-budget.js';
import { memoryCounters } from '#server/http/memory-counters.js';
import { addressKeyOf, networkKeyOf } from '#server/http/rate-limit-counters.js';
import { testConfig } from '#server/config.js';
import {
  closeTestApp,
  createTestApp,
  guestHeaders,
  newGuestId,
  registerUser,
} from '#server/test-support/api.js';

describe('the network around an address', () => {
  it('is the /48 of an IPv6 /64 and nothing for IPv4', () => {
    expect(networkKeyOf('2001:db8:9:ff::/64')).toBe('2001:db8:9::/48');
    expect(networkKeyOf('2001:db8:9:1::/64')).toBe(networkKeyOf('2001:db8:9:2::/64'));
    expect(networkKeyOf('2001:db8:a:1::/64')).not.toBe(networkKeyOf('2001:db8:9:1::/64'));
    expect(networkKeyOf('203.0.113.9')).toBeUndefined();
  });
});

describe('one IPv6 network spread over many /64s', () => {
  it('shares eight addresses’ worth of the AUTH limit, and another network keeps its own', async () => {
    const testApp = await createTestApp('sqlite', { env: { RATE_LIMIT_AUTH_PER_MIN: '10' } });
    try {
      const forgot = (remoteAddress: string) =>
        testApp.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          remoteAddress,
          payload: { email: 'nobody@example.test' },
        });
      const statuses: number[] = [];
      for (let net = 1; net <= 9; net += 1) {
        for (let i = 0; i < 10; i += 1)
          statuses.push((await forgot(`2001:db8:9:${net}::1`)).statusCode);
      }
      expect(statuses.slice(0, 80).every((status) => status !== 429)).toBe(true);
      expect(statuses.slice(80)).toEqual(Array(10).fill(429));
      expect((await forgot('2001:db8:a:1::1')).statusCode).not.toBe(429);
    } finally {
      await closeTestApp(testApp);
    }
  });

  it('gets two addresses’ worth of guesses at an account under attack, and the owner still signs in', async () => {
    const testApp = await createTestApp('sqlite', { env: { RATE_LIMIT_AUTH_PER_MIN: '10' } });
    try {
      const owner = await registerUser(testApp.app);
      const login = (remoteAddress: string, password: string) =>
        testApp.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress,
          payload: { email: owner.email, password },
        });
      // Ten failures from one address put the account under attack.
      for (let i = 0; i < 10; i += 1) await login('203.0.113.66', `guess-${i}`);
      const statuses: number[] = [];
      for (let net = 1; net <= 4; net += 1) {
        for (let i = 0; i < 3; i += 1) {
          statuses.push((await login(`2001:db8:7:${net}::1`, `more-${net}-${i}`)).statusCode);
        }
      }
      expect(statuses).toEqual([...Array(6).fill(401), ...Array(6).fill(429)]);
      expect((await login('2001:db8:8:1::1', owner.password)).statusCode).toBe(200);
    } finally {
      await closeTestApp(testApp);
    }
  });

  it('announces eight addresses’ worth of recordings an hour, and another network its own', async () => {
    const testApp = await createTestApp('sqlite', {
      env: {
        RECORDING_MAX_BYTES: String(1024 * 1024),
        RECORDING_BYTES_PER_HOUR: String(1024 * 1024),
      },
    });
    try {
      const announce = (remoteAddress: string) =>
        testApp.app.inject({
          method: 'POST',
          url: '/api/uploads',
          remoteAddress,
          headers: {
            ...guestHeaders(newGuestId()),
            'tus-resumable': '1.0.0',
            'upload-length': String(1024 * 1024),
            'upload-metadata': 'filename cmVjb3JkaW5nLndlYm0=',
          },
        });
      const statuses: number[] = [];
      for (let net = 1; net <= 9; net += 1) {
        statuses.push((await announce(`2001:db8:5:${net}::1`)).statusCode);
      }
      expect(statuses).toEqual([...Array(8).fill(201), 429]);
      // Refused for its network, the ninth address still has its own hour's bytes elsewhere.
      expect((await announce('2001:db8:6:1::1')).statusCode).toBe(201);
    } finally {
      await closeTestApp(testApp);
    }
  });

  it('shares eight addresses’ worth of text saved an hour, and another network keeps its own', async () => {
    const testApp = await createTestApp('sqlite', {
      env: { RATE_LIMIT_TEXT_BYTES_PER_HOUR: String(16 * 1024) },
    });
    try {
      const words = 'x'.repeat(8_000);
      const save = (remoteAddress: string) =>
        testApp.app.inject({
          method: 'POST',
          url: '/api/guest-ideas',
          remoteAddress,
          headers: guestHeaders(newGuestId()),
          payload: { content: words, format: 'tweet', category: 'work' },
        });
      // Two saves of 8 KiB fill each /64's 16 KiB; eight /64s' worth fit the network.
      const statuses: number[] = [];
      for (let net = 1; net <= 10; net += 1) {
        for (let i = 0; i < 2; i += 1)
          statuses.push((await save(`2001:db8:7:${net}::1`)).statusCode);
      }
      expect(statuses.slice(0, 16).every((status) => status === 201)).toBe(true);
      expect(statuses.slice(16)).toEqual(Array(4).fill(429));
      expect((await save('2001:db8:8:1::1')).statusCode).toBe(201);
    } finally {
      await closeTestApp(testApp);
    }
  });

  it('shares eight addresses’ worth of AI calls a minute, and another network keeps its own', async () => {
    const testApp = await createTestApp('sqlite', { env: { RATE_LIMIT_AI_PER_MIN: '2' } });
    try {
      const format = (remoteAddress: string) =>
        testApp.app.inject({
          method: 'POST',
          url: '/api/format',
          remoteAddress,
          payload: {
            transcript: 'Call the plumber about the leak.',
            format: 'tweet',
            category: 'work',
          },
        });
      const statuses: number[] = [];
      for (let net = 1; net <= 9; net += 1) {
        for (let i = 0; i < 2; i += 1)
          statuses.push((await format(`2001:db8:b:${net}::1`)).statusCode);
      }
      expect(statuses.slice(0, 16)).toEqual(Array(16).fill(200));
      expect(statuses.slice(16)).toEqual([429, 429]);
      expect((await format('2001:db8:c:1::1')).statusCode).toBe(200);
    } finally {
      await closeTestApp(testApp);
    }
  });

  it('shares eight addresses’ worth of minutes transcribed an hour, and gives back to both', async () => {
    const counters = memoryCounters();
    const config = testConfig({ TRANSCRIPTION_MINUTES_PER_HOUR: '1' });
    const budget = createAudioBudget(config, {
      counters,
      fallback: counters,
      remote: false,
      describe: 'memory',
    });
    const minute = 60_000;
    const taken: (object | null)[] = [];
    for (let net = 1; net <= 9; net += 1) {
      taken.push(await budget.take(addressKeyOf(`2001:db8:d:${net}::1`), minute));
    }
    expect(taken.slice(0, 8)).toEqual(Array(8).fill(null));
    expect(taken[8]).toMatchObject({ retryAfterMs: expect.any(Number) });
    // The ninth /64 has used none of its own minutes, and is refused for its network's.
    await expect(budget.ensureLeft(addressKeyOf('2001:db8:d:9::1'))).rejects.toMatchObject({
      statusCode: 429,
    });
    // Minutes one /64 gives back are the network's again.
    await budget.giveBack(addressKeyOf('2001:db8:d:1::1'), minute);
    expect(await budget.take(addressKeyOf('2001:db8:d:9::1'), minute)).toBeNull();
    await expect(budget.ensureLeft(addressKeyOf('2001:db8:e:1::1'))).resolves.toBeUndefined();
  });
});
