/**
 * What `graphreq send --dry-run` prints: the forecast of the run (core/send/forecast.ts), one line
 * for the run and one per scope on standard output, a warning line per limit the run would cross,
 * and where the figures come from. Without colours the text is exactly the plain format.
 */
import { contextLine, scopeLine, type Forecast } from '../../core/send';
import { plural } from './check';
import type { Style } from './style';

export function forecastText(s: Style, f: Forecast, files: number): string {
  const lines = [`${s.bold('dry run')}${files > 1 ? ` of ${files} files` : ''}: ${plural(f.requests, 'request')}, ${plural(f.calls, 'call')}; nothing is sent`];
  for (const scope of f.scopes) lines.push(`  ${scope.crosses ? s.yellow(scopeLine(scope)) : scopeLine(scope)}`);
  const context = contextLine(f);
  if (context) lines.push(`  ${context}`);
  return lines.join('\n') + '\n';
}

export function forecastWarnings(s: Style, f: Forecast): string {
  return f.warnings.map((w) => `${s.yellow('warning:')} ${w}\n`).join('');
}

/** Where the limits and the figures seen come from, in one line. */
export function forecastSources(limitsSource: string | undefined, history: boolean): string {
  const limits = limitsSource ? `limits from ${limitsSource}` : 'limits from the formulas\' lowest values (set `limits` in graphreq.env.json to count with yours)';
  return `${limits}; ${history ? 'usage as last seen in .graphreq-history/' : 'no usage seen (history is off)'}\n`;
}
