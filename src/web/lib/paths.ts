/** Every URL the web app calls or links to, in one place. */
export const apiPaths = {
  me: '/api/me',
  config: '/api/config',
  usage: '/api/usage',
  transcribe: '/api/transcribe',
  format: '/api/format',
  inferFormatCategory: '/api/infer-format-category',
  ideas: '/api/ideas',
  idea: (id: string) => `/api/ideas/${encodeURIComponent(id)}`,
  guestIdeas: '/api/guest-ideas',
  guestIdea: (id: string) => `/api/guest-ideas/${encodeURIComponent(id)}`,
} as const;

export const routePaths = {
  home: '/',
  search: '/search',
  about: '/about',
  privacy: '/privacy',
  upgrade: '/upgrade',
  signup: '/signup',
  login: '/login',
  profile: '/profile',
  debugViewport: '/debug/viewport',
} as const;
