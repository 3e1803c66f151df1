/**
 * The graphreq CLI: `graphreq check | send | serve | lsp`. Each subcommand lives in its own file;
 * this one dispatches and turns usage errors into one line on stderr and exit code 2.
 */
import { runCheck } from './check';
import { runLsp } from './lsp';
import { UsageError } from './files';
import { runSend } from './send';
import { runServe } from './serve';

import { version } from '../version';

export { version };

type Io = { out: (s: string) => void; err: (s: string) => void };
type Command = (argv: string[], io: Io) => Promise<number>;

const commands: Record<string, { run: Command; summary: string }> = {
  check: { run: runCheck, summary: 'check .graphreq files against the documented rules' },
  send: { run: runSend, summary: 'send requests; print responses, decoded errors and usage' },
  lsp: { run: runLsp, summary: 'start the language server (--stdio) for any LSP editor' },
  serve: { run: runServe, summary: 'run the local emulator of the documented API (docs/emulator.md)' },
};

function help(): string {
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(7)} ${c.summary}`);
  return `graphreq ${version}: write, check and send requests to the Graph-style API\n\nUsage: graphreq <command> [options]  (graphreq <command> --help for details)\n\n${lines.join('\n')}\n`;
}

export async function main(argv: string[], io: Io = { out: (s) => process.stdout.write(s), err: (s) => process.stderr.write(s) }): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(help());
    return name ? 0 : 2;
  }
  if (name === '--version' || name === '-v') {
    io.out(`${version}\n`);
    return 0;
  }
  const command = commands[name];
  if (!command) {
    io.err(`graphreq: unknown command "${name}" (try: ${Object.keys(commands).join(', ')})\n`);
    return 2;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`graphreq ${name}: ${(e as Error).message.split('\n')[0]}\n`);
      return 2;
    }
    throw e;
  }
}
