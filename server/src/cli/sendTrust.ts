/**
 * The CLI's side of "where the token goes" (send/tokenChoice.ts): the user names an environment
 * with `--env` (or an explicit `--env-file`), types a base URL with `--base-url`,
 * and confirms an origin of graphreq.env.json, with the variable whose value goes there, with
 * `--trust-origin` or, at a terminal, by answering the question. Every refusal is a one-line usage error (exit 2) and nothing is sent.
 * GRAPHREQ_ENV still selects the environment (its variables, its base URL), but it is set in the
 * shell for every repository alike, so it is no choice of this repository's base URL.
 */
import * as readline from 'node:readline';
import type { EnvironmentSettings } from '../core';
import { decideSendTarget } from '../core/send';
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

export const trustOriginHelp = `  --trust-origin     send to the base URL of graphreq.env.json (loopback included) although its
                     environment was not named with --env; remembered for this workspace, with
                     the token variable sent (another variable there asks again)`;

export async function chooseCliToken(values: CliTokenOptions, env: EnvironmentSettings, firstInput: string, io: CliTokenIo): Promise<{ baseUrl?: string; token?: string; tokenEnvName: string }> {
  const root = cliWorkspaceRoot(firstInput);
  const ask = io.confirm ?? askAtTerminal;
  const target = decideSendTarget({
    typedBaseUrl: values['base-url'],
    environment: env.name,
    environmentNamed: values.env !== undefined || values['env-file'] !== undefined,
    envBaseUrl: env.baseUrl,
    accessTokenEnv: env.accessTokenEnv,
  });
  const choice = await chooseToken({
    target,
    root,
    trust: new TrustStore(),
    processEnv: process.env,
    // The question names the variable whose value goes: a confirmation covers that pair (files/trustStore.ts).
    confirm: async (origin, token) => values['trust-origin'] === true || ask(`graphreq.env.json sends ${'variable' in token ? `your token ${token.variable}` : 'your access token'} to ${origin}. Trust it for ${root}? [y/N] `),
    hints: { name: nameHint(values, env.name), confirm: 'confirm the origin once with --trust-origin' },
  });
  if (!choice.ok) throw new UsageError(`${choice.kind === 'untrusted' ? 'not sent: ' : ''}${choice.message}`);
  if (choice.note) io.err(`graphreq send: ${choice.note}\n`);
  return choice;
}

/** How to name the environment: its own name when one is in use, and why GRAPHREQ_ENV did not count. */
function nameHint(values: CliTokenOptions, name: string | undefined): string {
  if (!name) return 'name its environment with --env NAME';
  const fromShell = values.env === undefined && process.env.GRAPHREQ_ENV === name;
  return `name its environment with --env ${name}${fromShell ? " (GRAPHREQ_ENV alone does not choose a repository's base URL)" : ''}`;
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
