/**
 * What `graphreq test` prints: each test as it finishes (its verdict, then each expectation with
 * what was expected and what came), the requests sent first because a test reads their responses,
 * the `--format json` report, and the closing summary on stderr.
 */
import type { PlannedRequest } from '../../send/sendRun';
import type { TestReport } from '../../send/testRun';
import type { OutputLevel, SendResult } from '../../core/send';
import { plural } from './check';
import { resultText } from './send';
import { shownFile, type Style } from './style';

/**
 * A test's report at the level `--output` asks for: `short`, one line (the verdict, and the first
 * failing expectation); `full` (default), the verdict and each expectation; `headers`, `body` and
 * `exchange` add that part of the exchange (as `graphreq send --output` shows it) below the expectations.
 */
export function testText(s: Style, r: TestReport, level: OutputLevel = 'full'): string {
  const where = `${shownFile(r.file.file)}:${r.line}`;
  const time = r.result && !r.notSent ? s.dim(` (${r.result.durationMs} ms)`) : '';
  const verdict = r.status === 'passed' ? s.green('PASS') : r.notSent ? s.red('NOT SENT') : r.status === 'failed' ? s.red('FAIL') : s.yellow('NOT RUN');
  if (level === 'short') {
    const failed = r.outcomes.find((x) => !x.passed);
    const why = failed ? `  ${s.red('✗')} ${failed.text}: ${failed.message ?? `expected ${failed.expected}, got ${failed.actual}`}` : r.reason ? `  ${r.reason}` : '';
    return `${verdict} ${where} ${s.bold(r.test.label)}${time}${why}\n`;
  }
  const lines = [`${verdict} ${where} ${s.bold(r.test.label)}${time}`];
  if (r.reason) lines.push(`  ${r.status === 'failed' ? s.red('✗') : s.yellow('-')} ${r.reason}`);
  for (const x of r.outcomes) {
    if (x.passed) {
      // What came, where the line does not say it already: a comparison, a reference, a refusal's code.
      const informative = /^(<|>|!=|contains|error )/.test(x.expected) || x.text.includes('{{');
      lines.push(`  ${s.green('✓')} ${x.text}${informative ? s.dim(` (${x.actual})`) : ''}`);
      continue;
    }
    lines.push(`  ${s.red('✗')} ${x.text} ${s.dim(`(${shownFile(r.file.file)}:${x.line})`)}`);
    lines.push(`      ${x.message ?? `expected ${x.expected}, got ${x.actual}`}`);
  }
  if (r.result && level !== 'full') lines.push(resultText(s, r.result, undefined, level).replace(/\n$/, ''));
  return lines.join('\n') + '\n';
}

/** A request sent only because a test reads its response: one dim line. */
export function setupText(s: Style, request: PlannedRequest, result: SendResult): string {
  const answer = result.status !== null ? String(result.status) : result.failure?.message ?? 'no response';
  return s.dim(`· ${shownFile(request.file)}:${request.line} ${request.label}: sent first, a test reads its response (${answer})`) + '\n';
}

export function testProgress(s: Style, position: number, total: number, request: PlannedRequest): string {
  return `${s.dim(`[${position}/${total}]`)} ${request.dependency ? 'sending' : 'testing'} ${request.label}…`;
}

export interface TestCounts {
  tests: number;
  passed: number;
  failed: number;
  notRun: number;
  /** Failed tests whose request was refused before it left (TestReport.notSent); not among `failed`. */
  notSent: number;
  expectations: number;
  expectationsFailed: number;
}

export function countTests(reports: TestReport[]): TestCounts {
  const c: TestCounts = { tests: reports.length, passed: 0, failed: 0, notRun: 0, notSent: 0, expectations: 0, expectationsFailed: 0 };
  for (const r of reports) {
    if (r.status === 'passed') c.passed++;
    else if (r.notSent) c.notSent++;
    else if (r.status === 'failed') c.failed++;
    else c.notRun++;
    c.expectations += r.test.expectations;
    c.expectationsFailed += r.outcomes.filter((x) => !x.passed).length;
  }
  return c;
}

/** The closing lines (stderr): the counts, then which tests failed or were not run (at most 10 each). */
export function testSummary(s: Style, reports: TestReport[], elapsedMs: number, snapshotsWritten: string[]): string {
  const c = countTests(reports);
  const figures = [c.passed ? s.green(`${c.passed} passed`) : '0 passed', c.failed ? s.red(`${c.failed} failed`) : '0 failed'];
  if (c.notSent) figures.push(s.red(`${c.notSent} not sent`));
  if (c.notRun) figures.push(s.yellow(`${c.notRun} not run`));
  const lines = [`${s.bold(plural(c.tests, 'test'))}: ${figures.join(', ')} ${s.dim(`(${plural(c.expectations, 'expectation')}, ${c.expectationsFailed} failed; ${seconds(elapsedMs)})`)}`];
  const list = (label: string, rs: TestReport[]): void => {
    if (!rs.length) return;
    const shown = rs.slice(0, 10).map((r) => `${r.test.label} (${shownFile(r.file.file)}:${r.line})`);
    lines.push(`  ${label}: ${shown.join(', ')}${rs.length > 10 ? `, and ${rs.length - 10} more` : ''}`);
  };
  list('failed', reports.filter((r) => r.status === 'failed' && !r.notSent));
  list('not sent', reports.filter((r) => r.notSent));
  list('not run', reports.filter((r) => r.status === 'not-run'));
  for (const f of snapshotsWritten) lines.push(`  snapshots written: ${f}`);
  return lines.join('\n') + '\n';
}

/** `--format json`: the whole report as one document. */
export function testJson(reports: TestReport[], elapsedMs: number, snapshotsWritten: string[]): Record<string, unknown> {
  const c = countTests(reports);
  return {
    summary: { ...c, durationMs: elapsedMs },
    tests: reports.map((r) => ({
      file: r.file.file,
      line: r.line,
      key: r.test.key,
      label: r.test.label,
      status: r.notSent ? 'not-sent' : r.status,
      httpStatus: r.result?.status ?? null,
      durationMs: r.result?.durationMs ?? null,
      reason: r.reason ?? null,
      expectations: r.outcomes.map((x) => ({ line: x.line, text: x.text, passed: x.passed, expected: x.expected, actual: x.actual, message: x.message ?? null })),
    })),
    snapshotsWritten,
  };
}

function seconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}
