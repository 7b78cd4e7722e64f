import { Redis } from 'ioredis';

/**
 * The Redis the system tests may use: TEST_REDIS_URL, else the local default. When none answers
 * the Redis suites are skipped with a note (like PostgreSQL without TEST_DATABASE_URL).
 */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL?.trim() || 'redis://127.0.0.1:6379';

export async function redisAnswers(): Promise<boolean> {
  const client = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    console.warn(`Redis tests skipped: nothing answers at ${TEST_REDIS_URL} (set TEST_REDIS_URL).`);
    return false;
  } finally {
    client.disconnect();
  }
}

/** Keys under the prefix the server writes, to show the counts really are in Redis. */
export async function redisKeys(pattern: string): Promise<string[]> {
  const client = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    return await client.keys(pattern);
  } finally {
    client.disconnect();
  }
}
