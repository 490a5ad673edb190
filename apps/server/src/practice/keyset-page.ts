/**
 * Keyset paging for the practice's lists (issue 27, docs/decisions/0042-maintained-practice-figures.md).
 * A list's answer carries two cursors: the sort key of its first row (the page before ends there)
 * and of its last (the page after starts there). The next request names one, and the page is read
 * from the list's index at that boundary — a page deep in 200,000 appointments costs what the first
 * does, and rows inserted meanwhile neither repeat nor vanish between pages. Without a cursor (a
 * first visit, an old link, a cursor the server no longer reads), the page is read by its number.
 */

/** A row's position in its list: its sort columns' values, as text (instants as ISO strings). */
export type SortKey = readonly string[];

export type PageDirection = 'after' | 'before';

export type PageFetch =
  | { readonly kind: 'offset'; readonly offset: number }
  | { readonly kind: PageDirection; readonly key: SortKey };

const DIRECTION_CODES: Record<PageDirection, string> = { after: 'a', before: 'b' };

export const encodeCursor = (direction: PageDirection, key: SortKey): string => Buffer.from(JSON.stringify([DIRECTION_CODES[direction], ...key]), 'utf8').toString('base64url');

/** The cursor's direction and key, or null when it is not one this list wrote (another list's, altered, garbled). */
function decodeCursor(cursor: string, width: number): { direction: PageDirection; key: SortKey } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== width + 1 || !parsed.every((part) => typeof part === 'string' && part.length <= 400)) return null;
  const [code, ...key] = parsed as string[];
  const direction = code === 'a' ? 'after' : code === 'b' ? 'before' : null;
  return direction ? { direction, key } : null;
}

/**
 * How to read the page asked for: at the cursor when it is readable (and `isValidKey` accepts its
 * key: an instant that parses, a status the list has), else by the page's number.
 */
export function pageFetch(input: { readonly page: number; readonly pageSize: number; readonly cursor?: string | undefined }, width: number, isValidKey: (key: SortKey) => boolean): PageFetch {
  const decoded = input.cursor === undefined ? null : decodeCursor(input.cursor, width);
  if (decoded && isValidKey(decoded.key)) return { kind: decoded.direction, key: decoded.key };
  return { kind: 'offset', offset: (input.page - 1) * input.pageSize };
}

/** The cursors of the pages either side of `rows` (in list order); none on an empty page. */
export function pageCursors<T>(rows: readonly T[], keyOf: (row: T) => SortKey): { readonly previousCursor: string | null; readonly nextCursor: string | null } {
  const first = rows[0];
  const last = rows[rows.length - 1];
  return {
    previousCursor: first === undefined ? null : encodeCursor('before', keyOf(first)),
    nextCursor: last === undefined ? null : encodeCursor('after', keyOf(last)),
  };
}

/** An instant as a key part parses back to the same instant. */
export const isInstantKey = (text: string | undefined): boolean => text !== undefined && !Number.isNaN(Date.parse(text)) && /^\d{4}-\d{2}-\d{2}T/.test(text);

/**
 * A sort column: its SQL, its type (for the cursor's text) and the parameter its cursor value is —
 * or `value`, an SQL expression giving the boundary's value another way (looked up by the row's id,
 * so the cursor need not carry it).
 */
export interface SortColumn {
  readonly column: string;
  readonly type: string;
  /** The parameter, as the statement writes it (`$3`). */
  readonly parameter: string;
  readonly value?: string;
}

/**
 * The keyset condition and orders for a list sorted by `columns` all one way (`descending`), for
 * the page `fetch` asks for. `innerOrder` picks the page's rows (reversed for a page before the
 * cursor: the nearest rows first), `listOrder(alias)` shows them in the list's order.
 */
export function keysetClauses(fetch: PageFetch, columns: readonly SortColumn[], descending: boolean): { condition: string; innerOrder: string; listOrder: (alias: string) => string } {
  const order = (reverse: boolean, alias = '') => columns.map(({ column }) => `${alias}${column} ${descending !== reverse ? 'DESC' : 'ASC'}`).join(', ');
  const listOrder = (alias: string) => order(false, `${alias}.`);
  if (fetch.kind === 'offset') return { condition: '', innerOrder: order(false), listOrder };
  const forward = fetch.kind === 'after';
  const comparison = forward === descending ? '<' : '>';
  return {
    condition: `AND (${columns.map(({ column }) => column).join(', ')}) ${comparison} (${columns.map(({ parameter, type, value }) => value ?? `${parameter}::${type}`).join(', ')})`,
    innerOrder: order(!forward),
    listOrder,
  };
}

/** A page's LIMIT and OFFSET as its statement writes them, and the part of the statement's name that tells them apart. */
export interface PageWindow {
  /** The LIMIT's value: a literal, or a parameter. */
  readonly limit: string;
  /** The OFFSET's parameter; null for the first page and a page at a cursor, which skip nothing. */
  readonly offset: string | null;
  /** `LIMIT …`, with `OFFSET …` when it skips rows. */
  readonly clause: string;
  readonly nameKey: string;
}

/**
 * A page's window. The list's own page size and the first page are written as literals: given
 * `LIMIT $n` or `OFFSET $n`, PostgreSQL costs a prepared statement's generic plan as if a tenth of
 * the list were read, never prefers it, and plans the statement anew at every call (half a
 * millisecond of a patient search, more than its index reads). With literals it plans once per
 * connection. Any other size the schema accepts stays a parameter, so a client cannot make a
 * connection keep a statement per size; a page by number past the first gives its offset as a
 * parameter (planned at each call, as a deep offset wants).
 */
export function pageWindow(fetch: PageFetch, pageSize: number, listPageSize: number, parameter: (value: unknown) => string): PageWindow {
  const limit = pageSize === listPageSize ? String(listPageSize) : parameter(pageSize);
  const offset = fetch.kind === 'offset' && fetch.offset > 0 ? parameter(fetch.offset) : null;
  return {
    limit,
    offset,
    clause: `LIMIT ${limit}${offset === null ? '' : ` OFFSET ${offset}`}`,
    nameKey: `${pageSize === listPageSize ? listPageSize : 'n'}${offset === null ? '' : '-o'}`,
  };
}
