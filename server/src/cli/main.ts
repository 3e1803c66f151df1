/**
 * The graphreq CLI: `graphreq check | fmt | send | test | import | serve | lsp`, and `graphreq help [COMMAND]`. Each
 * subcommand lives in its own file and renders through render/; this one dispatches and turns
 * usage errors into one line on stderr and exit code 2.
 */
import { didYouMean, nodeReadEnvFileNote } from './args';
import { UsageError } from './files';
import { processTerminal, type Terminal } from './render/output';
import { visibleText } from './render/style';

import { version } from '../version';

export { version };

type Command = (argv: string[], terminal: Terminal) => Promise<number>;

/**
 * Each subcommand is loaded when it runs (or its help is asked for): a cold `check` does not
 * initialise the sender, the emulator, the importer and the Node modules they need (HTTP, TLS,
 * crypto, readline), a fifth of the time a process spends before it reads the first file.
 */
type Loaded = { run: Command; help: string };
const commands: Record<string, { load: () => Promise<Loaded>; summary: string }> = {
  check: { load: async () => import('./check.js').then((m) => ({ run: m.runCheck, help: m.checkHelp })), summary: 'check .graphreq files against the documented rules' },
  fmt: { load: async () => import('./fmt.js').then((m) => ({ run: m.runFmt, help: m.fmtHelp })), summary: 'format .graphreq files (layout only); --check lists what would change' },
  send: { load: async () => import('./send.js').then((m) => ({ run: m.runSend, help: m.sendHelp })), summary: 'send requests; print responses, decoded errors and usage as they come' },
  test: { load: async () => import('./test.js').then((m) => ({ run: m.runTest, help: m.testHelp })), summary: 'send the requests that have expectations (# @expect) and report each one' },
  import: { load: async () => import('./import.js').then((m) => ({ run: m.runImport, help: m.importHelp })), summary: 'convert curl commands and REST Client / httpYac .http files into requests' },
  serve: { load: async () => import('./serve.js').then((m) => ({ run: m.runServe, help: m.serveHelp })), summary: 'run the local emulator of the documented API (docs/emulator.md)' },
  lsp: { load: async () => import('./lsp.js').then((m) => ({ run: m.runLsp, help: m.lspHelp })), summary: 'start the language server (--stdio) for any LSP editor' },
};

function help(): string {
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(7)} ${c.summary}`);
  return [
    `graphreq ${version}: write, check and send requests to the Graph-style API`,
    '',
    'Usage: graphreq <command> [options]',
    '',
    ...lines,
    '',
    'graphreq help <command> (or graphreq <command> --help) shows the options of a command.',
    'Colours: on a terminal; NO_COLOR=1 or --no-color turns them off, FORCE_COLOR=1 forces them.',
    'Docs: docs/sending.md, docs/format.md, docs/rules.md, docs/emulator.md',
    '',
  ].join('\n');
}

function unknownCommand(name: string): string {
  return `graphreq: unknown command "${name}"${didYouMean(name, Object.keys(commands))}; see graphreq --help\n`;
}

export async function main(argv: string[], terminal: Terminal = processTerminal()): Promise<number> {
  const [name, ...rest] = argv;
  if (!name) {
    terminal.err(help());
    return 2;
  }
  if (name === '--help' || name === '-h') {
    terminal.out(help());
    return 0;
  }
  if (name === 'help') {
    const topic = rest[0];
    if (topic === undefined) {
      terminal.out(help());
      return 0;
    }
    const command = commands[topic];
    if (!command) {
      terminal.err(visibleText(unknownCommand(topic), false));
      return 2;
    }
    terminal.out((await command.load()).help + '\n');
    return 0;
  }
  if (name === '--version' || name === '-v' || name === 'version') {
    terminal.out(`${version}\n`);
    return 0;
  }
  const command = commands[name];
  if (!command) {
    terminal.err(visibleText(name.startsWith('-') ? `graphreq: ${name} goes after a command (graphreq <command> ${name}); see graphreq --help\n` : unknownCommand(name), false));
    return 2;
  }
  const envFileNote = nodeReadEnvFileNote(name, rest);
  if (envFileNote) terminal.err(envFileNote);
  try {
    return await (await command.load()).run(rest, terminal);
  } catch (e) {
    if (e instanceof UsageError) {
      // The line may quote a path or a value the user gave: its control characters are shown, not obeyed.
      terminal.err(visibleText(`graphreq ${name}: ${e.message.split('\n')[0]}\n`, false));
      return 2;
    }
    throw e;
  }
}
