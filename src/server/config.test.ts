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
    expect(config.rateLimits).toEqual({ authPerMinute: 10, aiPerMinute: 30 });
    expect(config.readCacheBytes).toBe(64 * 1024 * 1024);
  });

  it('takes READ_CACHE_MB in mebibytes, 0 meaning no cache', () => {
    expect(loadConfig({ READ_CACHE_MB: '8' }).readCacheBytes).toBe(8 * 1024 * 1024);
    expect(loadConfig({ READ_CACHE_MB: '0' }).readCacheBytes).toBe(0);
  });

  it('refuses bad values at start, listing every offending variable', () => {
    let error: unknown;
    try {
      loadConfig({ READ_CACHE_MB: '-1', PORT: 'eighty', DATABASE_URL: 'mysql://db/app' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const issues = (error as ConfigError).issues.join('\n');
    expect(issues).toMatch(/^READ_CACHE_MB: /m);
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
});
