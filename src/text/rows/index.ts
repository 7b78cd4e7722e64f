import type { Row } from '../match/matcher.js';
import { DETAIL_ROWS } from './details.js';
import { LIST_ROWS } from './list.js';
import { TAG_ROWS } from './tags.js';

/** Every table of rule rows in the engine, by the family its ids start with. */
export const ROW_TABLES: Readonly<Record<string, readonly Row<unknown>[]>> = {
  detail: DETAIL_ROWS,
  list: LIST_ROWS,
  tag: TAG_ROWS,
};
