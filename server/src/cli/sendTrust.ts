/**
 * The CLI's side of "where the token goes" (send/tokenChoice.ts): `--env` (or GRAPHREQ_ENV) selects
 * an environment, `--base-url` types a base URL, and a base URL graphreq.env.json gives gets the token
 * only for an (origin, token variable) pair confirmed for this workspace: with `--trust-origin`, or
 * at a terminal by answering the question, which names the environment, the variable and the origin.
 * Naming the environment confirms nothing, since a commit can change what the name resolves to.
 * Every refusal is a one-line usage error (exit 2) and nothing is sent.
 *
 * `--env-json FILE` (or `--env-file`) names a file, not a choice of what is in it: a file in the workspace (or in any
 * other repository) is repository content like the one found by the lookup. Only a file outside
 * every repository (`~/envs/prod.json`: the user's own) gives a base URL as if typed.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as readline from 'node:readline';
import type { EnvironmentSettings } from '../core';
import { decideSendTarget } from '../core/send';
import { isWithin, repositoryRoot } from '../files/envFile';
import { TrustStore } from '../files/trustStore';
import { chooseToken } from '../send/tokenChoice';
import { cliWorkspaceRoot, UsageError } from './files';

export interface CliTokenOptions {
  env?: string;
  'env-file'?: string;
  'base-url'?: string;
  'trust-origin'?: boolean;
}

export interface CliTokenIo {
  err: (s: string) => void;
  /** Asks a yes/no question; the default asks at a terminal and answers no elsewhere. */
  confirm?: (question: string) => Promise<boolean>;
}

export const trustOriginHelp = `  --trust-origin     send your token to the base URL graphreq.env.json gives (loopback included,
                     the environment named with --env or not), and remember the origin with the
                     token variable sent for this workspace; a commit that changes either asks
                     again (at a terminal the question asks it; elsewhere, without this flag,
                     nothing is sent)`;

/** The help lines of the options that choose where a run sends and with which token (send and test alike). */
export const environmentOptionsHelp = `  --env NAME         environment of graphreq.env.json (default: $GRAPHREQ_ENV, else $shared only);
                     its base URL gets your token only as confirmed with --trust-origin
  --env-json FILE    environment file (default: the nearest graphreq.env.json); --env-file FILE
                     names it too, but Node reads that option itself first (docs/sending.md); one
                     in a repository is the repository's, one outside every repository is yours
                     (its base URL counts as typed)
  --base-url URL     where to send (default: the environment's baseUrl; none: the embedded emulator)
${trustOriginHelp}`;

export async function chooseCliToken(values: CliTokenOptions, env: EnvironmentSettings, firstInput: string, io: CliTokenIo): Promise<{ baseUrl?: string; token?: string; tokenEnvName: string }> {
  const root = cliWorkspaceRoot(firstInput);
  const ask = io.confirm ?? askAtTerminal;
  const envFile = values['env-file'];
  const target = decideSendTarget({
    typedBaseUrl: values['base-url'],
    environment: env.name,
    environmentNamed: values.env !== undefined || envFile !== undefined,
    envFileIsUsers: envFile !== undefined && outsideEveryRepository(envFile, root),
    envBaseUrl: env.baseUrl,
    accessTokenEnv: env.accessTokenEnv,
  });
  const choice = await chooseToken({
    target,
    root,
    trust: new TrustStore(),
    processEnv: process.env,
    // The question names the environment, the variable whose value goes and the origin: a confirmation covers that pair (files/trustStore.ts).
    confirm: async (origin, token, words) =>
      values['trust-origin'] === true || ask(`${words.says} ${'variable' in token ? `your token ${token.variable}` : 'your access token'} to ${origin}${words.changed ?? ''}. Trust it for ${root}? [y/N] `),
    hints: { confirm: 'confirm it once with --trust-origin' },
  });
  if (!choice.ok) throw new UsageError(`${choice.kind === 'untrusted' ? 'not sent: ' : ''}${choice.message}`);
  if (choice.note) io.err(`graphreq send: ${choice.note}\n`);
  return choice;
}

/**
 * An `--env-json` file the user keeps for themselves: neither its path nor the file it resolves to lies in
 * the workspace or in any repository (a folder holding `.git` at or above it), where a commit could
 * change it or retarget a link to it.
 */
function outsideEveryRepository(file: string, root: string): boolean {
  const paths = [path.resolve(file)];
  const roots = [path.resolve(root)];
  try {
    paths.push(fs.realpathSync(file));
    roots.push(fs.realpathSync(root));
  } catch {
    return false; // Not readable as given: loadEnvironment has said so already; nothing is the user's.
  }
  return paths.every((p) => roots.every((r) => !isWithin(p, r)) && repositoryRoot(path.dirname(p)) === undefined);
}

/** At a terminal: the question on stderr, the answer from stdin. Elsewhere (a script, CI): no. */
async function askAtTerminal(question: string): Promise<boolean> {
  if (!process.stdin.isTTY || !process.stderr.isTTY) return false;
  const rl = readline.createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await new Promise<string>((resolve) => rl.question(question, resolve));
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    rl.close();
  }
}
