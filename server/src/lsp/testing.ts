/**
 * Requests as tests in the language server: `graphreq/tests` lists the tests of a file (open or
 * not: the Testing view shows every file of the workspace), and each test gets a CodeLens with its
 * last result, whichever host ran it (`graphreq test` or the editor: `.graphreq/test-results.json`).
 * Running is the `graphreq.test` command (sendCommand.ts). No test logic here: the core plans and
 * evaluates, send/ runs and records.
 */
import type { CodeLens, Connection } from 'vscode-languageserver';
import { positionAt, type GraphreqDocument, type LanguageService } from '../core';
import { testCases, testSource } from '../core/send/testPlan';
import { blockExpectations } from '../core/syntax/expectation';
import type { LastTestResult } from '../send/testResults';
import type { ServerHost } from './host';
import type { DocumentStore } from './documentStore';
import { Commands, Requests, type TestInfo } from './protocol';
import { runSafe } from './runSafe';
import type { WorkspaceEnvironment } from './workspaceEnvironment';

interface TestingFeatures {
  connection: Connection;
  ls: LanguageService;
  documents: DocumentStore;
  environment: WorkspaceEnvironment;
  log: (message: string) => void;
  host: ServerHost;
}

export function registerTesting(f: TestingFeatures): void {
  f.connection.onRequest(Requests.tests, async (params: { uri: string }) => {
    // A host that reads the workspace's files through its client answers once they are read (the web's).
    await f.host.filesRead?.();
    return runSafe(f.log, 'tests', [] as TestInfo[], () => {
      const doc = documentOf(params.uri, f);
      return doc ? testInfos(doc) : [];
    });
  });
}

/** The document as the editor has it, else as the host reads the file (undefined when unreadable). */
function documentOf(uri: string, f: TestingFeatures): GraphreqDocument | undefined {
  const open = f.documents.get(uri);
  if (open) return open.parse;
  const text = f.host.workspaceReader.read(uri);
  return text === undefined ? undefined : f.ls.parse(text);
}

/** The tests of a document, with the lines the Testing view puts them on (0-based). */
export function testInfos(doc: GraphreqDocument): TestInfo[] {
  return testCases(doc).map((t) => {
    const block = doc.blocks[t.index];
    const line = (offset: number): number => positionAt(doc, block.offset + offset).line;
    const end = block.text.replace(/\s+$/, '').length;
    return {
      key: t.key,
      label: t.label,
      line: line(block.parsed.request!.span.start),
      range: { startLine: line(0), endLine: line(Math.max(0, end - 1)) },
      expectations: blockExpectations(block.parsed).map((e) => ({ line: line(e.directive.span.start), text: e.text })),
    };
  });
}

/** One CodeLens per test above its request line: its last result, or an offer to run it. A click runs it again. */
export function testLenses(uri: string, doc: GraphreqDocument, last: Record<string, LastTestResult>, range: (start: number, end: number) => CodeLens['range']): CodeLens[] {
  const cases = testCases(doc);
  if (!cases.length) return [];
  return cases.map((t) => {
    const block = doc.blocks[t.index];
    const r = block.parsed.request!;
    const result = last[t.key];
    const stale = !!result?.source && result.source !== testSource(block);
    return {
      range: range(block.offset + r.span.start, block.offset + r.target.span.end),
      command: { title: lensTitle(result, t.expectations, stale), command: Commands.test, arguments: [{ uri, keys: [t.key] }] },
    };
  });
}

/**
 * `✓ all 3 expectations passed (10:42)`, `✗ body.name "A": Expected "A", got "B"`, `▷ Run test (3
 * expectations)`; a result the request or its expectations were edited since is stale, as VS Code
 * marks test results outdated: `▷ Run test (3 expectations) · edited since the last run (✗ 10:42)`.
 */
export function lensTitle(result: LastTestResult | undefined, expectations: number, stale = false): string {
  const run = `▷ Run test (${expectations === 1 ? '1 expectation' : `${expectations} expectations`})`;
  if (!result) return run;
  const when = result.at.slice(11, 16);
  if (stale) return `${run} · edited since the last run (${result.passed ? '✓' : '✗'} ${when})`;
  if (result.passed) return `✓ ${result.summary} (${when})`;
  const first = result.firstFailure;
  const text = first ? `${first.text}: ${first.message}` : result.summary;
  return `✗ ${text.length > 90 ? `${text.slice(0, 89)}…` : text} (${when})`;
}
