import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-support/api.js';

const idea = {
  content: 'Ship the offline queue',
  format: 'tweet',
  category: 'work',
  transcript: 'ship the offline queue',
  guestId: '',
};

describe('saving an idea again with the same Idempotency-Key', () => {
  const testApp = useTestApp('sqlite');

  function save(guest: string, key?: string) {
    return testApp().app.inject({
      method: 'POST',
      url: '/api/guest-ideas',
      headers: { 'x-guest-id': guest, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: idea,
    });
  }

  async function countOf(guest: string) {
    const list = await testApp().app.inject({
      url: '/api/guest-ideas?limit=10',
      headers: { 'x-guest-id': guest },
    });
    const usage = await testApp().app.inject({
      url: '/api/usage',
      headers: { 'x-guest-id': guest },
    });
    return {
      ideas: (list.json() as { total: number }).total,
      used: (usage.json() as { usedThisMonth: number }).usedThisMonth,
    };
  }

  it('answers the first idea and counts one use, even when both arrive at once', async () => {
    const guest = 'guest_idempotency-test-0001';
    const key = '5b1f0c9e-7a51-4e0e-9a7d-2f4a3c7e9b10';
    const [first, second] = await Promise.all([save(guest, key), save(guest, key)]);
    const third = await save(guest, key);
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([201, 201, 201]);
    const id = (first.json() as { id: string }).id;
    expect((second.json() as { id: string }).id).toBe(id);
    expect((third.json() as { id: string }).id).toBe(id);
    expect(await countOf(guest)).toEqual({ ideas: 1, used: 1 });
  });

  it('keeps each owner apart, and saves without a key as before', async () => {
    const key = 'a-key-two-owners-share';
    const one = await save('guest_idempotency-test-0002', key);
    const other = await save('guest_idempotency-test-0003', key);
    expect((one.json() as { id: string }).id).not.toBe((other.json() as { id: string }).id);
    await save('guest_idempotency-test-0004');
    await save('guest_idempotency-test-0004');
    expect(await countOf('guest_idempotency-test-0004')).toEqual({ ideas: 2, used: 2 });
  });

  it('refuses a key that is not a plain token', async () => {
    const reply = await save('guest_idempotency-test-0005', 'short');
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ error: 'invalid_input' });
    expect(await countOf('guest_idempotency-test-0005')).toEqual({ ideas: 0, used: 0 });
  });
});
