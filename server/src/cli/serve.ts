/**
 * `graphreq serve [--host 127.0.0.1] [--port N] [--data FILE] [--config FILE]`: runs the local
 * emulator of the documented service until SIGINT or SIGTERM, then closes it cleanly (calls in
 * progress finish and their state is written) and exits 0.
 */
import * as fs from 'node:fs';
import { parseArgs } from 'node:util';
import { startEmulator, type EmulatorConfig } from '../emulator';
import { UsageError } from './files';

export const serveHelp = `Usage: graphreq serve [options]
Runs the local emulator of the documented API (docs/emulator.md) until Ctrl+C.
  --host HOST      address to listen on (default 127.0.0.1, loopback only)
  --port N         port (default 8990; 0 picks a free one)
  --data FILE      keep the state in FILE (created with the seed data when absent); default: in memory
  --config FILE    JSON configuration merged over the defaults (tokens, versions, quotas, limits)
  --test-clock     test mode: POST /__graphreq/clock?advance=90m moves the emulator's clock forward
The token demo-token is accepted by default. Ctrl+C stops it cleanly; a second Ctrl+C exits at once.
Exit codes: 0 after a clean stop, 2 usage error.`;

export const DEFAULT_PORT = 8990;

export async function runServe(argv: string[], io: { out: (s: string) => void; err: (s: string) => void }): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { host: { type: 'string', default: '127.0.0.1' }, port: { type: 'string' }, data: { type: 'string' }, config: { type: 'string' }, 'test-clock': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    io.out(serveHelp + '\n');
    return 0;
  }
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a port number from 0 to 65535, not "${values.port}"`);
  const config: Partial<EmulatorConfig> | undefined = values.config ? readConfig(values.config) : undefined;
  const withClock = values['test-clock'] ? { ...config, testClock: true } : config;

  let emulator;
  try {
    emulator = await startEmulator({ host: values.host, port, dataFile: values.data, config: withClock });
  } catch (e) {
    // A config that does not check out, a data file that is not emulator state, a port in use.
    throw new UsageError((e as Error).message);
  }
  if (!isLoopback(values.host!)) io.err(`graphreq serve: listening on ${values.host}, which is not loopback: anyone who can reach it can use the configured tokens\n`);
  io.out(`graphreq emulator listening on ${emulator.url}${values.data ? ` (state in ${values.data})` : ' (state in memory)'}; Ctrl+C stops it\n`);

  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  // The first signal stops cleanly; a second one means "now": every answered change is already on disk.
  for (const s of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(s);
    process.once(s, () => {
      io.err(`graphreq serve: stopped at once (second ${s}); calls in progress were not answered\n`);
      process.exit(130);
    });
  }
  await emulator.close();
  io.out(`graphreq emulator stopped (${signal})\n`);
  return 0;
}

function readConfig(file: string): Partial<EmulatorConfig> {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`${file}: cannot read (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    return JSON.parse(text) as Partial<EmulatorConfig>;
  } catch (e) {
    throw new UsageError(`${file}: not valid JSON (${(e as Error).message.split('\n')[0]})`);
  }
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}
