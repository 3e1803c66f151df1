import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { formatCountdown, statusView, usageLevel, usageTooltipMarkdown } from '../../client/src/usagePresentation';
import { highestPercent, limitingLabel, regainMinutes } from '../../client/src/sendModel';
import { usage } from './model';

const u = usage({
  app: { call_count: 42, total_cputime: 7, total_time: 12 },
  buc: [{ businessId: '777', type: 'ads_management', call_count: 3, total_cputime: 1, total_time: 95, estimated_time_to_regain_access: 5 }],
  throttled: false,
});

test('the highest figure, the limiting figure and BUC regain times come from the server\'s model', () => {
  assert.equal(highestPercent(u), 95);
  assert.equal(limitingLabel(u), 'BUC ads_management (business 777) total_time');
  assert.equal(regainMinutes(u, u.figures[5]), 5);
  assert.equal(regainMinutes(u, u.figures[0]), undefined);
});

test('status text and colour follow the thresholds', () => {
  const t = { warning: 75, error: 90 };
  assert.deepEqual(statusView(usage({ app: { call_count: 42 } }), 0, t), { text: 'Graph 42%', level: 'normal', counting: false });
  assert.equal(statusView(usage({ app: { call_count: 75 } }), 0, t).level, 'warning');
  assert.equal(statusView(usage({ app: { call_count: 90 } }), 0, t).level, 'error');
  assert.equal(statusView(usage({ app: { call_count: 50 } }), 0, { warning: 40, error: 60 }).level, 'warning');
  assert.equal(statusView(usage({}), 0).text, 'Graph –');
  assert.equal(statusView(undefined, 0).text, 'Graph –');
  assert.equal(usageLevel(undefined), 'normal');
});

test('while blocked, the item counts down to the estimated time of regained access', () => {
  const now = Date.parse('2026-01-01T10:00:00Z');
  const blocked = usage({ app: { call_count: 100 }, blockedUntil: '2026-01-01T10:04:59Z' });
  assert.deepEqual(statusView(blocked, now), { text: 'Graph blocked 4:59', level: 'error', counting: true });
  assert.deepEqual(statusView(blocked, now + 299_000), { text: 'Graph 100%', level: 'error', counting: false });
  assert.equal(statusView(usage({ blockedUntil: '2026-01-01T11:00:00Z' }), now).text, 'Graph blocked 1:00:00');
  assert.equal(formatCountdown(0), '0:00');
});

test('the tooltip lists every figure, BUC regain times, throttle indicators and the environment', () => {
  const md = usageTooltipMarkdown(u, { environment: 'prod', baseUrl: 'https://graph.example.com', now: 0 });
  for (const s of ['App call\\_count | 42%', 'BUC ads\\_management (business 777) total\\_time | 95% ⛔ | in 5 min', 'throttled: **no**', 'backend\\_qps: 2 of 10', 'Environment: **prod**', 'command:graphreq.showUsage']) {
    assert.ok(md.includes(s), `tooltip lacks ${s}:\n${md}`);
  }
  assert.ok(usageTooltipMarkdown(undefined, { now: 0 }).includes('embedded emulator'));
});
