/**
 * The graphreq CLI: `graphreq check | fmt | send | test | import | serve | lsp`, and `graphreq help [COMMAND]`. Each
 * subcommand lives in its own file and renders through render/; this one dispatches and turns
 * usage errors into one line on stderr and exit code 2.
 */
import { didYouMean } from './args';
import { checkHelp, runCheck } from './check';
import { fmtHelp, runFmt } from './fmt';
import { importHelp, runImport } from './import';
import { UsageError } from './files';
import { lspHelp, runLsp } from './lsp';
import { processTerminal, type Terminal } from './render/output';
import { visibleText } from './render/style';
import { runSend, sendHelp } from './send';
import { runServe, serveHelp } from './serve';
import { runTest, testHelp } from './test';

import { version } from '../version';

export { version };

type Command = (argv: string[], terminal: Terminal) => Promise<number>;

const commands: Record<string, { run: Command; summary: string; help: string }> = {
  check: { run: runCheck, summary: 'check .graphreq files against the documented rules', help: checkHelp },
  fmt: { run: runFmt, summary: 'format .graphreq files (layout only); --check lists what would change', help: fmtHelp },
  send: { run: runSend, summary: 'send requests; print responses, decoded errors and usage as they come', help: sendHelp },
  test: { run: runTest, summary: 'send the requests that have expectations (# @expect) and report each one', help: testHelp },
  import: { run: runImport, summary: 'convert curl commands and REST Client / httpYac .http files into requests', help: importHelp },
  serve: { run: runServe, summary: 'run the local emulator of the documented API (docs/emulator.md)', help: serveHelp },
  lsp: { run: runLsp, summary: 'start the language server (--stdio) for any LSP editor', help: lspHelp },
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
    terminal.out(command.help + '\n');
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
  try {
    return await command.run(rest, terminal);
  } catch (e) {
    if (e instanceof UsageError) {
      // The line may quote a path or a value the user gave: its control characters are shown, not obeyed.
      terminal.err(visibleText(`graphreq ${name}: ${e.message.split('\n')[0]}\n`, false));
      return 2;
    }
    throw e;
  }
}
