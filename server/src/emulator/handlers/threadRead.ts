/**
 * GET /{version}/t_<id> ([1] Read a thread). Only developers of the calling app may read a thread
 * (THREAD-CALLER: 200 otherwise). `messages` is a connection answered as {"data": [...]}, newest
 * first; `source(PARTICIPANTS)` leaves out admin texts, which are returned otherwise
 * (THREAD-SOURCE-ADMIN), and `limit(n)` keeps the last n (THREAD-LIMIT). [1] does not show the
 * fields of a message: the emulator answers id, created_time, from and message. Thread fields other
 * than id and messages are not shown either, so they are left out.
 */
import type { FieldItem } from '../../core';
import { ServiceError, unknownObject } from '../envelope';
import { formatDatetime } from '../nodes/datetime';
import { own } from '../../core/own';
import { fieldItems, selectFields } from '../nodes/selectFields';
import type { ThreadRecord } from '../state';
import type { HandlerContext, Reply } from './context';

export function readThread(ctx: HandlerContext): Reply {
  return { body: threadAnswer(ctx, ctx.call.match!.values['thread-id']) };
}

/** One thread as a read answers it; also each thread of `GET /?ids=a,b` (urlNode.ts). */
export function threadAnswer(ctx: HandlerContext, id: string): Record<string, unknown> {
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
  const items = call.fields?.items.length ? call.fields.items : fieldItems(['id']);
  return selectFields(items, (item) => {
    if (item.name === 'id') return thread.id;
    if (item.name === 'messages') return messages(thread, item);
    return undefined;
  });
}

function messages(thread: ThreadRecord, item: FieldItem): unknown {
  const source = item.modifiers.find((m) => m.name === 'source')?.arg?.trim();
  const limitArg = item.modifiers.find((m) => m.name === 'limit')?.arg?.trim();
  let list = thread.messages;
  if (source === 'PARTICIPANTS') list = list.filter((m) => !m.admin_text);
  if (limitArg !== undefined && /^\d+$/.test(limitArg)) list = list.slice(Math.max(0, list.length - Number(limitArg)));
  const data = [...list].reverse().map((m) => ({ id: m.id, created_time: formatDatetime(m.created_time, false), from: { ...m.from }, message: m.message }));
  // selectFields narrows each message of `data` to `messages{...}`, not the connection object.
  return { data };
}
