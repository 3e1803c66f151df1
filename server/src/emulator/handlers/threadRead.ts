/**
 * GET /{version}/t_<id> ([1] Read a thread). Only developers of the calling app may read a thread
 * (THREAD-CALLER: 200 otherwise). `messages` is a connection answered as a page of {"data": [...],
 * "paging": {...}} (nodes/paging.ts), newest first; `source(PARTICIPANTS)` leaves out admin texts,
 * which are returned otherwise (THREAD-SOURCE-ADMIN), and `limit(n)` keeps the last n (THREAD-LIMIT),
 * 25 when not given. Its `next` link leads to GET /{version}/t_<id>/messages, the same connection as
 * a list (undocumented: the documents show it only inside `fields`), where `limit`, `source` and
 * `fields` are parameters. [1] does not show the fields of a message: the emulator answers id,
 * created_time, from and message. Thread fields other than id and messages are not shown either, so
 * they are left out.
 */
import type { FieldItem } from '../../core';
import { invalidParameter, ServiceError, unknownObject } from '../envelope';
import { formatDatetime } from '../nodes/datetime';
import { own } from '../../core/own';
import { pageOf, type LinkBase, type PageAsk, type PagingRule } from '../nodes/paging';
import { fieldItems, narrow, selectFields, withId } from '../nodes/selectFields';
import type { MessageRecord, ThreadRecord } from '../state';
import type { HandlerContext, Reply } from './context';

export function readThread(ctx: HandlerContext): Reply {
  return { body: threadAnswer(ctx, ctx.call.match!.values['thread-id']) };
}

/** One thread as a read answers it; also each thread of `GET /?ids=a,b` (urlNode.ts). */
export function threadAnswer(ctx: HandlerContext, id: string): Record<string, unknown> {
  const thread = readableThread(ctx, id);
  const items = ctx.call.fields?.items.length ? ctx.call.fields.items : fieldItems(['id']);
  const answer = selectFields(items, (item) => {
    if (item.name === 'id') return thread.id;
    if (item.name === 'messages') return messages(ctx, thread, item);
    return undefined;
  });
  return withId(answer, thread.id);
}

/**
 * GET /{version}/t_<id>/messages: the connection as a list, where its pages' links lead. `source`
 * takes PARTICIPANTS only, as the modifier does (THREAD-SOURCE-VALUE); `fields` narrows each message.
 */
export function readThreadMessages(ctx: HandlerContext): Reply {
  const { call } = ctx;
  const thread = readableThread(ctx, call.match!.values['thread-id']);
  const source = textParam(ctx, 'source');
  if (source !== undefined && source.trim() !== 'PARTICIPANTS') {
    throw invalidParameter('THREAD-SOURCE-VALUE', '`source` takes one value, PARTICIPANTS, which leaves out admin texts ([1] Messages connection).', ['source']);
  }
  const page = pageOf(listOf(thread, source), (m) => m.id, { limit: textParam(ctx, 'limit'), after: textParam(ctx, 'after'), before: textParam(ctx, 'before') }, call.endpoint!.paging!, ctx.link);
  const body: Record<string, unknown> = { data: page.data.map((m) => narrow(messageOf(m), call.fields?.items.length ? call.fields.items : undefined)) };
  if (page.paging) body.paging = page.paging;
  return { body };
}

function textParam(ctx: HandlerContext, name: string): string | undefined {
  const v = ctx.call.params.get(name)?.value;
  return v === undefined || v === null ? undefined : typeof v === 'string' ? v : JSON.stringify(v);
}

/** The thread, once the caller may read it (THREAD-CALLER) and it exists. */
function readableThread(ctx: HandlerContext, id: string): ThreadRecord {
  const { call, store, caller } = ctx;
  if (!caller.developer) {
    throw new ServiceError({
      status: 403,
      code: 200,
      message: 'Permissions error',
      userTitle: 'Only developers of the app can read threads',
      userMessage: `Only users who are developers of the calling app (app ${caller.app}) can read a thread; pages should use the conversations endpoint instead ([1] Authentication).`,
      rule: 'THREAD-CALLER',
    });
  }
  const thread = own(store.state.threads, id);
  if (!thread) throw unknownObject(id, call.method);
  return thread;
}

/**
 * The connection inside a read: `limit(n)` (THREAD-LIMIT; the rule engine has refused anything but a
 * positive integer) is the page's size. Its links lead to the list of the connection, with the
 * modifiers as its parameters and a sub-selection (`messages{message}`) as its `fields`.
 */
function messages(ctx: HandlerContext, thread: ThreadRecord, item: FieldItem): unknown {
  const source = item.modifiers.find((m) => m.name === 'source')?.arg?.trim();
  const limitArg = item.modifiers.find((m) => m.name === 'limit')?.arg?.trim();
  const rule: PagingRule = ctx.model.endpointById(CONNECTION_LIST)!.paging!;
  const ask: PageAsk = { limit: limitArg !== undefined && /^\d+$/.test(limitArg) ? limitArg : undefined };
  const query: Array<[string, string]> = [];
  if (source !== undefined) query.push(['source', source]);
  if (item.selection?.length) query.push(['fields', item.selection.map((s) => s.name).filter((n) => n !== '').join(',')]);
  // The version segment as called (none when the call had none), then the thread's connection.
  const version = /^\/v\d+\.\d+(?=\/|$)/.exec(ctx.link.path)?.[0] ?? '';
  const link: LinkBase = { origin: ctx.link.origin, path: `${version}/${encodeURIComponent(thread.id)}/messages`, query };
  const page = pageOf(listOf(thread, source), (m) => m.id, ask, rule, link);
  // selectFields narrows each message of `data` to `messages{...}`, not the connection object.
  return page.paging ? { data: page.data.map(messageOf), paging: page.paging } : { data: page.data.map(messageOf) };
}

/** The endpoint the connection's links lead to (schemas/endpoints.json), whose paging it shares. */
const CONNECTION_LIST = 'thread.messages';

/** The thread's messages, newest first; without admin texts for source PARTICIPANTS. */
function listOf(thread: ThreadRecord, source: string | undefined): MessageRecord[] {
  const list = source === 'PARTICIPANTS' ? thread.messages.filter((m) => !m.admin_text) : thread.messages;
  return [...list].reverse();
}

function messageOf(m: MessageRecord): Record<string, unknown> {
  return { id: m.id, created_time: formatDatetime(m.created_time, false), from: { ...m.from }, message: m.message };
}
