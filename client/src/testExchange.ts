/**
 * What the Testing view's Debug profile writes to a run's output for each test (TestRun.appendOutput,
 * a terminal: lines end in CRLF): the test's verdict, the request as it was sent (`>` lines, token
 * replaced), the response's status, every header (the usage headers among them) and the body (`<`
 * lines, then the body pretty-printed), then each expectation with its outcome. The prefixes are
 * curl -v's, which people who use request tools read at a glance. Plain module (no 'vscode' import),
 * so unit tests can load it.
 */
import type { TestReportModel } from '../../server/src/lsp/protocol';
import { headerList } from './sendModel';

/** Bodies longer than this are cut in the output (the response view has them whole). */
export const EXCHANGE_BODY_LIMIT = 64 * 1024;

const VERDICT: Record<TestReportModel['status'], string> = { passed: 'PASS', failed: 'FAIL', 'not-run': 'NOT RUN' };

/**
 * The exchange of one test as terminal text; `where` is its place (`api.graphreq:12`) and `redact`
 * the client's redactor, applied to everything again (the server already removed the token).
 */
export function exchangeText(r: TestReportModel, where: string, redact: (s: string) => string = (s) => s): string {
  const lines: string[] = [];
  const took = r.durationMs !== null ? ` (${Math.round(r.durationMs)} ms)` : '';
  lines.push(`── ${r.notSent ? 'NOT SENT' : VERDICT[r.status]} ${r.label} · ${where}${took}`);
  const x = r.exchange;
  if (x && x.request.url) {
    lines.push(`> ${x.request.method} ${x.request.url}`);
    for (const [name, value] of headerList(x.request.headers)) lines.push(`> ${name}: ${value}`);
    if (x.request.body) lines.push('>', ...x.request.body.split(/\r?\n/).map((l) => `> ${l}`));
  }
  if (x && x.status !== null) {
    lines.push(`< HTTP ${x.status}${x.statusText ? ` ${x.statusText}` : ''}`);
    for (const [name, value] of headerList(x.headers)) lines.push(`< ${name}: ${value}`);
    const body = x.bodyKind === 'json' ? JSON.stringify(x.body, null, 2) : x.bodyKind === 'text' ? String(x.body) : '';
    if (body) {
      lines.push('');
      const cut = body.length > EXCHANGE_BODY_LIMIT;
      lines.push(...(cut ? body.slice(0, EXCHANGE_BODY_LIMIT) : body).split(/\r?\n/));
      if (cut) lines.push(`… ${body.length - EXCHANGE_BODY_LIMIT} more characters: the response view shows the whole body.`);
    }
  } else if (x?.failure) {
    // Refused before it left: no request went out, and `graphreq test` says NOT SENT.
    lines.push(`${r.notSent ? 'not sent' : 'no response'}: ${x.failure.message}`);
  } else if (r.reason) {
    lines.push(r.reason);
  }
  if (r.expectations.length) lines.push('');
  for (const e of r.expectations) {
    lines.push(e.passed ? `✓ ${e.text}${e.actual && e.actual !== e.expected ? ` (${e.actual})` : ''}` : `✗ ${e.text} (line ${e.line + 1}): ${e.message ?? `expected ${e.expected}, got ${e.actual}`}`);
  }
  return `${lines.map((l) => redact(l)).join('\r\n')}\r\n\r\n`;
}

/** The first failing expectation of a test (the line the Debug profile reveals), else the request line. */
export function failureLine(r: TestReportModel): number {
  return r.expectations.find((e) => !e.passed)?.line ?? r.line;
}
