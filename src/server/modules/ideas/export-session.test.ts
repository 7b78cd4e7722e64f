import { describe, expect, it } from 'vitest';
import type { Idea } from '#contract/api-schemas.js';
import { userOwner } from '../../db/owner.js';
import { exportingRepository, usageUnusedByExport } from '../../test-support/exporting-ideas.js';
import type { IdeasRepository } from './repository.js';
import { createIdeasService } from './service.js';

function anIdea(n: number, content: string): Idea {
  return {
    id: `idea-${n}`,
    content,
    format: 'tweet',
    category: 'personal',
    transcript: null,
    userId: 'user-1',
    createdAt: new Date(Date.UTC(2026, 11, 3, 8, 0, 60 - n)).toISOString(),
  };
}

/** An account whose export reads in two batches; the second is read after `between` ran. */
function twoBatches(between: () => void): IdeasRepository {
  return exportingRepository(async function* () {
    await Promise.resolve();
    yield [anIdea(1, 'Written by whoever held the session')];
    between();
    yield [anIdea(2, 'Moved in from the owner’s guest ideas')];
  }, 2);
}

const now = () => new Date('2026-12-03T09:00:00.000Z');
const usage = usageUnusedByExport;

async function read(body: NodeJS.ReadableStream): Promise<{ text: string; error: unknown }> {
  let text = '';
  try {
    for await (const chunk of body) text += String(chunk);
    return { text, error: null };
  } catch (error) {
    return { text, error };
  }
}

describe('an export whose session ends while it streams', () => {
  it('sends no batch read after the session ended, and cuts the download short', async () => {
    let open = true;
    const ideas = createIdeasService({
      ideas: twoBatches(() => {
        open = false;
      }),
      usage,
      now,
    });
    const file = await ideas.exportFor(userOwner('user-1'), 'json', () => Promise.resolve(open));
    const { text, error } = await read(file.body);
    expect(text).toContain('Written by whoever held the session');
    expect(text).not.toContain('Moved in from the owner’s guest ideas');
    expect(error).toBeInstanceOf(Error);
  });

  it('sends every batch while the session stays open', async () => {
    const ideas = createIdeasService({ ideas: twoBatches(() => undefined), usage, now });
    const file = await ideas.exportFor(userOwner('user-1'), 'json', () => Promise.resolve(true));
    const { text, error } = await read(file.body);
    expect(error).toBeNull();
    expect(JSON.parse(text)).toHaveLength(2);
  });

  it('refuses to begin for a session already ended', async () => {
    const ideas = createIdeasService({ ideas: twoBatches(() => undefined), usage, now });
    await expect(
      ideas.exportFor(userOwner('user-1'), 'json', () => Promise.resolve(false)),
    ).rejects.toMatchObject({ statusCode: 401 });
  });
});
