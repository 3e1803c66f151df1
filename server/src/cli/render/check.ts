/**
 * What `graphreq check` prints: one line per finding (`file:line:col: severity CODE message`, the
 * format editors and CI annotate from), one line per fix `--fix` applied, and the closing summary.
 * Without colours the text is exactly the plain format; colours only wrap parts of it.
 */
import type { Severity } from '../../core';
import { shownFile, type Style } from './style';

export interface FindingLine {
  file: string;
  /** 1-based. */
  line: number;
  column: number;
  severity: Severity;
  code: string;
  message: string;
}

export function findingLine(s: Style, f: FindingLine): string {
  return `${shownFile(f.file)}:${f.line}:${f.column}: ${severityText(s, f.severity)} ${s.dim(f.code)} ${f.message}\n`;
}

function severityText(s: Style, severity: Severity): string {
  if (severity === 'error') return s.bold(s.red(severity));
  if (severity === 'warning') return s.yellow(severity);
  return s.cyan(severity);
}

/** One fix `--fix` applied: where, which rule, and the text before and after (tokens already redacted). */
export interface AppliedFixLine {
  file: string;
  line: number;
  code: string;
  before: string;
  after: string;
}

export function fixLine(s: Style, f: AppliedFixLine): string {
  return `${shownFile(f.file)}:${f.line}: ${s.green('fixed')} ${s.dim(f.code)} ${shown(f.before)} -> ${s.green(shown(f.after))}\n`;
}

/** The text as written in the file; quoted only when spaces at its ends or line breaks would hide; long texts are cut. */
function shown(text: string): string {
  if (text === '') return '(nothing)';
  const visible = /^\S(.*\S)?$/.test(text) && !/[\r\n]/.test(text) ? text : JSON.stringify(text);
  return visible.length > 72 ? `${visible.slice(0, 71)}…` : visible;
}

export interface CheckCounts {
  files: number;
  errors: number;
  warnings: number;
  fixes: number;
  /** Files or folders that could not be read or fixed, each already reported in its own line. */
  problems?: number;
}

export function checkSummary(s: Style, c: CheckCounts): string {
  const parts = [`${plural(c.files, 'file')} checked: ${paint(s, c.errors, s.red, plural(c.errors, 'error'))}, ${paint(s, c.warnings, s.yellow, plural(c.warnings, 'warning'))}`];
  if (c.fixes > 0) parts.push(`${plural(c.fixes, 'fix', 'fixes')} applied`);
  if (c.problems) parts.push(s.red(`${plural(c.problems, 'problem')} reported above`));
  return `${parts.join('; ')}\n`;
}

function paint(s: Style, n: number, colour: (t: string) => string, text: string): string {
  return n > 0 ? colour(text) : text;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
