/**
 * docs/product.md, Constants and timings: how many recent ideas fit on home for a window height.
 * 720 px or less: 2; up to 780 px: 3 (4 from 768 px); taller: (height - 300) / 90 rounded down,
 * clamped to 3..4.
 */
export function recentIdeasCount(windowHeight: number): number {
  if (windowHeight <= 720) return 2;
  if (windowHeight <= 780) return windowHeight >= 768 ? 4 : 3;
  return Math.min(4, Math.max(3, Math.floor((windowHeight - 300) / 90)));
}
