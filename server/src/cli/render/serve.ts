/**
 * What `graphreq serve` prints: where it listens and how to call it (the documented demo token; a
 * token set in a configuration file is never printed), and one line per request.
 */
import type { Redactor } from '../../core/send';
import type { RequestLogEntry } from '../../emulator';
import { DEMO_TOKEN } from '../../send/target';
import { shownFile, type Style } from './style';

export interface BannerFacts {
  url: string;
  /**
   * Where a client on this machine calls it: `url`, or the loopback address of a wildcard host
   * (`0.0.0.0`, `::`); null when it listens on one address off loopback only, where graphreq send
   * does not take a token over plain http.
   */
  clientUrl?: string | null;
  dataFile?: string;
  configFile?: string;
  /** The tokens the emulator accepts. */
  tokens: string[];
  /** The tokens docs/emulator.md gives (public); any other token came from a configuration file and is never printed. */
  documentedTokens: string[];
  quiet: boolean;
}

export function serveBanner(s: Style, f: BannerFacts): string {
  const lines = [`graphreq emulator listening on ${s.bold(f.url)}${f.dataFile ? ` (state in ${shownFile(f.dataFile)})` : ' (state in memory)'}; Ctrl+C stops it`];
  const documented = f.tokens.filter((t) => f.documentedTokens.includes(t));
  const configured = f.tokens.length - documented.length;
  const fromConfig = configured > 0 ? `${documented.length ? ', and ' : ''}${configured} set in ${f.configFile ? shownFile(f.configFile) : 'the configuration'} (not printed)` : '';
  if (documented.length === 0 && configured === 0) lines.push('tokens: none: the configuration removed them all, so every call gets code 190');
  else lines.push(`${f.tokens.length === 1 ? 'token' : 'tokens'}: ${documented.map((t) => s.bold(t)).join(', ')}${fromConfig}${f.tokens.includes(DEMO_TOKEN) ? '' : `; ${DEMO_TOKEN} is switched off`}`);
  const client = f.clientUrl === undefined ? f.url : f.clientUrl;
  if (f.tokens.includes(DEMO_TOKEN)) {
    if (client) lines.push(`  graphreq:  GRAPHREQ_ACCESS_TOKEN=${DEMO_TOKEN} graphreq send FILE --base-url ${client}`);
    else lines.push(`  graphreq:  graphreq send takes a token over plain http:// to loopback only: listen on 127.0.0.1 or 0.0.0.0 to send from this machine, or put an https proxy in front`);
    lines.push(`  curl:      curl -H 'Authorization: Bearer ${DEMO_TOKEN}' '${client ?? f.url}/v23.0/t_100200300?fields=id'`);
  }
  if (!f.quiet) lines.push(s.dim('one line per request follows (method, path and query with tokens hidden, status, time); --quiet turns it off'));
  return lines.join('\n') + '\n';
}

/**
 * One request: method, path and query, status, time. The query's tokens are hidden (`redactor`
 * knows the emulator's tokens; any `access_token=` value is hidden as well), so that eleven reads of
 * one path with different queries tell apart, and no token reaches the terminal or a log file.
 */
export function requestLogLine(s: Style, e: RequestLogEntry, redactor: Redactor): string {
  const status = String(e.status);
  const painted = e.status >= 500 ? s.red(status) : e.status >= 400 ? s.yellow(status) : s.green(status);
  // Printed as received (percent-encoding kept), so a control character cannot reach the terminal.
  const query = e.query ? `?${redactor.text(e.query)}` : '';
  return `${e.method} ${e.path}${query} ${painted} ${e.durationMs} ms\n`;
}
