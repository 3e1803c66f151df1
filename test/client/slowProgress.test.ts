/**
 * Progress of a send (client/src/slowProgress.ts): in the status bar at once; a notification with
 * Cancel only once the send has taken over a second. The timer is the test's own, fired by hand.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { NOTIFY_AFTER_MS, showProgress, type ProgressUi } from '../../client/src/slowProgress';

function ui() {
  const shown: string[] = [];
  const timers: Array<{ fn: () => void; ms: number; cleared: boolean }> = [];
  let cancelled = 0;
  const u: ProgressUi = {
    statusBar: (title) => shown.push(`status bar: ${title}`),
    notification: (title, _task, onCancel) => {
      shown.push(`notification: ${title}`);
      onCancel();
    },
    setTimeout: (fn, ms) => timers.push({ fn, ms, cleared: false }) - 1,
    clearTimeout: (h) => {
      timers[h as number].cleared = true;
    },
  };
  return { u, shown, timers, cancels: () => cancelled, onCancel: () => cancelled++ };
}

test('a fast send shows progress in the status bar only', async () => {
  const t = ui();
  const value = await showProgress(t.u, 'GraphReq: sending', Promise.resolve(42), t.onCancel);
  assert.equal(value, 42);
  assert.deepEqual(t.shown, ['status bar: GraphReq: sending']);
  assert.equal(t.timers[0].ms, NOTIFY_AFTER_MS);
  assert.equal(NOTIFY_AFTER_MS, 1000);
  assert.ok(t.timers[0].cleared, 'the timer is cleared once the send is done');
  t.timers[0].fn();
  assert.deepEqual(t.shown, ['status bar: GraphReq: sending'], 'a timer that fires late shows nothing');
});

test('a send still running after a second gets a notification with Cancel', async () => {
  const t = ui();
  let finish!: (v: string) => void;
  const task = new Promise<string>((resolve) => (finish = resolve));
  const shown = showProgress(t.u, 'GraphReq: sending', task, t.onCancel);
  t.timers[0].fn();
  assert.deepEqual(t.shown, ['status bar: GraphReq: sending', 'notification: GraphReq: sending']);
  assert.equal(t.cancels(), 1, 'its Cancel cancels the send');
  finish('done');
  assert.equal(await shown, 'done');
});

test('a failed send settles its progress too', async () => {
  const t = ui();
  await assert.rejects(showProgress(t.u, 'x', Promise.reject(new Error('refused')), t.onCancel), /refused/);
  assert.ok(t.timers[0].cleared);
});
