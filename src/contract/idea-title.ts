/** docs/product.md, Editing and deleting: an idea's suggested title is at most this many characters. */
export const SUGGESTED_TITLE_MAX_CHARS = 50;

/**
 * The first 50 characters of the first line of an idea's content: what names it where a title
 * helps (the share sheet, the export's headings, the edit dialog). Blank lines and the spaces
 * around the line are not part of it; characters are counted as a person counts them (code
 * points), so a cut never splits an emoji's surrogate pair. Empty only for blank content.
 */
export function suggestedTitle(content: string): string {
  const firstLine = content.trim().split(/\r\n|\r|\n/, 1)[0] ?? '';
  return Array.from(firstLine.trim()).slice(0, SUGGESTED_TITLE_MAX_CHARS).join('').trimEnd();
}
