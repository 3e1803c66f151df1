/**
 * What the user confirmed, per workspace: "send GRAPHREQ_PROD_TOKEN to https://graph.example.com for
 * the environments of /home/me/project". A confirmation covers the pair the user was asked about:
 * the origin and the token that goes there, a process variable's value (the CLI, the language
 * server without an editor's token) or the token the editor holds for that origin (VS Code's secret
 * storage, which keys its tokens by origin). A later commit that changes `accessTokenEnv` changes the
 * pair, so the user is asked again, about the new variable. Kept in the user's configuration folder,
 * never in the repository (whose authors are the ones the confirmation guards against), and shared
 * by the CLI and the language server. Written through the atomic-write helper, readable by the user only.
 *
 *   { "format": 2, "workspaces": { "/home/me/project": [
 *       { "origin": "https://graph.example.com", "tokenVariable": "GRAPHREQ_PROD_TOKEN" },
 *       { "origin": "https://graph.example.com", "editorToken": true } ] } }
 *
 * Records of format 1 (`["https://graph.example.com"]`, an origin alone) were made before the
 * variable was part of the question: each still covers the editor's token and GRAPHREQ_ACCESS_TOKEN,
 * the variable read when no repository names one, and nothing else; a repository's
 * `accessTokenEnv` naming another variable is asked about once more (docs/sending.md).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEFAULT_TOKEN_VARIABLE } from '../core';
import { recordsTrust, type TrustedToken, type TrustRecord, type TrustRecords } from '../send/trustRecords';
import { writeFileAtomicSync } from './atomicWrite';

const FORMAT = 2;
const ORIGINS_ONLY_FORMAT = 1;

/**
 * The user's configuration folder of graphreq: $GRAPHREQ_CONFIG_DIR, else the platform's place
 * ($XDG_CONFIG_HOME or ~/.config on Linux, ~/Library/Application Support on macOS, %APPDATA% on Windows).
 */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.GRAPHREQ_CONFIG_DIR) return path.resolve(env.GRAPHREQ_CONFIG_DIR);
  if (process.platform === 'win32') return path.join(env.APPDATA || path.join(os.homedir(), 'AppData', 'Roaming'), 'graphreq');
  if (process.platform === 'darwin') return path.join(os.homedir(), 'Library', 'Application Support', 'graphreq');
  return path.join(env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config'), 'graphreq');
}

export class TrustStore implements TrustRecords {
  readonly file: string;

  constructor(dir: string = configDir()) {
    this.file = path.join(dir, 'trusted-origins.json');
  }

  /** What the user confirmed for the workspace at `root`. */
  records(root: string): TrustRecord[] {
    return this.read()[key(root)] ?? [];
  }

  /** The origins confirmed for the workspace at `root`, with any token. */
  origins(root: string): string[] {
    return [...new Set(this.records(root).map((r) => r.origin))];
  }

  /** Whether the user confirmed sending `token` to `origin` for the workspace at `root`. */
  trusts(root: string, origin: string, token: TrustedToken): boolean {
    return recordsTrust(this.records(root), origin, token);
  }

  /** Records that the user confirmed sending `token` to `origin` for the workspace at `root`. */
  trust(root: string, origin: string, token: TrustedToken): void {
    if (this.trusts(root, origin, token)) return;
    const all = this.read();
    const k = key(root);
    all[k] = [...(all[k] ?? []), { origin, token }].sort((a, b) => recordKey(a).localeCompare(recordKey(b)));
    const workspaces: Record<string, unknown[]> = {};
    for (const [root, list] of Object.entries(all)) workspaces[root] = list.map((r) => ({ origin: r.origin, ...('variable' in r.token ? { tokenVariable: r.token.variable } : { editorToken: true }) }));
    fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    writeFileAtomicSync(this.file, JSON.stringify({ format: FORMAT, workspaces }, null, 2) + '\n', { mode: 0o600 });
  }

  private read(): Record<string, TrustRecord[]> {
    const out = Object.create(null) as Record<string, TrustRecord[]>;
    let json: unknown;
    try {
      json = JSON.parse(fs.readFileSync(this.file, 'utf8'));
    } catch {
      // No file yet, or one that cannot be read: nothing is trusted (the next confirmation rewrites it).
      return out;
    }
    if (json === null || typeof json !== 'object') return out;
    const { format, workspaces } = json as { format?: unknown; workspaces?: unknown };
    if ((format !== FORMAT && format !== ORIGINS_ONLY_FORMAT) || workspaces === null || typeof workspaces !== 'object') return out;
    for (const [k, v] of Object.entries(workspaces as Record<string, unknown>)) {
      if (!Array.isArray(v)) continue;
      out[k] = format === ORIGINS_ONLY_FORMAT ? v.filter((o): o is string => typeof o === 'string').flatMap(originOnly) : v.flatMap(recordOf);
    }
    return out;
  }
}

/** A record of format 2, or none when it is not one (a damaged entry trusts nothing). */
function recordOf(v: unknown): TrustRecord[] {
  if (v === null || typeof v !== 'object') return [];
  const { origin, tokenVariable, editorToken } = v as { origin?: unknown; tokenVariable?: unknown; editorToken?: unknown };
  if (typeof origin !== 'string') return [];
  if (typeof tokenVariable === 'string' && tokenVariable !== '') return [{ origin, token: { variable: tokenVariable } }];
  return editorToken === true ? [{ origin, token: { editor: true } }] : [];
}

/** An origin confirmed before the variable was asked about: the editor's token and GRAPHREQ_ACCESS_TOKEN only. */
function originOnly(origin: string): TrustRecord[] {
  return [{ origin, token: { editor: true } }, { origin, token: { variable: DEFAULT_TOKEN_VARIABLE } }];
}

function recordKey(r: TrustRecord): string {
  return `${r.origin} ${'variable' in r.token ? r.token.variable : ''}`;
}

/** Workspaces are recorded by their real path, so a symbolic link to the folder is the same workspace. */
function key(root: string): string {
  try {
    return fs.realpathSync(root);
  } catch {
    return path.resolve(root);
  }
}
