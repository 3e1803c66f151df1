/**
 * `graphreq serve [--host 127.0.0.1] [--port N] [--data FILE] [--config FILE] [--quiet]`: runs the
 * local emulator of the documented service until SIGINT or SIGTERM, then closes it cleanly (calls in
 * progress finish and their state is written) and exits 0. It says where it listens and which token
 * to use, and logs one line per request (method, path and query with tokens hidden, status, time) unless `--quiet`.
 */
import { isLoopbackHost, Redactor } from '../core/send';
import { startEmulator, type EmulatorConfig, type RequestLogEntry } from '../emulator';
import { mergeConfig, defaultConfig } from '../emulator/config';
import { parseCommandArgs } from './args';
import { UsageError } from './files';
import { Output, type Terminal } from './render/output';
import { requestLogLine, serveBanner } from './render/serve';
import { readServeConfig } from './serveConfig';

export const serveHelp = `Usage: graphreq serve [options]
Runs the local emulator of the documented API (docs/emulator.md) until Ctrl+C.
  --host HOST      address to listen on (default 127.0.0.1, loopback only)
  --port N         port (default 8990; 0 picks a free one)
  --data FILE      keep the state in FILE (created with the seed data when absent); default: in memory
  --config FILE    JSON configuration merged over the defaults (tokens, versions, quotas, limits);
                   an unknown key is refused, naming the nearest known one
  --quiet          no line per request (the log is: method, path and query with tokens hidden, status, time)
  --no-color       no colours (also NO_COLOR=1; FORCE_COLOR=1 forces them)
  --test-clock     test mode: POST /__graphreq/clock?advance=90m moves the emulator's clock forward
It prints its base URL and the token to use (demo-token unless the configuration removes it).
Ctrl+C stops it cleanly; a second Ctrl+C exits at once.
Exit codes: 0 after a clean stop, 2 usage error.`;

export const DEFAULT_PORT = 8990;

export async function runServe(argv: string[], terminal: Terminal): Promise<number> {
  const { values } = parseCommandArgs('serve', {
    args: argv,
    options: {
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string' },
      data: { type: 'string' },
      config: { type: 'string' },
      quiet: { type: 'boolean', default: false },
      'test-clock': { type: 'boolean', default: false },
      'no-color': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const output = new Output(terminal, { noColor: values['no-color'] });
  if (values.help) {
    output.out(serveHelp + '\n');
    return 0;
  }
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!/^\d+$/.test(values.port ?? '0') || port > 65535) throw new UsageError(`--port must be a port number from 0 to 65535, not "${values.port}"`);
  const read = values.config ? readServeConfig(values.config) : undefined;
  const config = values['test-clock'] ? { ...read, testClock: true } : read;
  let merged: EmulatorConfig;
  try {
    merged = mergeConfig(defaultConfig, config ?? {});
  } catch (e) {
    throw new UsageError(`${values.config}: ${(e as Error).message}`);
  }

  // The tokens of the configuration are hidden wherever they appear in a query (any access_token= value is, too).
  const redactor = new Redactor(Object.keys(merged.tokens));
  const log = values.quiet ? undefined : (entry: RequestLogEntry): void => output.out(requestLogLine(output.style, entry, redactor));
  let emulator;
  try {
    emulator = await startEmulator({ host: values.host, port, dataFile: values.data, config, onRequest: log });
  } catch (e) {
    // A data file that is not emulator state, a port in use.
    throw new UsageError((e as Error).message);
  }
  // Listen for the stop before saying where to call: a Ctrl+C right after the banner must stop cleanly.
  const stopped = new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  if (!isLoopbackHost(values.host!)) output.err(`graphreq serve: listening on ${values.host}, which is not loopback: anyone who can reach it can use the configured tokens\n`);
  output.out(serveBanner(output.style, { url: emulator.url, clientUrl: clientUrl(values.host!, emulator.port, emulator.url), dataFile: values.data, configFile: values.config, tokens: Object.keys(merged.tokens), documentedTokens: Object.keys(defaultConfig.tokens), quiet: values.quiet }));

  const signal = await stopped;
  // The first signal stops cleanly; a second one means "now": every answered change is already on disk.
  for (const s of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(s);
    process.once(s, () => {
      output.err(`graphreq serve: stopped at once (second ${s}); calls in progress were not answered\n`);
      process.exit(130);
    });
  }
  await emulator.close();
  output.out(`graphreq emulator stopped (${signal})\n`);
  return 0;
}

/** Where a client on this machine calls the emulator: a wildcard host answers on loopback; another address off loopback is no place to send a token over http. */
function clientUrl(host: string, port: number, url: string): string | null {
  if (host === '0.0.0.0') return `http://127.0.0.1:${port}`;
  if (host === '::' || host === '[::]') return `http://[::1]:${port}`;
  return isLoopbackHost(host) ? url : null;
}
