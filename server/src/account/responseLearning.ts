/**
 * The account context learns from responses (issue 23): what a response of an environment's service
 * shows about a campaign (a campaign read, an ad set read with `campaign{objective,...}`) is kept in
 * the environment's context (contextStore.ts) with the request it came from, so the next check knows
 * it without a read of its own. The embedded emulator needs none of this: its state is read directly.
 */
import { campaignsShown } from '../core';
import { originOf, type SendResult } from '../core/send';
import { ContextStore, environmentKey } from './contextStore';

/** A listener for a send session's results; errors are swallowed (learning never fails a send). */
export function contextLearner(o: { workspace: string; environment?: string; baseUrl: string; now: () => number }): (result: SendResult) => Promise<void> {
  const store = new ContextStore(o.workspace);
  const key = environmentKey(o.environment, originOf({ baseUrl: o.baseUrl }));
  return async (result) => {
    if (result.status === null || result.status < 200 || result.status >= 300 || result.bodyKind !== 'json') return;
    const shown = campaignsShown(result.body);
    const ids = Object.keys(shown);
    if (!ids.length) return;
    const at = o.now();
    await store
      .update(key, (env) => {
        for (const id of ids) env.campaigns[id] = { readAt: at, facts: { ...(env.campaigns[id]?.facts ?? {}), ...shown[id] }, from: { response: result.name } };
      })
      .catch(() => undefined);
  };
}
