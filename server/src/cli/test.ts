/**
 * `graphreq test [PATH...]`: sends the requests that have expectations (`# @expect ...`; with --all
 * every request), in file order with named responses, and reports each expectation. Results stream
 * as each test finishes (render/test.ts); `--format json` prints one report at the end;
 * `--reporter junit|json` writes a report for CI to `--out FILE`, or to stdout (the results then go to
 * stderr, so stdout holds the report alone). See testHelp and docs/testing.md.
 *
 * Exit codes: 0 every test passed, 1 a test failed (or was not run), 2 usage error, 130 interrupted, 143 terminated.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { getApiModel, parseDocument } from '../core';
import { requestPlace, testCases } from '../core/send';
import { checkWithin, UnsafePathError, writeFileAtomic } from '../files/atomicWrite';
import { openSnapshots, SnapshotFileError } from '../send/snapshotFile';
import { lastResult, TestResults, type LastTestResult } from '../send/testResults';
import { runTests, type TestFile, type TestReport } from '../send/testRun';
import { parseCommandArgs } from './args';
import { cliWorkspaceRoot, collectFiles, readText, UsageError } from './files';
import { junitXml } from './render/junit';
import { Output, type Terminal } from './render/output';
import { stopMessage } from './render/send';
import { countTests, setupText, testJson, testProgress, testSummary, testText } from './render/test';
import { plural } from './render/check';
import { outputLevel } from './send';
import { interruptedExit, openSendContext, withInterrupt } from './sendContext';
import { environmentOptionsHelp } from './sendTrust';
import { workspaceOfRun, type CliWorkspace } from './workspaceRequests';

export const testHelp = `Usage: graphreq test [PATH...] [options]
Sends every request that has expectations (# @expect status 200, # @expect body.id exists, ...)
in file order, the requests they read responses from first (from any file of the workspace), and
reports each expectation as it comes: PASS or FAIL, with what was expected and what came.
PATH: files or folders (default: .).
  --all              test every request: one without expectations passes when answered 2xx
  --bail             stop at the first test that fails
${environmentOptionsHelp}
  --fresh            start the embedded emulator from its seed data and forget saved responses
  --update-snapshots write what came for each "matches snapshot" into NAME.snap.json beside the file
  --format FORMAT    text (default) or json (one report at the end)
  --output LEVEL     how much text shows: short (one line a test), full (default; each expectation),
                     or headers, body, exchange (full, and that part of the exchange; as graphreq send
                     --output; also GRAPHREQ_OUTPUT)
  --reporter R       also write a report for CI: junit (JUnit XML) or json; to --out FILE, or to
                     stdout, with the results on stderr so that stdout holds the report alone
  --out FILE         where --reporter writes
  --timeout MS       time allowed for each attempt
  --max-bytes N      bytes of a response body kept at most (default: as graphreq send)
  --no-history       do not save results in .graphreq-history/
  --no-color         no colours (also NO_COLOR=1; FORCE_COLOR=1 forces them)
The token is chosen as graphreq send chooses it ($GRAPHREQ_ACCESS_TOKEN, or the environment's
accessTokenEnv; docs/sending.md, "Where the token goes"); the embedded emulator takes its demo
token when none is set. It is never printed, saved or written to a report.
Exit codes: 0 all tests passed, 1 a test failed or was not run, 2 usage error, 130 interrupted (Ctrl+C), 143 terminated (SIGTERM).`;

export async function runTest(argv: string[], terminal: Terminal): Promise<number> {
  const { values, positionals } = parseCommandArgs('test', {
    args: argv,
    allowPositionals: true,
    options: {
      all: { type: 'boolean', default: false },
      bail: { type: 'boolean', default: false },
      env: { type: 'string' },
      'env-file': { type: 'string' },
      'base-url': { type: 'string' },
      'trust-origin': { type: 'boolean', default: false },
      'max-bytes': { type: 'string' },
      fresh: { type: 'boolean', default: false },
      'update-snapshots': { type: 'boolean', default: false },
      format: { type: 'string', default: 'text' },
      output: { type: 'string' },
      reporter: { type: 'string' },
      out: { type: 'string' },
      timeout: { type: 'string' },
      'no-history': { type: 'boolean', default: false },
      'no-color': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const output = new Output(terminal, { noColor: values['no-color'] });
  if (values.help) {
    output.out(testHelp + '\n');
    return 0;
  }
  const format = values.format;
  if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, not "${format}"`);
  const level = outputLevel(values.output);
  const reporter = values.reporter;
  if (reporter !== undefined && reporter !== 'junit' && reporter !== 'json') throw new UsageError(`--reporter takes junit or json, not "${reporter}"`);
  if (values.out && reporter === undefined) throw new UsageError('--out goes with --reporter junit or --reporter json');
  // A report on stdout is all that stdout holds: the streamed results go to stderr.
  const reportToStdout = reporter !== undefined && !values.out;
  if (reportToStdout && format === 'json') throw new UsageError(`--format json and --reporter ${reporter} would both write to stdout: give --out FILE`);
  const results = reportToStdout ? { write: (text: string) => output.err(text), style: output.errStyle } : { write: (text: string) => output.out(text), style: output.style };

  // The report's folder is made before anything is sent: a mistyped path never cuts a run short.
  if (values.out) makeFolderOf(values.out);
  const paths = positionals.length ? positionals : ['.'];
  const parsed = collectFiles(paths).map((file) => {
    const doc = parseDocument(readText(file));
    return { file, doc, tests: testCases(doc, { all: values.all }) };
  });
  const withTests = parsed.filter((p) => p.tests.length);
  if (!withTests.length) {
    throw new UsageError(`no request with expectations in ${paths.join(', ')}: add # @expect lines (docs/format.md), or test every request with --all`);
  }

  // Every file of the workspace, for the requests a test reads that another file names (named responses are the workspace's); known once the session's folder is.
  let workspace: CliWorkspace | undefined;
  const context = await openSendContext(
    {
      command: 'test',
      from: paths[0],
      env: values.env,
      envFile: values['env-file'],
      baseUrl: values['base-url'],
      trustOrigin: values['trust-origin'],
      maxBytes: values['max-bytes'],
      fresh: values.fresh,
      timeout: values.timeout,
      noHistory: values['no-history'],
      // The producers a test reads are sent first from any file of the workspace: one still missing is named by no file, or by several.
      dependencyHint: (name, folder) => missingProducerHint(name, folder, workspace),
    },
    terminal,
    output,
  );
  workspace = workspaceOfRun(context.workspace, parsed);
  const model = getApiModel();
  const started = new Date();
  try {
    return await withInterrupt('test', terminal, output, async (signal) => {
      const files: TestFile[] = withTests.map((p) => ({ file: p.file, path: path.resolve(p.file), doc: p.doc, session: context.sessionFor(p.file), tests: p.tests }));
      let outcome;
      try {
        outcome = await runTests(files, {
          model,
          env: context.env,
          signal,
          producersNamed: workspace.producersNamed,
          sessionFor: (producer) => context.sessionFor(producer.label),
          bail: values.bail,
          updateSnapshots: values['update-snapshots'],
          // Below the workspace root no folder on the way may be a link (a repository's `reqs -> ~/other`).
          snapshotsOf: (file) => openSnapshots(file, cliWorkspaceRoot(file)),
          onStart: (request, position, total) => output.progress(testProgress(output.errStyle, position, total, request)),
          onSetup: (request, result) => {
            if (format === 'text') results.write(setupText(results.style, request, result));
          },
          onTest: (report) => {
            if (format === 'text') results.write(testText(results.style, report, level));
          },
        });
      } catch (e) {
        if (e instanceof SnapshotFileError) throw new UsageError(e.message);
        throw e;
      }
      output.clearProgress();
      const elapsed = Date.now() - started.getTime();
      if (format === 'json') output.out(JSON.stringify(testJson(outcome.reports, elapsed, outcome.snapshotsWritten), null, 2) + '\n');
      if (reporter) await writeReport(reporter, values.out, reportText(reporter, outcome, started, elapsed, context), output);
      await recordResults(context.workspace, context.environmentName, outcome.reports);
      // What the run left undone, in the summary's words and count (`not sent` are the tests refused before they left, counted apart).
      const notRun = countTests(outcome.reports).notRun;
      const left = notRun ? `${plural(notRun, 'test')} not run` : undefined;
      const stopped = outcome.stop?.kind === 'bail' ? `graphreq test: stopped at the first failing test (--bail)${left ? `; ${left}` : ''}\n` : stopMessage(outcome.stop, left, Date.now(), context.target.embedded, signal.reason)?.replace(/^graphreq send/, 'graphreq test');
      if (stopped) output.err(output.errStyle.yellow(stopped.trimEnd()) + '\n');
      output.err(testSummary(output.errStyle, outcome.reports, elapsed, outcome.snapshotsWritten.map((f) => path.relative(process.cwd(), f) || f)));
      if (outcome.stop?.kind === 'cancelled') return interruptedExit(signal);
      return outcome.reports.every((r) => r.status === 'passed') ? 0 : 1;
    });
  } finally {
    output.clearProgress();
    await context.close();
  }
}

/** How to have a producer sent first that the run could not send: name it in a file, or once only. */
function missingProducerHint(name: string, folder: string, workspace: CliWorkspace | undefined): string {
  const found = workspace?.producersNamed(name) ?? [];
  if (found.length > 1) return `rename all but one of the requests named \`${name}\` (${found.map(requestPlace).join(', ')}; REQ-AMBIGUOUS-NAME) for graphreq test to send it first`;
  return `name a request \`# @name ${name}\` in a .graphreq file of the workspace (${folder}) for graphreq test to send it first`;
}

function makeFolderOf(file: string): void {
  try {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  } catch (e) {
    throw new UsageError(`--out ${file}: cannot write (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

/** The report `--reporter` asks for, as text. */
function reportText(reporter: 'junit' | 'json', outcome: { reports: TestReport[]; snapshotsWritten: string[] }, started: Date, elapsed: number, context: { environmentName?: string; target: { embedded: boolean; baseUrl: string } }): string {
  if (reporter === 'json') return JSON.stringify(testJson(outcome.reports, elapsed, outcome.snapshotsWritten), null, 2) + '\n';
  return junitXml(outcome.reports, {
    started,
    hostname: os.hostname(),
    properties: { environment: context.environmentName ?? '$shared', target: context.target.embedded ? 'embedded emulator' : context.target.baseUrl },
  });
}

/** The report written to `file`, or to stdout without one. */
async function writeReport(reporter: string, file: string | undefined, text: string, output: Output): Promise<void> {
  if (file === undefined) {
    output.out(text);
    return;
  }
  try {
    // A report file that is a symbolic link (a repository's `report.xml -> ~/.bashrc`) is refused, not followed.
    checkWithin(path.dirname(path.resolve(file)), path.resolve(file));
    await writeFileAtomic(file, text);
  } catch (e) {
    output.err(`graphreq test: --out: ${e instanceof UnsafePathError ? e.message : `cannot write ${file} (${(e as NodeJS.ErrnoException).code ?? 'error'})`}\n`);
    throw new UsageError(`--out ${file}: cannot write the ${reporter === 'junit' ? 'JUnit' : 'JSON'} report`);
  }
}

/** The last result of each test, for the editor's CodeLens (send/testResults.ts); a workspace that cannot be written to keeps none. */
async function recordResults(workspace: string, environment: string | undefined, reports: TestReport[]): Promise<void> {
  const store = new TestResults(workspace);
  const byFile = new Map<string, Record<string, LastTestResult>>();
  const at = new Date().toISOString();
  for (const r of reports) {
    if (r.status === 'not-run') continue;
    if (!r.file.path) continue;
    const rel = path.relative(workspace, r.file.path).split(path.sep).join('/');
    const entry = byFile.get(rel) ?? {};
    entry[r.test.key] = lastResult(r, at, environment);
    byFile.set(rel, entry);
  }
  for (const [file, results] of byFile) await store.record(file, results).catch(() => undefined);
}
