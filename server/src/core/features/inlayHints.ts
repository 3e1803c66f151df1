/**
 * Inlay hints, for the requests of a range (what the editor shows): the value of each `{{variable}}`
 * in the current environment (a secret is never shown), amounts in the account currency's smallest
 * unit in currency units (`2000` → `20.00 USD/day`), times as a readable UTC date with the length of
 * the schedule, and the span of a date range or of a `date_preset` whose name gives it.
 *
 * What is money, a time or a range is data (schemas/: `x-money`, `x-kind: datetime`, `x-valueHints`,
 * `x-durationFrom`, `x-dateRange`, `x-enumSpans`); where the currency comes from is graphreq.env.json
 * (`currency`, per account under `accounts`). docs/format.md, "Inlay hints", explains each.
 */
import { accountFacts, describeFact } from '../account/accountContext';
import { buildBlockCall, type BlockCall } from '../analysis/blockCall';
import { lookupVariable, resolveText, type FileContext } from '../analysis/fileContext';
import { blockNames } from '../analysis/names';
import type { ApiModel } from '../model/apiModel';
import { formatAmount, minorDigits } from '../model/currency';
import type { JsonSchema } from '../model/schemaTypes';
import { resolveRef } from '../model/validateValue';
import { bidUnitOf } from '../rules/adsetBidRules';
import type { GraphreqDocument, RequestBlock } from '../syntax/ast';
import { parseBodyTree } from '../syntax/jsonBody';
import { blockAt } from '../syntax/parseDocument';
import type { Span } from '../types';
import { MASK, isSecretValue } from './secretMask';

export type InlayHintKind = 'variable' | 'currency' | 'time' | 'dateRange';

export interface InlayHint {
  /** Where the hint goes: right after the value it explains. */
  offset: number;
  label: string;
  /** Markdown. */
  tooltip?: string;
  kind: InlayHintKind;
}

/** Which hints to give (`graphreq.inlayHints.*`); each is on unless set to false, but `variablesInUrls`, off unless true. */
export interface InlayHintSettings {
  variables?: boolean;
  /** Variables' values inside a request's URL (its request line and query continuation lines), where they read as part of the path. */
  variablesInUrls?: boolean;
  currency?: boolean;
  times?: boolean;
  dateRanges?: boolean;
}

const DAY_MS = 86_400_000;
const DOC = '[2] Create an ad set';

export function getInlayHints(doc: GraphreqDocument, file: FileContext, model: ApiModel, range: Span, settings: InlayHintSettings = {}): InlayHint[] {
  const out: InlayHint[] = [];
  const first = blockAt(doc, range.start);
  if (!first) return out;
  for (let i = first.index; i < doc.blocks.length && doc.blocks[i].offset <= range.end; i++) {
    const block = doc.blocks[i];
    if (settings.variables !== false) variableHints(block, file, settings.variablesInUrls === true, out);
    if (block.parsed.request && (settings.currency !== false || settings.times !== false || settings.dateRanges !== false)) valueHints(block, file, model, settings, out);
  }
  return out.filter((h) => h.offset >= range.start && h.offset <= range.end).sort((a, b) => a.offset - b.offset);
}

/** `{{name}}` → `= value`, resolved through other variables; a secret shows as dots. Inside the URL only when `inUrls`. */
function variableHints(block: RequestBlock, file: FileContext, inUrls: boolean, out: InlayHint[]): void {
  const r = block.parsed.request;
  const urlSpans = inUrls || !r ? [] : [r.target.span, ...r.continuationLines];
  for (const use of blockNames(block).uses) {
    if (use.kind !== 'variable') continue;
    if (urlSpans.some((u) => u.start <= use.span.start && use.span.end <= u.end)) continue;
    const value = lookupVariable(use.expr, file);
    if (value === undefined) continue;
    const resolved = resolveText(value, file).text;
    const secret = isSecretValue(use.expr, resolved, file);
    const where = file.variables.has(use.expr) ? 'file variable' : `environment${file.env.name ? ` \`${file.env.name}\`` : ' (`$shared`)'} of graphreq.env.json`;
    out.push({
      offset: block.offset + use.span.end,
      label: secret ? `= ${MASK}` : `= ${shorten(resolved)}`,
      tooltip: secret ? `\`{{${use.expr}}}\` (${where}) holds a secret: its value is not shown.` : `\`{{${use.expr}}}\` from the ${where}.`,
      kind: 'variable',
    });
  }
}

function shorten(text: string): string {
  const one = text.replace(/\s+/g, ' ');
  return one.length > 40 ? `${one.slice(0, 39)}…` : one;
}

/** Hints on parameter values the schemas mark as money, times or ranges. */
function valueHints(block: RequestBlock, file: FileContext, model: ApiModel, settings: InlayHintSettings, out: InlayHint[]): void {
  const bc = buildBlockCall(block, file, model);
  const params = bc && model.paramsSchema(bc.call.endpoint);
  if (!bc || !params?.properties) return;
  const spans = new ValueSpans(block, bc);
  for (const [name, param] of bc.call.params) {
    const raw = params.properties[name];
    if (!raw || param.opaque) continue;
    const s = resolveRef(raw, params);
    const known = s['x-valueHints']?.[String(param.value)];
    const hint = (kind: InlayHintKind, label: string, tooltip?: string): void => {
      const span = spans.value(name);
      if (span) out.push({ offset: block.offset + span.end, label, tooltip, kind });
    };
    if (s['x-money'] && settings.currency !== false) {
      if (known) hint('currency', known);
      else {
        const m = moneyHint(s, param.value, bc, file, params);
        if (m) hint('currency', m.label, m.tooltip);
      }
    } else if (s['x-kind'] === 'datetime' && settings.times !== false) {
      if (known) hint('time', known);
      else {
        const t = timeHint(s, param.value, bc);
        if (t) hint('time', t.label, t.tooltip);
      }
    } else if (settings.dateRanges !== false) {
      const r = rangeHint(s, param.value);
      if (r) hint('dateRange', r.label, r.tooltip);
    }
  }
}

function moneyHint(s: JsonSchema, value: unknown, bc: BlockCall, file: FileContext, params: JsonSchema): { label: string; tooltip: string } | undefined {
  const amount = integerOf(value);
  if (amount === undefined) return undefined;
  const account = bc.call.match?.values?.['ad-account-id'];
  const perAccount = account !== undefined ? file.env.accounts?.[`act_${account}`]?.currency ?? file.env.accounts?.[account]?.currency : undefined;
  const known = perAccount || file.env.currency ? undefined : accountFacts(file.env.context, account)?.currency;
  const currency = perAccount ?? file.env.currency ?? known?.value;
  const money = formatAmount(amount, currency);
  const source = perAccount
    ? `The currency is that of \`accounts.act_${account}\` in graphreq.env.json.`
    : known
      ? `The currency is the account's: ${describeFact(`act_${account}`, { ...known, value: '' })}.`
      : currency
      ? 'The currency is the `currency` of graphreq.env.json.'
      : `The currency is not known: set \`currency\` in graphreq.env.json (or per account under \`accounts\`). Read here as a currency with cents (USD, EUR); in one without (JPY, KRW) it is ${amount.toLocaleString('en-US')}.`;
  const unit = currency ? (minorDigits(currency) === 0 ? `${currency} (no smaller unit)` : `the cents of ${currency}`) : 'the smallest unit of the account currency';
  const lines = [`\`${amount}\` in ${unit} = **${money}**.`, source];
  let label: string;
  switch (s['x-money']) {
    case 'daily':
      label = `${money}/day`;
      break;
    case 'lifetime': {
      label = `${money} in all`;
      const days = scheduleDays(bc, params);
      if (days) lines.push(`Over the schedule of ${duration(days * DAY_MS)}: about ${formatAmount(Math.round(amount / days), currency)} a day.`);
      break;
    }
    default: {
      const { billing, perThousand, minimum } = bidUnitOf(bc.call);
      label = billing ? `${money} ${perThousand ? 'per 1,000' : 'per event'}` : `${money} per bid`;
      lines.push(
        billing
          ? `A bid per ${perThousand ? '1,000 occurrences' : 'occurrence'} of billing_event ${billing}.`
          : 'Per 1,000 occurrences when billing_event is IMPRESSIONS or REACH, otherwise per occurrence.',
        `Minimum: ${minimum} (${formatAmount(minimum, 'USD')}) ${perThousand ? 'per 1,000' : 'per occurrence'} for currencies like USD; other currencies have similar minimums (${DOC}).`,
      );
    }
  }
  return { label, tooltip: lines.join('\n\n') };
}

/**
 * The schedule in days, when both ends are known (for a lifetime budget's daily average): the time
 * parameter that counts from another (`x-durationFrom`), and that other one.
 */
function scheduleDays(bc: BlockCall, params: JsonSchema): number | undefined {
  for (const [name, raw] of Object.entries(params.properties ?? {})) {
    const from = resolveRef(raw, params)['x-durationFrom'];
    if (!from) continue;
    const start = timeOf(bc.call.params.get(from)?.value);
    const end = timeOf(bc.call.params.get(name)?.value);
    if (start !== undefined && end !== undefined && end > start) return (end - start) / DAY_MS;
  }
  return undefined;
}

function timeHint(s: JsonSchema, value: unknown, bc: BlockCall): { label: string; tooltip: string } | undefined {
  const ms = timeOf(value);
  if (ms === undefined) return undefined;
  const text = utc(ms);
  let label = text;
  const lines = [`${new Date(ms).toISOString()} (UTC).`];
  const from = s['x-durationFrom'];
  if (from) {
    const start = timeOf(bc.call.params.get(from)?.value);
    if (start !== undefined && ms > start) {
      label += ` · ${duration(ms - start)}`;
      lines.push(`${duration(ms - start)} after \`${from}\` (${utc(start)}).`);
    } else if (start !== undefined) {
      lines.push(`Not after \`${from}\` (${utc(start)}).`);
    }
  }
  return { label, tooltip: lines.join('\n\n') };
}

function rangeHint(s: JsonSchema, value: unknown): { label: string; tooltip?: string } | undefined {
  if (typeof value === 'string' && s['x-enumSpans']?.[value]) return { label: s['x-enumSpans'][value], tooltip: `\`${value}\` covers ${s['x-enumSpans'][value]} ([2] Read an ad set); the documents do not say in which time zone days begin.` };
  const range = s['x-dateRange'];
  if (!range) return undefined;
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return undefined;
    }
  }
  if (v === null || typeof v !== 'object') return undefined;
  const from = dayOf((v as Record<string, unknown>)[range.from]);
  const to = dayOf((v as Record<string, unknown>)[range.to]);
  if (from === undefined || to === undefined || to < from) return undefined;
  const days = Math.round((to - from) / DAY_MS) + 1;
  return {
    label: days === 1 ? '1 day' : `${days} days`,
    tooltip: `From the start of ${isoDay(from)} to the start of ${isoDay(to + DAY_MS)}: \`${range.to}\` counts up to the start of the following day ([2] Read an ad set). The documents do not say in which time zone days begin.`,
  };
}

/** A time as the API takes it: UNIX seconds (number or digits) or ISO 8601 text. */
function timeOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value * 1000;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value) > 0 ? Number(value) * 1000 : undefined;
  if (!/^\d{4}-\d{2}-\d{2}/.test(value.trim())) return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}

function dayOf(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(ms) && isoDay(ms) === value ? ms : undefined;
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function utc(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

function duration(ms: number): string {
  const hours = Math.round(ms / 3_600_000);
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  if (days === 0) return `${hours} h`;
  return `${days} day${days === 1 ? '' : 's'}${rest ? ` ${rest} h` : ''}`;
}

function integerOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim())) return Number(value);
  return undefined;
}

/** Where each top-level parameter's value is written in the block (block-relative). */
class ValueSpans {
  private members: Map<string, Span> | undefined;
  constructor(private readonly block: RequestBlock, private readonly bc: BlockCall) {}

  value(name: string): Span | undefined {
    const body = this.block.parsed.request!.body;
    if (body?.kind === 'json' && this.bc.call.params.get(name)?.source === 'json') return this.bodyMembers().get(name);
    return this.bc.written.get(name)?.value?.span;
  }

  private bodyMembers(): Map<string, Span> {
    if (this.members) return this.members;
    this.members = new Map();
    const body = this.block.parsed.request!.body!;
    const root = parseBodyTree(body.text).root;
    for (const prop of root?.type === 'object' ? root.children ?? [] : []) {
      const [key, value] = prop.children ?? [];
      if (key && value && typeof key.value === 'string') this.members.set(key.value, { start: body.span.start + value.offset, end: body.span.start + value.offset + value.length });
    }
    return this.members;
  }
}
