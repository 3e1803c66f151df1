/**
 * What `graphreq serve` prints: where it listens and how to call it (the documented demo token; a
 * token set in a configuration file is never printed), and one line per request.
 */
import type { RequestLogEntry } from '../../emulator';
import { DEMO_TOKEN } from '../../send/target';
import type { Style } from './style';

export interface BannerFacts {
  url: string;
  dataFile?: string;
  configFile?: string;
  /** The tokens the emulator accepts (only the demo token is ever printed). */
  tokens: string[];
  quiet: boolean;
}

export function serveBanner(s: Style, f: BannerFacts): string {
  const lines = [`graphreq emulator listening on ${s.bold(f.url)}${f.dataFile ? ` (state in ${f.dataFile})` : ' (state in memory)'}; Ctrl+C stops it`];
  const others = f.tokens.filter((t) => t !== DEMO_TOKEN).length;
  const fromConfig = others > 0 ? ` (and ${others} token${others === 1 ? '' : 's'} set in ${f.configFile ?? 'the configuration'}, not printed)` : '';
  if (f.tokens.includes(DEMO_TOKEN)) {
    lines.push(`token: ${s.bold(DEMO_TOKEN)}${fromConfig}`);
    lines.push(`  graphreq:  GRAPHREQ_ACCESS_TOKEN=${DEMO_TOKEN} graphreq send FILE --base-url ${f.url}`);
    lines.push(`  curl:      curl -H 'Authorization: Bearer ${DEMO_TOKEN}' '${f.url}/v23.0/t_100200300?fields=id'`);
  } else if (others > 0) {
    lines.push(`tokens: the ${others} set in ${f.configFile ?? 'the configuration'} (not printed); demo-token is switched off`);
  } else {
    lines.push('tokens: none: the configuration removed them all, so every call gets code 190');
  }
  if (!f.quiet) lines.push(s.dim('one line per request follows (method, path, status, time); --quiet turns it off'));
  return lines.join('\n') + '\n';
}

export function requestLogLine(s: Style, e: RequestLogEntry): string {
  const status = String(e.status);
  const painted = e.status >= 500 ? s.red(status) : e.status >= 400 ? s.yellow(status) : s.green(status);
  // The path is printed as received (percent-encoding kept), so a control character cannot reach the terminal.
  return `${e.method} ${e.path} ${painted} ${e.durationMs} ms\n`;
}
