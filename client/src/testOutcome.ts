/**
 * How the Testing view shows a test's report, as \`graphreq test\` counts it: passed; failed (an
 * expectation, or the answer, did not hold); errored (not sent: refused before it left, so nothing
 * was checked; the CLI's NOT SENT, JUnit's \`error type="not-sent"\`); skipped (not run: the run
 * stopped first). VS Code's TestRun API keeps \`failed\` for an assertion that did not hold and
 * \`errored\` for a test that could not be run, with its reason. Plain module (no 'vscode' import),
 * so unit tests can load it.
 */
import type { TestReportModel } from '../../server/src/lsp/protocol';

export type TestOutcome = 'passed' | 'failed' | 'errored' | 'skipped';

export function testOutcome(r: Pick<TestReportModel, 'status' | 'notSent'>): TestOutcome {
  if (r.status === 'passed') return 'passed';
  if (r.status === 'not-run') return 'skipped';
  return r.notSent ? 'errored' : 'failed';
}
