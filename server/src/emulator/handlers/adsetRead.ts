/**
 * GET /{version}/<ad_set_id> ([2] Read an ad set): the fields asked for, id by default; date_format=U
 * gives datetimes as UNIX timestamps. date_preset and time_range select statistics, and the ad set
 * fields of [2] hold none, so once the rule engine has accepted them they change nothing in the
 * answer (an invalid time_range is ignored, as [2] says).
 */
import { unknownObject } from '../envelope';
import { adsetNode } from '../nodes/adsetNode';
import { own } from '../../core/own';
import type { HandlerContext, Reply } from './context';

export function readAdSet(ctx: HandlerContext): Reply {
  return { body: adSetAnswer(ctx, ctx.call.match!.values['adset-id']) };
}

/**
 * One ad set as a read answers it; also each ad set of `GET /?ids=a,b` (urlNode.ts). A deleted ad set
 * is still read: [2] gives DELETED as a value of configured_status and effective_status, which only a
 * read of it can answer, and its limits count "non-deleted" ad sets, so deleted ones still exist.
 */
export function adSetAnswer(ctx: HandlerContext, id: string): Record<string, unknown> {
  const { call, store, version } = ctx;
  const adset = own(store.state.adsets, id);
  if (!adset) throw unknownObject(id, call.method);
  return adsetNode(adset, store.state, { fields: call.fields?.items, version, unix: call.params.get('date_format')?.value === 'U' });
}
