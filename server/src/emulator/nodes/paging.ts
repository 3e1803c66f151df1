/**
 * Pages of a list (an edge such as `GET /act_<id>/adsets`, or a connection such as a thread's
 * `messages`), as the service pages them: `limit` items at most, from the item after the `after`
 * cursor or up to the item before the `before` cursor; `paging` gives the cursors of the page's
 * first and last items, and a `next` (`previous`) link only when there are items after (before) it.
 *
 * The documents are silent on all of it but `limit(n)` of the messages connection ([1]); the
 * decisions (default and largest limit, cursors, links, an invalid cursor or limit) are in
 * docs/api.md, [2] Other operations, and docs/emulator.md, "Lists and paging". The numbers of each
 * list are data: `paging` of its endpoint in schemas/endpoints.json.
 */
import { invalidParameter, ServiceError } from '../envelope';

/** How one list pages (schemas/endpoints.json `paging`). */
export interface PagingRule {
  /** Items in a page when `limit` is not given. */
  defaultLimit: number;
  /** A larger `limit` answers this many (and the links carry it). */
  maxLimit: number;
}

/** Where the links of a page point: the list's URL as it was called, without its paging parameters. */
export interface LinkBase {
  /** `http://127.0.0.1:8990`: the origin the call came to. */
  origin: string;
  /** The path as it was called, percent-encoded: `/v23.0/act_1/adsets`. */
  path: string;
  /** The call's other query parameters, in order (never the token). */
  query: Array<[string, string]>;
}

/** What the caller asked: `limit`, `after`, `before` as written (undefined when not given). */
export interface PageAsk {
  limit?: string;
  after?: string;
  before?: string;
}

export interface Paging {
  cursors: { before: string; after: string };
  previous?: string;
  next?: string;
}

export interface Page<T> {
  data: T[];
  /** Absent when the page is empty: there is nothing to point from. */
  paging?: Paging;
}

/** The parameters a page reads; everything else of the call is carried into its links. */
export const PAGING_PARAMS = ['limit', 'after', 'before'] as const;

/** Parameters that never go into a link: the token stays with the caller (docs/emulator.md). */
const NOT_IN_LINKS = new Set<string>([...PAGING_PARAMS, 'access_token']);

/**
 * The page of `items` (in the list's order) that `ask` selects. `keyOf` gives an item's stable key
 * (its id): a cursor is that key in base64, so it stays valid while other items come and go. A
 * cursor whose item has left the list since (`wasListed`: a deleted ad set) is placed by its key
 * (keys are ids, allocated in increasing order as items are added) when the list is in that order.
 */
export function pageOf<T>(items: T[], keyOf: (item: T) => string, ask: PageAsk, rule: PagingRule, link?: LinkBase, wasListed: (key: string) => boolean = () => false): Page<T> {
  const limit = readLimit(ask.limit, rule);
  let from = 0;
  let to = items.length;
  if (ask.after !== undefined) {
    from = positionOf(items, keyOf, decodeCursor(ask.after, 'after'), 'after', wasListed);
    to = Math.min(items.length, from + limit);
  } else if (ask.before !== undefined) {
    to = positionOf(items, keyOf, decodeCursor(ask.before, 'before'), 'before', wasListed);
    from = Math.max(0, to - limit);
  } else {
    to = Math.min(items.length, limit);
  }
  const data = items.slice(from, to);
  if (data.length === 0) return { data };
  const cursors = { before: encodeCursor(keyOf(data[0])), after: encodeCursor(keyOf(data[data.length - 1])) };
  const paging: Paging = { cursors };
  if (link && from > 0) paging.previous = linkOf(link, limit, 'before', cursors.before);
  if (link && to < items.length) paging.next = linkOf(link, limit, 'after', cursors.after);
  return { data, paging };
}

/** The query of a call without its paging parameters and token: what a page's links carry. */
export function linkQuery(params: Array<{ name: string; value: unknown; source: string }>): Array<[string, string]> {
  return params.filter((p) => p.source === 'query' && typeof p.value === 'string' && !NOT_IN_LINKS.has(p.name)).map((p) => [p.name, p.value as string]);
}

function readLimit(text: string | undefined, rule: PagingRule): number {
  if (text === undefined) return rule.defaultLimit;
  const t = text.trim();
  if (!/^\d+$/.test(t)) {
    throw invalidParameter(undefined, `\`limit\` must be a whole number of items, 0 or more (got "${text.slice(0, 40)}"); a page holds ${rule.defaultLimit} items without it and ${rule.maxLimit} at most.`, ['limit']);
  }
  // Any whole number is a limit (THREAD-LIMIT: "a positive integer"), one past what a number holds
  // (`messages.limit(99999999999999999999)`, which the editor passes) too: it asks for the largest page.
  return t.length > 15 ? rule.maxLimit : Math.min(Number(t), rule.maxLimit);
}

function encodeCursor(key: string): string {
  return btoa(key);
}

function decodeCursor(cursor: string, which: 'after' | 'before'): string {
  let key: string | undefined;
  try {
    key = atob(cursor.trim());
  } catch {
    key = undefined;
  }
  if (key === undefined || !/^[\w.:-]{1,64}$/.test(key)) throw invalidCursor(which, cursor);
  return key;
}

/**
 * Where a page starts (`after`: the index after the cursor's item) or ends (`before`: the index of
 * the cursor's item). A key that was listed and is no longer is placed among the others by its
 * number when the list is ordered by it; any other key is an invalid cursor.
 */
function positionOf<T>(items: T[], keyOf: (item: T) => string, key: string, which: 'after' | 'before', wasListed: (key: string) => boolean): number {
  const at = items.findIndex((i) => keyOf(i) === key);
  if (at >= 0) return which === 'after' ? at + 1 : at;
  if (!/^\d+$/.test(key) || !wasListed(key) || !ascendingByKey(items, keyOf)) throw invalidCursor(which, btoa(key));
  const n = BigInt(key);
  const next = items.findIndex((i) => BigInt(keyOf(i)) > n);
  return next < 0 ? items.length : next;
}

function ascendingByKey<T>(items: T[], keyOf: (item: T) => string): boolean {
  let last = -1n;
  for (const item of items) {
    const k = keyOf(item);
    if (!/^\d+$/.test(k)) return false;
    const n = BigInt(k);
    if (n <= last) return false;
    last = n;
  }
  return true;
}

function linkOf(link: LinkBase, limit: number, which: 'after' | 'before', cursor: string): string {
  const query = [...link.query, ['limit', String(limit)], [which, cursor]].map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  return `${link.origin}${link.path}?${query}`;
}

/**
 * A cursor this list never gave: the service's answer, recorded in public material (code 2642,
 * "Invalid cursors values"; facebook/facebook-java-business-sdk issue 292). The documents give none.
 */
function invalidCursor(which: 'after' | 'before', cursor: string): ServiceError {
  return new ServiceError({
    status: 400,
    code: INVALID_CURSOR_CODE,
    message: '(#2642) Invalid cursors values',
    errorData: JSON.stringify({ blame_field_specs: [[which]] }),
    userTitle: 'Invalid cursor',
    userMessage: `\`${which}\` (${JSON.stringify(cursor.slice(0, 60))}) is not a cursor of this list: take cursors from the \`paging\` of an answer of the same list, or follow its \`next\` and \`previous\` links.`,
  });
}

export const INVALID_CURSOR_CODE = 2642;
