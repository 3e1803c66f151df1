/**
 * What graphreq.send, graphreq.sendAll and graphreq.validateOnly do once a host has opened a
 * session (sendCommand.ts on the desktop, web/webSend.ts in the browser worker): the request, with
 * the ones it reads first when asked (`withDeps`), or every request of the document; each result
 * reported as it completes; cancellation by `sendId`. Nothing here is a host's.
 */
import { buildFileContext, parseDocument, type EnvironmentSettings } from '../core';
import { requestDependencies, resultFromFailure, Redactor, type SendFailure, type SendResult } from '../core/send';
import type { SendSession } from '../send/sendSession';
import { Commands, type SendCommandArgs, type SendCommandResult, type SentTarget } from './protocol';

/** A session ready to send, or why nothing can be sent. */
export type OpenedSession =
  | { ok: false; failure: SendFailure }
  | {
      ok: true;
      session: SendSession;
      env: EnvironmentSettings;
      sent: SentTarget;
      /** Said once, before the first result's warnings. */
      note?: string;
      /** Where history saved a result (the desktop's), for the client to open. */
      savedPathOf?: (result: SendResult) => string | null;
    };

export interface SendRunContext {
  /** The document's current text. */
  text: string;
  onResult?: (result: SendResult, done: number, total: number) => void;
}

export interface SendRunOptions {
  /** The sends in progress by sendId (graphreq.cancel aborts them). */
  running: Map<string, AbortController>;
  now: () => number;
  cancel?: { readonly isCancellationRequested: boolean; onCancellationRequested(listener: () => void): unknown };
}

export async function runSendCommand(command: string, args: SendCommandArgs, context: SendRunContext, opened: OpenedSession, o: SendRunOptions): Promise<SendCommandResult> {
  const sendId = args.sendId ?? null;
  const redactor = new Redactor([args.token]);
  const identity = { index: args.index, name: null, title: null };
  const early = (f: SendFailure): SendCommandResult => ({ sendId, results: [redactor.value(resultFromFailure(identity, f, { sentAt: o.now(), attempts: 0, tokenEnvName: 'GRAPHREQ_ACCESS_TOKEN', warnings: [], durationMs: 0 }))] });
  if (!opened.ok) return early(opened.failure);
  const { session, env, sent, note } = opened;

  const controller = new AbortController();
  if (sendId) o.running.set(sendId, controller);
  o.cancel?.onCancellationRequested(() => controller.abort());
  if (o.cancel?.isCancellationRequested) controller.abort();
  try {
    const doc = parseDocument(context.text);
    const sendOptions = { signal: controller.signal, wait: args.wait, force: args.force };
    // Each result is reported as it completes (progress), and answered with where history saved it.
    const answer = (results: SendResult[]): SendCommandResult => {
      if (note) results[0]?.warnings.unshift(note);
      return { sendId, results, target: sent, saved: results.map((r) => opened.savedPathOf?.(r) ?? null) };
    };
    if (command === Commands.sendAll) return answer(await session.sendAll(doc, { ...sendOptions, onResult: context.onResult }));
    const results: SendResult[] = [];
    const deps = args.withDeps && command === Commands.send ? requestDependencies(doc, args.index, buildFileContext(doc, env)) : undefined;
    const total = (deps?.before.length ?? 0) + 1;
    const done = (r: SendResult): SendResult => {
      results.push(r);
      context.onResult?.(r, results.length, total);
      return r;
    };
    if (deps) {
      if (deps.cycle.length) return early({ kind: 'build', message: `the requests read each other's responses in a circle (${deps.cycle.join(' -> ')}), so none can go first`, retryAt: null });
      // The producers first; a failed one leaves its readers to say so (they find no response).
      for (const i of deps.before) {
        const r = done(await session.send(doc, i, sendOptions));
        if (r.failure?.kind === 'cancelled') return answer(results);
      }
    }
    done(await session.send(doc, args.index, { ...sendOptions, validateOnly: command === Commands.validateOnly }));
    return answer(results);
  } catch (e) {
    // A bug, not a failed send: report it without the token.
    throw new Error(session.redactor.text(redactor.text((e as Error).message ?? String(e))));
  } finally {
    if (sendId && o.running.get(sendId) === controller) o.running.delete(sendId);
  }
}
