/**
 * `graphreq test --reporter junit --out FILE`: the report as JUnit XML, the format CI systems read
 * (Jenkins, GitLab, GitHub actions that publish test results, Azure Pipelines). It is valid against
 * both schemas CI tools check: Apache Ant's JUnit schema as Windy Road published it (the strict one:
 * every `testsuite` has package, id, timestamp without a zone, hostname, properties, system-out and
 * system-err) and the Jenkins xUnit plugin's `junit-10.xsd`; test/cli/testCommand.test.ts validates
 * the file against both.
 *
 * One `testsuite` per request file, one `testcase` per test. A failed test has one `failure` whose
 * message is the first difference and whose text lists every expectation; a test whose request was
 * refused before it left (not sent: it could not be built, another origin, no token) is an `error`:
 * not a `failure`, since no answer was checked, and not `skipped`, which CI counts as passing; a test
 * the run never reached is `skipped`.
 */
import type { TestReport } from '../../send/testRun';

export interface JunitContext {
  /** When the run started. */
  started: Date;
  hostname: string;
  /** Properties of every suite: environment, target. */
  properties: Record<string, string>;
}

export function junitXml(reports: TestReport[], c: JunitContext): string {
  const byFile = new Map<string, TestReport[]>();
  for (const r of reports) {
    const list = byFile.get(r.file.file);
    if (list) list.push(r);
    else byFile.set(r.file.file, [r]);
  }
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  // The strict schema allows no attributes on testsuites: the counts are on each suite.
  out.push('<testsuites>');
  let id = 0;
  for (const [file, rs] of byFile) {
    const t = totals(rs);
    out.push(
      `  <testsuite name="${attr(file)}" package="${attr(file)}" id="${id++}" tests="${t.tests}" failures="${t.failures}" errors="${t.errors}" skipped="${t.skipped}" time="${t.time}" timestamp="${timestamp(c.started)}" hostname="${attr(c.hostname || 'localhost')}">`,
    );
    out.push('    <properties>');
    for (const [name, value] of Object.entries(c.properties)) out.push(`      <property name="${attr(name)}" value="${attr(value)}"/>`);
    out.push('    </properties>');
    for (const r of rs) out.push(...testcase(r));
    out.push('    <system-out></system-out>', '    <system-err></system-err>', '  </testsuite>');
  }
  out.push('</testsuites>');
  return out.join('\n') + '\n';
}

function testcase(r: TestReport): string[] {
  const head = `    <testcase name="${attr(`${r.test.label} (line ${r.line})`)}" classname="${attr(r.file.file)}" time="${seconds(r.result?.durationMs ?? 0)}"`;
  if (r.status === 'passed') return [`${head}/>`];
  if (r.status === 'not-run') return [`${head}>`, `      <skipped message="${attr(r.reason ?? 'not run')}"/>`, '    </testcase>'];
  if (r.notSent) return [`${head}>`, `      <error message="${attr(r.reason ?? 'not sent')}" type="not-sent">${text(r.reason ?? 'not sent')}</error>`, '    </testcase>'];
  const first = r.outcomes.find((x) => !x.passed);
  const message = first ? `line ${first.line}: ${first.text}: ${first.message ?? `expected ${first.expected}, got ${first.actual}`}` : r.reason ?? 'failed';
  const body = r.outcomes.length
    ? r.outcomes.map((x) => `${x.passed ? 'ok  ' : 'FAIL'} line ${x.line}: ${x.text}${x.passed ? '' : `\n     ${x.message ?? `expected ${x.expected}, got ${x.actual}`}`}`).join('\n')
    : message;
  return [`${head}>`, `      <failure message="${attr(message)}" type="expectation">${text(body)}</failure>`, '    </testcase>'];
}

function totals(rs: TestReport[]): { tests: number; failures: number; errors: number; skipped: number; time: string } {
  return {
    tests: rs.length,
    failures: rs.filter((r) => r.status === 'failed' && !r.notSent).length,
    errors: rs.filter((r) => r.notSent).length,
    skipped: rs.filter((r) => r.status === 'not-run').length,
    time: seconds(rs.reduce((n, r) => n + (r.result?.durationMs ?? 0), 0)),
  };
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

/** `2026-05-01T10:20:30`: the schema's ISO 8601 form without a time zone (UTC is meant). */
function timestamp(d: Date): string {
  return d.toISOString().replace(/\.\d+Z$/, '');
}

/** Characters XML 1.0 cannot hold at all (control characters other than tab and line breaks, lone surrogates). */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function text(s: string): string {
  return s.replace(NOT_XML, '\uFFFD').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function attr(s: string): string {
  return text(s).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}
