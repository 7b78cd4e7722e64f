/**
 * 'found' appears when a filter or a query narrows the list (docs/product.md). A capped total
 * (the server stopped counting at 1,000, docs/api.md) reads "1,000+ ideas".
 */
export function resultsCountText(total: number, filtered: boolean, capped = false): string {
  const noun = total === 1 && !capped ? 'idea' : 'ideas';
  const count = capped ? `${total.toLocaleString('en-US')}+` : String(total);
  return filtered ? `${count} ${noun} found` : `${count} ${noun}`;
}
