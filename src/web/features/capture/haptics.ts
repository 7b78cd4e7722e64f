/** docs/product.md, Constants and timings: light 10 ms, medium 50 ms, success 50-100-50 ms; silent where unsupported. */
const PATTERNS = { light: 10, medium: 50, success: [50, 100, 50] } as const;

export function haptic(kind: keyof typeof PATTERNS) {
  try {
    const pattern = PATTERNS[kind];
    if (typeof navigator.vibrate === 'function') {
      navigator.vibrate(typeof pattern === 'number' ? pattern : [...pattern]);
    }
  } catch {
    // Some browsers throw when vibration is blocked by policy; feedback is optional.
  }
}
