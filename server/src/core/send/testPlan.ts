/**
 * Requests as tests (pure): which requests of a file are tests, and the key each is known by (in
 * snapshot files, reports and the editor's Testing view). `graphreq test` and the language server
 * both ask here, so a test is the same test in the terminal, in CI and in the editor; the order they
 * are sent in, producers first, is send/testRun.ts's.
 */
import { requestName } from '../analysis/fileContext';
import { digest } from '../digest';
import type { GraphreqDocument, RequestBlock } from '../syntax/ast';
import { blockExpectations } from '../syntax/expectation';
import { Redactor } from './redact';

/**
 * A label is the request line as written, shown in summaries, reports (JUnit, JSON), the editor's
 * Testing view: a token written there (`?access_token=EAAB...`, REQ-TOKEN-IN-FILE) is masked like
 * the one sent, by the redactor's rules for credentials whatever their value.
 */
const WRITTEN_CREDENTIALS = new Redactor();

export interface TestCaseInfo {
  /** Block index in the document. */
  index: number;
  /** Unique in the file: the request's name, else its `###` title, else `request N`. */
  key: string;
  /** How people recognise it: title and name, or the request line. */
  label: string;
  /** How many `# @expect` lines it has (0 for a request tested with --all: it passes when sent). */
  expectations: number;
}

/** The requests of the file that are tests: those with expectations, or with `all` every request. */
export function testCases(doc: GraphreqDocument, options: { all?: boolean } = {}): TestCaseInfo[] {
  const keys = requestKeys(doc);
  const out: TestCaseInfo[] = [];
  for (const block of doc.blocks) {
    if (!block.parsed.request) continue;
    const expectations = blockExpectations(block.parsed).length;
    if (!expectations && !options.all) continue;
    out.push({ index: block.index, key: keys.get(block.index)!, label: requestLabel(block), expectations });
  }
  return out;
}

/** Each request's key in the file, by block index (a repeated name or title gets ` (2)`, ` (3)`). */
export function requestKeys(doc: GraphreqDocument): Map<number, string> {
  const out = new Map<number, string>();
  const used = new Map<string, number>();
  let n = 0;
  for (const block of doc.blocks) {
    if (!block.parsed.request) continue;
    n++;
    const base = requestName(block) ?? block.parsed.separator?.title?.text ?? `request ${n}`;
    const count = (used.get(base) ?? 0) + 1;
    used.set(base, count);
    out.set(block.index, count === 1 ? base : `${base} (${count})`);
  }
  return out;
}

/**
 * What a test's last result was a result of: a digest of its block as written (request line, query
 * lines, headers, body and expectations, each line without trailing spaces), leaving out blank lines
 * and comments that are not directives, which change neither what is sent nor what is checked. The
 * editor compares it with the block as it stands to tell a result that an edit has made stale.
 */
export function testSource(block: RequestBlock): string {
  const lines = block.text.split(/\r?\n/).map((l) => l.trimEnd()).filter((l) => l !== '' && !/^\s*(#(?!##)|\/\/)(?!\s*@)/.test(l));
  return digest(lines.join('\n'));
}

/** How the user recognises a request: its `###` title, else its name, else its request line. */
export function requestLabel(block: RequestBlock): string {
  const title = block.parsed.separator?.title?.text;
  const name = requestName(block);
  if (title) return name ? `${title} [${name}]` : title;
  if (name) return `[${name}]`;
  const r = block.parsed.request;
  const line = r ? WRITTEN_CREDENTIALS.text(`${r.method?.text ?? 'GET'} ${r.target.raw}`) : `request ${block.index + 1}`;
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}
