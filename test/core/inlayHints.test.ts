/**
 * Inlay hints: variables' values (never a secret), amounts in currency units with the currency's
 * source, times in UTC with the schedule's length, date ranges and presets, the settings that turn
 * each off, and only the requests of the range asked for. `‸` marks where each hint is expected.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLanguageService, parseDocument, type Environment, type InlayHintSettings } from '../../server/src/core';
import { unmark } from '../helpers';

const ls = createLanguageService();

function hints(marked: string, env: Partial<Environment> = {}, settings: InlayHintSettings = {}, range?: { start: number; end: number }) {
  const { text } = unmark(marked);
  const expected: number[] = [];
  let shift = 0;
  for (const [i, ch] of [...marked].entries()) {
    if (ch === '‸') expected.push(i - shift++);
    else if (ch === '⟦' || ch === '⟧') shift++;
  }
  const doc = parseDocument(text);
  const got = ls.getInlayHints(doc, ls.fileContext(doc, { variables: {}, ...env }), range ?? { start: 0, end: text.length }, settings);
  return { text, expected, got };
}

describe('inlay hints', () => {
  it('show the value of a variable where it is used, resolved, and never a secret', () => {
    const { expected, got } = hints(`@v = v23.0\n@path = {{v}}‸/act_{{account}}‸\n@token = EAAB1234567890abcdefghijklmnop\nGET /{{path}}‸/adsets?x={{token}}‸&y={{nope}}\n`, { variables: { account: '1234567890' } }, { variablesInUrls: true });
    assert.deepEqual(got.map((h) => h.offset), expected);
    assert.deepEqual(got.map((h) => h.label), ['= v23.0', '= 1234567890', '= v23.0/act_1234567890', '= ••••']);
    assert.match(got[3].tooltip ?? '', /holds a secret: its value is not shown/);
    assert.ok(!JSON.stringify(got).includes('EAAB'), 'no part of the token in any hint');
  });

  it('leave the URL alone unless asked (a value there reads as part of the path): the request line and its query continuation lines', () => {
    const text = `@v = v23.0\n@id = 42\nGET /{{v}}/{{id}}?fields=name\n  &x={{id}}\n\n{ "name": "{{id}}‸" }\n`;
    const off = hints(text);
    assert.deepEqual(off.got.map((h) => [h.offset, h.label]), off.expected.map((o) => [o, '= 42']), 'only the body\'s use, by default');
    const on = hints(text, {}, { variablesInUrls: true });
    assert.deepEqual(on.got.map((h) => h.label), ['= v23.0', '= 42', '= 42', '= 42']);
  });

  it('show budgets and bids in currency units, with where the currency comes from', () => {
    const body = `{ "name": "x", "daily_budget": 2000‸, "lifetime_budget": "50000"‸, "bid_amount": 150‸, "billing_event": "IMPRESSIONS", "daily_spend_cap": 922337203685478‸ }`;
    const text = `POST /v23.0/act_1234/adsets\n\n${body}\n`;
    const usd = hints(text, { currency: 'USD' });
    assert.deepEqual(usd.got.map((h) => h.offset), usd.expected);
    assert.deepEqual(usd.got.map((h) => h.label), ['20.00 USD/day', '500.00 USD in all', '1.50 USD per 1,000', 'no cap']);
    assert.match(usd.got[0].tooltip!, /`currency` of graphreq\.env\.json/);
    assert.match(usd.got[2].tooltip!, /Minimum: 2 \(0\.02 USD\) per 1,000 for currencies like USD/);
    const jpy = hints(text, { currency: 'USD', accounts: { act_1234: { currency: 'JPY' } } });
    assert.deepEqual(jpy.got.map((h) => h.label).slice(0, 2), ['2,000 JPY/day', '50,000 JPY in all']);
    assert.match(jpy.got[0].tooltip!, /`accounts\.act_1234`/);
    const unknown = hints(text);
    assert.equal(unknown.got[0].label, '20.00 ¤/day');
    assert.match(unknown.got[0].tooltip!, /not known: set `currency` in graphreq\.env\.json.*in one without \(JPY, KRW\) it is 2,000/s);
  });

  it('say what a bid is counted in from billing_event', () => {
    const { got } = hints(`POST /v23.0/act_1/adsets\n\n{ "bid_amount": 40, "billing_event": "LINK_CLICKS" }\n`, { currency: 'EUR' });
    assert.equal(got[0].label, '0.40 EUR per event');
    assert.match(got[0].tooltip!, /per occurrence of billing_event LINK_CLICKS/);
  });

  it('show times as UTC dates, with the schedule length after the start', () => {
    const { expected, got } = hints(`POST /v23.0/act_1/adsets\n\n{ "start_time": 1767225600‸, "end_time": "2026-01-31T12:00:00+0000"‸, "lifetime_budget": 9000‸ }\n`, { currency: 'USD' });
    assert.deepEqual(got.map((h) => h.offset), expected);
    assert.deepEqual(got.map((h) => h.label), ['2026-01-01 00:00 UTC', '2026-01-31 12:00 UTC · 30 days 12 h', '90.00 USD in all']);
    assert.match(got[2].tooltip!, /schedule of 30 days 12 h: about 2\.95 USD a day/);
    const ongoing = hints(`POST /v23.0/1/copies\n\ndeep_copy=true&end_time=0‸\n`);
    assert.deepEqual(ongoing.got.map((h) => [h.offset, h.label]), [[ongoing.expected[0], 'ongoing (with a daily budget)']]);
  });

  it('show the span of a time_range and of a date_preset whose name gives it, and nothing for the others', () => {
    const { expected, got } = hints(`GET /v23.0/120200000000000002?date_preset=last_7d‸&time_range={"since":"2026-01-01","until":"2026-01-31"}‸\n\n###\nGET /v23.0/120200000000000002?date_preset=this_month&time_range={"since":"2026-02-01","until":"2026-01-01"}\n`);
    assert.deepEqual(got.map((h) => h.offset), expected);
    assert.deepEqual(got.map((h) => h.label), ['7 days', '31 days']);
    assert.match(got[1].tooltip!, /From the start of 2026-01-01 to the start of 2026-02-01/);
  });

  it('are turned off one kind at a time by the settings', () => {
    const text = `@b = 2000\nPOST /v23.0/act_1/adsets\n\n{ "daily_budget": {{b}}, "end_time": 1767225600 }\n`;
    const kinds = (settings: InlayHintSettings): string[] => hints(text, {}, settings).got.map((h) => h.kind);
    assert.deepEqual(kinds({}), ['variable', 'currency', 'time']);
    assert.deepEqual(kinds({ variables: false }), ['currency', 'time']);
    assert.deepEqual(kinds({ currency: false, times: false }), ['variable']);
  });

  it('are computed only for the requests of the range asked for', () => {
    const text = `###\nPOST /v23.0/act_1/adsets\n\n{ "daily_budget": 100 }\n\n###\nPOST /v23.0/act_1/adsets\n\n{ "daily_budget": 200 }\n`;
    const second = text.lastIndexOf('###');
    const { got } = hints(text, { currency: 'USD' }, {}, { start: second, end: text.length });
    assert.deepEqual(got.map((h) => h.label), ['2.00 USD/day']);
  });
});
