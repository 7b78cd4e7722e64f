// Requests as people make them, for the real-use benchmarks (run.mjs, instances-bench.mjs):
// every search is a query nobody asked before (two words, the second cut short, as typed),
// every save a new idea, spread over the seeded users.

/** `seeded` is what seeded.mjs returns: the users' cookies, the big user's, the seed's words. */
export function requestMaker(seeded) {
  const { cookies, bigCookie, words } = seeded;
  const asked = new Set();
  const pick = (items) => items[Math.floor(Math.random() * items.length)];
  const typedWords = words.filter((word) => word.length >= 2);
  function newQuery(cookie) {
    for (let attempt = 0; attempt < 10_000; attempt += 1) {
      const second = pick(typedWords);
      const q = `${pick(words)} ${second.slice(0, 1 + Math.floor(Math.random() * (second.length - 1)))}`;
      const key = `${cookie}|${q}`;
      if (!asked.has(key)) {
        asked.add(key);
        return q;
      }
    }
    throw new Error('ran out of new queries: use more words in seed.ts');
  }
  const user = (bigShare) => (Math.random() < bigShare ? bigCookie : pick(cookies));
  const make = {
    list: (cookie) => ({
      kind: 'listing',
      path: '/api/ideas?limit=20',
      headers: { cookie },
    }),
    search: (cookie) => ({
      kind: 'search',
      path: `/api/ideas?limit=20&q=${encodeURIComponent(newQuery(cookie))}`,
      headers: { cookie },
    }),
    create: (cookie) => {
      const content = Array.from({ length: 12 + Math.floor(Math.random() * 20) }, () =>
        pick(words),
      ).join(' ');
      return {
        kind: 'create',
        method: 'POST',
        path: '/api/ideas',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ content, format: 'tweet', category: 'work', transcript: content }),
      };
    },
  };
  return {
    search100k: () => make.search(bigCookie),
    /** 70% first page of the listing, 20% new search, 10% new idea; 1 in 10 by the big user. */
    mixed: () => {
      const draw = Math.random();
      const cookie = user(0.1);
      if (draw < 0.7) return make.list(cookie);
      if (draw < 0.9) return make.search(cookie);
      return make.create(cookie);
    },
    listing: () => make.list(user(0.1)),
    search: () => make.search(user(0)),
    create: () => make.create(user(0.1)),
  };
}
