/**
 * Test helpers shared by the suites. Fixtures are strings: `⟦` and `⟧` mark the expected range of
 * each finding (they cannot occur in a .graphreq file we write), `‸` marks a cursor.
 */
import * as assert from 'node:assert/strict';
import { getApiModel, parseDocument, positionAt, validateDocument, WorkspaceNames, type Environment, type Finding, type GraphreqDocument, type WorkspaceScope } from '../server/src/core';

export const model = getApiModel();

export interface Marked {
  text: string;
  spans: Array<{ start: number; end: number }>;
  cursor?: number;
}

/** Strips `⟦ ⟧` and `‸` markers, returning the clean text and the marked offsets. */
export function unmark(marked: string): Marked {
  let text = '';
  const spans: Marked['spans'] = [];
  const open: number[] = [];
  let cursor: number | undefined;
  for (const ch of marked) {
    if (ch === '⟦') open.push(text.length);
    else if (ch === '⟧') spans.push({ start: open.pop()!, end: text.length });
    else if (ch === '‸') cursor = text.length;
    else text += ch;
  }
  spans.sort((a, b) => a.start - b.start);
  return { text, spans, cursor };
}

export function findingsOf(text: string, env: Partial<Environment> = {}, workspace?: Record<string, string>): Finding[] {
  const doc = parseDocument(text);
  return validateDocument(doc, { env: { variables: {}, ...env }, model, workspace: workspace && workspaceOf(doc, workspace) }).sort((a, b) => a.span.start - b.span.start || a.code.localeCompare(b.code));
}

/** A workspace of the file checked (`this.graphreq`) and other files by name, for the rules across files. */
export function workspaceOf(doc: GraphreqDocument, others: Record<string, string>): WorkspaceScope {
  const names = new WorkspaceNames();
  for (const [file, text] of Object.entries(others)) names.set(file, parseDocument(text));
  names.set('this.graphreq', doc);
  return { names, file: 'this.graphreq' };
}

/**
 * Checks that the document has exactly the expected findings: one per `⟦…⟧` range, in order, with
 * the given codes (and severities, when given as `CODE:severity`). Nothing else may be reported.
 */
export function checkDiagnostics(marked: string, expected: string[], env: Partial<Environment> = {}, workspace?: Record<string, string>): Finding[] {
  const { text, spans } = unmark(marked);
  const found = findingsOf(text, env, workspace);
  const doc = parseDocument(text);
  const show = (f: Finding): string => {
    const p = positionAt(doc, f.span.start);
    return `${f.code}@${p.line + 1}:${p.character + 1} "${text.slice(f.span.start, f.span.end)}" ${f.severity}: ${f.message}`;
  };
  assert.equal(found.length, expected.length, `expected ${expected.length} findings (${expected.join(', ')}), got ${found.length}:\n${found.map(show).join('\n')}`);
  assert.equal(spans.length, expected.length, 'the fixture must mark one range per expected finding');
  const byStart = [...found].sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
  const want = expected.map((e, i) => ({ e, s: spans[i] }));
  for (let i = 0; i < want.length; i++) {
    const [code, severity] = want[i].e.split(':');
    const f = byStart[i];
    assert.equal(f.code, code, `finding ${i}: ${show(f)}`);
    if (severity) assert.equal(f.severity, severity, `finding ${i}: ${show(f)}`);
    assert.deepEqual({ start: f.span.start, end: f.span.end }, want[i].s, `range of ${show(f)} (want "${text.slice(want[i].s.start, want[i].s.end)}")`);
  }
  return found;
}

/** Applies a finding's first (or named) fix and returns the whole text. */
export function applyFix(text: string, f: Finding, title?: string): string {
  const fix = title ? f.fixes?.find((x) => x.title === title) : f.fixes?.[0];
  assert.ok(fix, `no fix${title ? ` "${title}"` : ''} on ${f.code}: ${JSON.stringify(f.fixes?.map((x) => x.title))}`);
  const edits = [...fix.edits].sort((a, b) => b.span.start - a.span.start);
  let out = text;
  for (const e of edits) out = out.slice(0, e.span.start) + e.newText + out.slice(e.span.end);
  return out;
}

/** A valid ad set creation body (that of examples/adsets.graphreq) with `members` merged in; `undefined` removes one. */
export function adsetBody(members: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: 'Spring sale',
    campaign_id: '120200000000000001',
    daily_budget: 2000,
    billing_event: 'IMPRESSIONS',
    optimization_goal: 'REACH',
    targeting: { geo_locations: { countries: ['US'] } },
    status: 'PAUSED',
    ...members,
  };
  for (const [k, v] of Object.entries(body)) if (v === undefined) delete body[k];
  return body;
}

/** A valid ad set creation request with `members` merged into its body (and directives before it). */
export function adsetCreate(members: Record<string, unknown> = {}, opts: { version?: string; account?: string; directives?: string[] } = {}): string {
  const body = adsetBody(members);
  return `${(opts.directives ?? []).map((d) => `# @${d}\n`).join('')}POST /${opts.version ?? 'v23.0'}/act_${opts.account ?? '1234567890'}/adsets\n\n${JSON.stringify(body, null, 2)}\n`;
}
