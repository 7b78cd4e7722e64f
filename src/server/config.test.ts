import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('runs with nothing set: the defaults docs/api.md gives', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBe('sqlite:./data/app.db');
    expect(config.freeMonthlyLimit).toBe(10);
    expect(config.rateLimits).toEqual({
      authPerMinute: 10,
      aiPerMinute: 30,
      savesPerMinute: 240,
      newGuestsPerHour: 300,
      textBytesPerHour: 4 * 1024 * 1024,
      transcriptionMinutesPerHour: 240,
    });
  });

  it('holds one address a day short of filling the server’s room for recordings', () => {
    for (const env of [{}, { RECORDINGS_UNSAVED_MAX_BYTES: String(2 * 1024 ** 4) }]) {
      const { recordings } = loadConfig(env);
      // A day touches at most 25 hourly windows.
      expect(25 * recordings.bytesPerHourPerAddress).toBeLessThan(recordings.unsavedMaxBytes);
      expect(recordings.bytesPerHourPerAddress).toBeGreaterThanOrEqual(recordings.maxBytes);
    }
    // A lower budget the operator sets is kept.
    const low = loadConfig({ RECORDING_BYTES_PER_HOUR: String(300 * 1024 * 1024) });
    expect(low.recordings.bytesPerHourPerAddress).toBe(300 * 1024 * 1024);
  });

  it('keeps four free accounts’ audio per address, and never less than one account’s', () => {
    expect(loadConfig({}).recordings.keptAudioFree).toEqual({
      perAccount: 1024 ** 3,
      perAddress: 4 * 1024 ** 3,
    });
    expect(() =>
      loadConfig({
        RECORDINGS_KEPT_MAX_BYTES_FREE: '2000',
        RECORDINGS_KEPT_MAX_BYTES_PER_ADDRESS: '1000',
      }),
    ).toThrow(/RECORDINGS_KEPT_MAX_BYTES_PER_ADDRESS: must be at least/);
  });

  it('refuses bad values at start, listing every offending variable', () => {
    let error: unknown;
    try {
      loadConfig({ FREE_MONTHLY_LIMIT: '-1', PORT: 'eighty', DATABASE_URL: 'mysql://db/app' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const issues = (error as ConfigError).issues.join('\n');
    expect(issues).toMatch(/^FREE_MONTHLY_LIMIT: /m);
    expect(issues).toMatch(/^PORT: /m);
    expect(issues).toMatch(/^DATABASE_URL: /m);
  });

  it('takes REDIS_URL only as a redis:// or rediss:// address', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/0' }).redisUrl).toBe(
      'redis://127.0.0.1:6379/0',
    );
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
  });

  it('turns billing on with all three Stripe keys, off with none', () => {
    expect(loadConfig({}).billing).toBeNull();
    const billing = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_ID: 'price_1',
    }).billing;
    expect(billing).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      priceId: 'price_1',
      api: undefined,
      timeoutMs: 8000,
    });
  });

  it('refuses half-configured billing, naming each missing key', () => {
    let error: unknown;
    try {
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const issues = (error as ConfigError).issues.join('\n');
    expect(issues).toMatch(/^STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set/m);
    expect(issues).toMatch(/^STRIPE_PRICE_ID: is required when STRIPE_SECRET_KEY is set/m);
    expect(issues).not.toMatch(/^STRIPE_SECRET_KEY/m);
  });

  it('reads STRIPE_API_BASE as the host, port and protocol the billing SDK takes', () => {
    const keys = {
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_ID: 'price_1',
    };
    expect(loadConfig({ ...keys, STRIPE_API_BASE: 'http://127.0.0.1:12111' }).billing?.api).toEqual(
      { host: '127.0.0.1', port: 12111, protocol: 'http' },
    );
    expect(loadConfig({ ...keys, STRIPE_API_BASE: 'https://stripe.example' }).billing?.api).toEqual(
      { host: 'stripe.example', port: 443, protocol: 'https' },
    );
    expect(() => loadConfig({ ...keys, STRIPE_API_BASE: 'ftp://stripe.example' })).toThrow(
      /STRIPE_API_BASE: must be an http/,
    );
  });
});
