import { describe, expect, it } from 'vitest';
import { quotaNote, renewsOnText, usageBarLook } from './usage-bar-look';

describe('usage bar', () => {
  it('is teal with a plain Upgrade under 80%', () => {
    expect(usageBarLook({ usedThisMonth: 7, monthlyLimit: 10 })).toMatchObject({
      tone: 'teal',
      upgradeLabel: 'Upgrade',
      percent: 70,
      atLimit: false,
    });
  });

  it('turns amber and offers unlimited at 80%', () => {
    expect(usageBarLook({ usedThisMonth: 8, monthlyLimit: 10 })).toMatchObject({
      tone: 'amber',
      upgradeLabel: 'Upgrade for unlimited',
    });
  });

  it('turns rose at the limit and caps the percentage at 100', () => {
    expect(usageBarLook({ usedThisMonth: 10, monthlyLimit: 10 })).toMatchObject({
      tone: 'rose',
      atLimit: true,
      percent: 100,
    });
    expect(usageBarLook({ usedThisMonth: 14, monthlyLimit: 10 }).percent).toBe(100);
  });

  it('shows no bar for unlimited plans', () => {
    expect(usageBarLook({ usedThisMonth: 50, monthlyLimit: null }).unlimited).toBe(true);
  });

  it('says when the period renews, read in UTC', () => {
    expect(renewsOnText('2025-12-01T00:00:00.000Z', 'en-US')).toBe('Renews on Dec 1');
  });
});

describe('the note before a recording', () => {
  it('says the last idea of the month is next, then that the limit is reached', () => {
    expect(quotaNote({ usedThisMonth: 8, monthlyLimit: 10 })).toBeNull();
    expect(quotaNote({ usedThisMonth: 9, monthlyLimit: 10 })).toBe('Last idea this month');
    expect(quotaNote({ usedThisMonth: 10, monthlyLimit: 10 })).toBe(
      'Limit reached: copy, not save',
    );
    expect(quotaNote({ usedThisMonth: 12, monthlyLimit: 10 })).toBe(
      'Limit reached: copy, not save',
    );
  });

  it('says nothing without a limit or before usage is known', () => {
    expect(quotaNote({ usedThisMonth: 500, monthlyLimit: null })).toBeNull();
    expect(quotaNote(undefined)).toBeNull();
  });
});
