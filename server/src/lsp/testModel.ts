/**
 * A test report as the language server's clients get it (protocol.ts TestReportModel): plain data,
 * lines 0-based as LSP counts them, the usage of its response for the status bar.
 */
import type { TestReport } from '../send/testRun';
import type { TestReportModel } from './protocol';

/** `exchange`: with the whole result of the test's send (the Debug profile's output and response view). */
export function testReportModel(r: TestReport, exchange = false): TestReportModel {
  const model: TestReportModel = {
    key: r.test.key,
    label: r.test.label,
    line: r.line - 1,
    status: r.status,
    httpStatus: r.result?.status ?? null,
    durationMs: r.result?.durationMs ?? null,
    reason: r.reason ?? null,
    expectations: r.outcomes.map((x) => ({ line: x.line - 1, text: x.text, passed: x.passed, expected: x.expected, actual: x.actual, message: x.message ?? null })),
    usage: r.result?.status != null ? r.result.usage : null,
    receivedAt: r.result ? new Date(Date.parse(r.result.sentAt) + r.result.durationMs).toISOString() : null,
    request: r.result && r.result.status !== null ? r.result.request : null,
  };
  if (r.notSent) model.notSent = true;
  if (exchange && r.result) model.exchange = r.result;
  return model;
}
