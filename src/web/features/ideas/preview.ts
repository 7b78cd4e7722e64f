/** docs/product.md, Constants and timings: a card shows the first 100 characters plus an ellipsis. */
export const PREVIEW_CHARS = 100;
/** A word longer than this is cut inside, rather than leave the card nearly empty. */
const LONGEST_WORD_KEPT = 30;

/**
 * The content cut at the last whole word within 100 characters, so a card never reads
 * "people pay te...". Counted in code points, so an emoji is never split in half.
 */
export function cardPreview(content: string): string {
  const chars = Array.from(content);
  if (chars.length <= PREVIEW_CHARS) return content;
  const head = chars.slice(0, PREVIEW_CHARS + 1);
  let cut = PREVIEW_CHARS;
  while (cut > 0 && !/\s/.test(head[cut] ?? '')) cut -= 1;
  if (cut < PREVIEW_CHARS - LONGEST_WORD_KEPT) cut = PREVIEW_CHARS;
  const kept = head
    .slice(0, cut)
    .join('')
    .replace(/[\s,;:.!?-]+$/u, '');
  return `${kept}...`;
}
