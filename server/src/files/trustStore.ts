/**
 * The base-URL origins the user confirmed, per workspace: "send my token to https://graph.example.com
 * for the environments of /home/me/project". Kept in the user's configuration folder, never in the
 * repository (whose authors are the ones the confirmation guards against), and shared by the CLI
 * and the language server. Written through the atomic-write helper, readable by the user only.
 *
 *   { "format": 1, "workspaces": { "/home/me/project": ["https://graph.example.com"] } }
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { writeFileAtomicSync } from './atomicWrite';

const FORMAT = 1;

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

export class TrustStore {
  readonly file: string;

  constructor(dir: string = configDir()) {
    this.file = path.join(dir, 'trusted-origins.json');
  }

  /** The origins confirmed for the workspace at `root`. */
  origins(root: string): string[] {
    const list = this.read()[key(root)];
    return Array.isArray(list) ? list.filter((o): o is string => typeof o === 'string') : [];
  }

  /** Records that the user confirmed `origin` for the workspace at `root`. */
  trust(root: string, origin: string): void {
    const all = this.read();
    const k = key(root);
    const list = Array.isArray(all[k]) ? all[k] : [];
    if (list.includes(origin)) return;
    all[k] = [...list, origin].sort();
    fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    writeFileAtomicSync(this.file, JSON.stringify({ format: FORMAT, workspaces: all }, null, 2) + '\n', { mode: 0o600 });
  }

  private read(): Record<string, string[]> {
    let json: unknown;
    try {
      json = JSON.parse(fs.readFileSync(this.file, 'utf8'));
    } catch {
      // No file yet, or one that cannot be read: nothing is trusted (the next confirmation rewrites it).
      return Object.create(null) as Record<string, string[]>;
    }
    const out = Object.create(null) as Record<string, string[]>;
    if (json === null || typeof json !== 'object') return out;
    const { format, workspaces } = json as { format?: unknown; workspaces?: unknown };
    if (format !== FORMAT || workspaces === null || typeof workspaces !== 'object') return out;
    for (const [k, v] of Object.entries(workspaces as Record<string, unknown>)) if (Array.isArray(v)) out[k] = v as string[];
    return out;
  }
}

/** Workspaces are recorded by their real path, so a symbolic link to the folder is the same workspace. */
function key(root: string): string {
  try {
    return fs.realpathSync(root);
  } catch {
    return path.resolve(root);
  }
}
