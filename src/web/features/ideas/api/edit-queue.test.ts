// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushEdits, pendingContent, pendingEdits, queueEdit } from './edit-queue';

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const edit = (id: string, content: string) => ({ owner: 'guest', signedIn: false, id, content });

describe('edits kept on this device', () => {
  it('keeps only the newest text of each idea', () => {
    queueEdit(edit('a', 'one'));
    queueEdit(edit('b', 'two'));
    queueEdit(edit('a', 'three'));
    expect(pendingEdits().map((e) => `${e.id}:${e.content}`)).toEqual(['b:two', 'a:three']);
    expect(pendingContent('guest', 'a')).toBe('three');
    expect(pendingContent('user:1', 'a')).toBeNull();
  });

  it('sends them when the connection returns, and forgets what was saved or refused', async () => {
    queueEdit(edit('a', 'ticked'));
    queueEdit(edit('gone', 'deleted meanwhile'));
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        sent.push(`${init.method} ${url} ${String(init.body)}`);
        return new Response(null, { status: url.endsWith('/gone') ? 404 : 200 });
      }),
    );
    const saved = await flushEdits();
    expect(saved.map((e) => e.id)).toEqual(['a']);
    expect(sent).toEqual([
      'PUT /api/guest-ideas/a {"content":"ticked"}',
      'PUT /api/guest-ideas/gone {"content":"deleted meanwhile"}',
    ]);
    expect(pendingEdits()).toEqual([]);
  });

  it('keeps everything for later when the connection fails again', async () => {
    queueEdit(edit('a', 'ticked'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await flushEdits()).toEqual([]);
    expect(pendingContent('guest', 'a')).toBe('ticked');
  });

  it('ignores a stored value that is not a list of edits', () => {
    localStorage.setItem('pendingIdeaEdits', '{"not":"a list"}');
    expect(pendingEdits()).toEqual([]);
    localStorage.setItem('pendingIdeaEdits', 'not json');
    expect(pendingEdits()).toEqual([]);
  });
});
