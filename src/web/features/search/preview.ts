/** docs/product.md, Constants and timings: search cards show the first 100 characters plus an ellipsis. */
export const SEARCH_PREVIEW_CHARS = 100;

export function searchPreview(content: string): string {
  const chars = Array.from(content);
  return chars.length > SEARCH_PREVIEW_CHARS
    ? `${chars.slice(0, SEARCH_PREVIEW_CHARS).join('')}...`
    : content;
}

/** 'found' appears when a filter or a query narrows the list (docs/product.md). */
export function resultsCountText(total: number, filtered: boolean): string {
  const noun = total === 1 ? 'idea' : 'ideas';
  return filtered ? `${total} ${noun} found` : `${total} ${noun}`;
}
