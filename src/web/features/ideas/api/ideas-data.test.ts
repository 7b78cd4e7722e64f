// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadExport, fileNameFrom } from './ideas-data';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Export download', () => {
  it("uses the server's file name only when it is a plain name", () => {
    expect(fileNameFrom('attachment; filename="voice-ideas-2026-11-23.csv"', 'csv')).toBe(
      'voice-ideas-2026-11-23.csv',
    );
    expect(fileNameFrom('attachment; filename="../../etc/passwd"', 'json')).toBe(
      'voice-ideas.json',
    );
    expect(fileNameFrom(null, 'markdown')).toBe('voice-ideas.md');
  });

  it("downloads a guest's export with the guest header, under the server's name", async () => {
    const fetchStub = vi.fn(
      async () =>
        new Response('id,createdAt\n', {
          headers: { 'Content-Disposition': 'attachment; filename="voice-ideas.csv"' },
        }),
    );
    vi.stubGlobal('fetch', fetchStub);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(`${this.download} ${this.getAttribute('href') ?? ''}`);
    });

    expect(await downloadExport({ isSignedIn: false }, 'csv')).toBe('voice-ideas.csv');
    expect(clicked).toEqual(['voice-ideas.csv blob:export']);
    const [url, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/guest-ideas/export?format=csv');
    expect((init.headers as Record<string, string>)['X-Guest-Id']).toMatch(/^guest_/);
  });
});
