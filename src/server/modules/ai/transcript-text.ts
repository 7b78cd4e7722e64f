/**
 * Whisper-family models answer silence and noise with markers instead of an empty string
 * ("[BLANK_AUDIO]", "(silence)", "[Music]"); they are not the person's words. Each opener's
 * marker ends at the next closer.
 */
const MARKER_CLOSERS: Readonly<Record<string, string>> = { '[': ']', '(': ')', '*': '*' };

/**
 * The text with every marker replaced by a space, read once from start to end. A pattern such
 * as /\[[^\]]*\]/g would look for the closer again from every opener, 2 * 10^8 steps for a
 * transcript of 20,000 "[" with none; here an opener whose closer never comes is looked for
 * once, and no opener of its kind after it is either.
 */
function withoutMarkers(raw: string): string {
  const unclosed = new Set<string>();
  let result = '';
  let copiedTo = 0;
  let at = 0;
  while (at < raw.length) {
    const opener = raw.charAt(at);
    const closer = MARKER_CLOSERS[opener];
    if (closer === undefined || unclosed.has(opener)) {
      at += 1;
      continue;
    }
    const end = raw.indexOf(closer, at + 1);
    if (end === -1) {
      unclosed.add(opener);
      at += 1;
      continue;
    }
    result += `${raw.slice(copiedTo, at)} `;
    at = end + 1;
    copiedTo = at;
  }
  return result + raw.slice(copiedTo);
}

export function normaliseTranscript(raw: string): string {
  const collapsed = withoutMarkers(raw).replace(/\s+/g, ' ').trim();
  // Punctuation alone ("...", "-") is what some models print for a cough.
  return /[\p{L}\p{N}]/u.test(collapsed) ? collapsed : '';
}
