/**
 * The URL node ([1]): GET /{version}/?id=<url> reads its engagement counters and object-graph
 * object; `ids=<url>,<url>` reads several at once (an object keyed by id, each id counted as one
 * call). `ids` naming only ad sets (numeric ids) or only threads (`t_...`) reads those nodes instead. Any URL can be read: one the emulator has not seen has zero counters and no og_object.
 * POST /{version}/?id=<url>&scrape=true refreshes what is stored about the URL and answers
 * {"success": true} (URL-SCRAPE-RESPONSE). Engagement counters are imprecise by design
 * (URL-ENGAGEMENT-IMPRECISE); the emulator's are the seeded figures.
 */
import { hex, sha256Of } from '../hostCrypto';
import type { FieldItem } from '../../core';
import { fieldsNode } from '../../core/analysis/call';
import { aliasesNotFound, invalidParameter } from '../envelope';
import { idsNamed } from '../limits/meter';
import { formatDatetime } from '../nodes/datetime';
import { own } from '../../core/own';
import { fieldItems, selectFields, withId } from '../nodes/selectFields';
import type { UrlNodeRecord } from '../state';
import { adSetAnswer } from './adsetRead';
import type { HandlerContext, Reply } from './context';
import { threadAnswer } from './threadRead';

export function readUrl(ctx: HandlerContext): Reply {
  const { call, store } = ctx;
  const ids = idsNamed(call);
  if (ids.length === 0) {
    // The rule engine refuses this first (URL-READ-ID); kept so that the handler never reads nothing.
    throw invalidParameter('URL-READ-ID', 'Name the URL to read: GET /{version}/?id=<url> ([1] Read a URL node).', ['id']);
  }
  const items = call.fields?.items.length ? call.fields.items : fieldItems(['id']);
  // `ids` naming only ad sets, or only threads, reads those nodes, as the editor checks their fields
  // against them (core fieldsNode); any other list reads URL nodes.
  const kind = fieldsNode(call);
  const node = (url: string): Record<string, unknown> =>
    kind === 'adset' ? adSetAnswer(ctx, url) : kind === 'thread' ? threadAnswer(ctx, url) : urlNode(url, own(store.state.urls, url), items);
  if (call.params.has('ids')) {
    // An id of the list that names nothing refuses the whole read (803), as the real service does.
    const held: Record<string, unknown> | undefined = kind === 'adset' ? store.state.adsets : kind === 'thread' ? store.state.threads : undefined;
    const missing = held ? ids.filter((id) => !own(held, id)) : [];
    if (missing.length) throw aliasesNotFound(missing);
    // Keyed by what the caller wrote: `ids=__proto__` must be a key like any other, not the prototype.
    const out: Record<string, unknown> = Object.create(null);
    for (const url of ids) out[url] = node(url);
    return { body: out };
  }
  return { body: node(ids[0]) };
}

export async function refreshUrl(ctx: HandlerContext): Promise<Reply> {
  const { call, store, now } = ctx;
  const url = String(call.params.get('id')!.value);
  const state = store.state;
  const existing = own(state.urls, url);
  if (existing?.og_object) existing.og_object.updated_time = now;
  else {
    const record: UrlNodeRecord = existing ?? { url, engagement: { comment_count: 0, comment_plugin_count: 0, reaction_count: 0, share_count: 0 } };
    record.og_object = { id: ogId(url), title: url, type: 'website', updated_time: now };
    state.urls[url] = record;
  }
  await store.commit();
  return { body: { success: true } };
}

/**
 * The fields asked for, and `id` always: [1] Read a URL node gives the response to a read of
 * `engagement` as "engagement with its four counters, and id". Asked for, it keeps its place; else it
 * comes last, as the service adds it.
 */
function urlNode(url: string, record: UrlNodeRecord | undefined, items: FieldItem[]): Record<string, unknown> {
  const node = selectFields(items, (item) => {
    switch (item.name) {
      case 'id':
        return url;
      case 'engagement':
        return { ...(record?.engagement ?? { comment_count: 0, comment_plugin_count: 0, reaction_count: 0, share_count: 0 }) };
      case 'og_object':
        return record?.og_object ? { ...record.og_object, updated_time: formatDatetime(record.og_object.updated_time, false) } : undefined;
      case 'app_links':
        return record?.app_links;
      default:
        return undefined;
    }
  });
  return withId(node, url);
}

/** A stable numeric id for the object-graph object of a URL first seen by a refresh. */
function ogId(url: string): string {
  const n = BigInt(`0x${hex(sha256Of(url)).slice(0, 12)}`);
  return `1015${n.toString().padStart(15, '0').slice(0, 13)}`;
}
