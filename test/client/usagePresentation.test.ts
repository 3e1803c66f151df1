/**
 * The usage item of the status bar and its tooltip, from the scopes seen recently (the pure half of
 * client/src/statusBar.ts): the highest figure names its scope, a blocked scope counts down, each
 * figure falls as its window rolls, and the tooltip lists every scope.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { emptyRecentUsage, recordUsage, usageNow } from '../../server/src/core/send/recentUsage';
import { formatCountdown, statusView, usageLevel, usageTooltipMarkdown } from '../../client/src/usagePresentation';
import { highestPercent, limitingLabel, regainMinutes } from '../../client/src/sendModel';
import { result, usage } from './model';

const T0 = Date.parse('2026-01-01T10:00:00Z');
const MIN = 60_000;

const u = usage({
  app: { call_count: 42, total_cputime: 7, total_time: 12 },
  buc: [{ businessId: '777', type: 'ads_management', call_count: 3, total_cputime: 1, total_time: 95, estimated_time_to_regain_access: 5 }],
  throttled: false,
});

/** The scopes after these responses, each at T0. */
function seen(...usages: Array<ReturnType<typeof usage>>) {
  let s = emptyRecentUsage();
  for (const x of usages) s = recordUsage(s, result({ status: 200, usage: x, request: { method: 'GET', url: 'http://h/v23.0/act_1/adsets', headers: {}, body: null } }), T0);
  return s;
}

test('the highest figure, the limiting figure and BUC regain times come from the server\'s model', () => {
  assert.equal(highestPercent(u), 95);
  assert.equal(limitingLabel(u), 'BUC ads_management (business 777) total_time');
  assert.equal(regainMinutes(u, u.figures[5]), 5);
  assert.equal(regainMinutes(u, u.figures[0]), undefined);
});

test('status text names the limiting scope, and its colour follows the thresholds', () => {
  const t = { warning: 75, error: 90 };
  assert.deepEqual(statusView(usageNow(seen(usage({ app: { call_count: 42 } })), T0), T0, t), { text: 'Graph 42% · app', level: 'normal', counting: false });
  assert.equal(statusView(usageNow(seen(usage({ app: { call_count: 75 } })), T0), T0, t).level, 'warning');
  assert.equal(statusView(usageNow(seen(usage({ app: { call_count: 90 } })), T0), T0, t).level, 'error');
  assert.equal(statusView(usageNow(seen(usage({ app: { call_count: 50 } })), T0), T0, { warning: 40, error: 60 }).level, 'warning');
  assert.equal(statusView(usageNow(emptyRecentUsage(), T0), T0).text, 'Graph –');
  assert.equal(usageLevel(undefined), 'normal');
});

test('a thread read after ad set calls keeps the ad account\'s figure: the highest across scopes is shown', () => {
  const ads = usage({ buc: [{ businessId: '1', type: 'ads_management', call_count: 40 }] });
  const thread = usage({ buc: [{ businessId: '1', type: 'msgr', call_count: 1 }] });
  assert.equal(statusView(usageNow(seen(ads, thread), T0), T0).text, 'Graph 40% · ads_management');
  // Half an hour later the ads figure has fallen by half; the msgr one (a day's window) has barely moved.
  const later = usageNow(seen(ads, thread), T0 + 30 * MIN);
  assert.equal(statusView(later, T0 + 30 * MIN).text, 'Graph 20% · ads_management');
  assert.equal(statusView(usageNow(seen(ads, thread), T0 + 61 * MIN), T0 + 61 * MIN).text, 'Graph 1% · msgr');
});

test('while a scope is blocked, the item counts down to the estimated time of regained access', () => {
  const blocked = seen(usage({ buc: [{ businessId: '1', type: 'ads_management', call_count: 100, estimated_time_to_regain_access: 5 }] }));
  assert.deepEqual(statusView(usageNow(blocked, T0 + 1000), T0 + 1000), { text: 'Graph blocked 4:59 · ads_management', level: 'error', counting: true });
  assert.deepEqual(statusView(usageNow(blocked, T0 + 5 * MIN), T0 + 5 * MIN), { text: 'Graph 100% · ads_management', level: 'error', counting: false });
  assert.equal(formatCountdown(3_600_000), '1:00:00');
  assert.equal(formatCountdown(0), '0:00');
});

test('the tooltip lists every scope with its figure now and when seen, the limiting scope, throttle indicators and the environment', () => {
  const md = usageTooltipMarkdown(usageNow(seen(u), T0 + MIN), { environment: 'prod', baseUrl: 'https://graph.example.com', latest: u, now: T0 + MIN });
  for (const s of ['| ads\\_management \\(business 777\\) | 95% ⛔ | 95% total\\_time at', 'blocked until', '| app | 41.3% | 42% call\\_count at', 'Limiting scope: **ads\\_management \\(business 777\\)**', 'throttled: **no**', 'backend\\_qps: 2 of 10', 'Environment: **prod**', 'Click to open the usage view']) {
    assert.ok(md.includes(s), `tooltip lacks ${s}:\n${md}`);
  }
  assert.ok(usageTooltipMarkdown(usageNow(emptyRecentUsage(), T0), { now: T0 }).includes('embedded emulator'));
});
