// The package.json that goes into the npm package: the repository's without its scripts, which are
// for developing graphreq (`prepare` builds from sources the package does not ship, so npm warned
// that it cannot run when the tarball was installed). npm runs `prepack` before it reads the files
// and `postpack` after: `trim` swaps the manifest in, `restore` puts the developer's back, byte for byte.
//
// npm runs no `postpack` when the pack fails after `prepack` (a `--pack-destination` that does not
// exist, a full disk, Ctrl+C): so `trim` also starts a guard, a detached process that waits for the
// packing tool to end and then puts the developer's package.json back if `postpack` did not. A
// backup left by a pack that was cut short in a way the guard could not see (the machine stopped) is
// restored first by the next `trim` or `restore`, so the repository's package.json is never lost.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const manifest = path.join(root, 'package.json');
const backup = path.join(root, '.package.json.pack-backup');
/** How often the guard looks, and how long it waits at most (a pack after `prepack` takes seconds). */
const GUARD_POLL_MS = 200;
const GUARD_MAX_MS = 10 * 60_000;
/** Shells npm, yarn and pnpm run a script through: the packing tool is the first ancestor that is none of these. */
const SHELLS = new Set(['sh', 'dash', 'bash', 'zsh', 'ash', 'ksh', 'mksh', 'fish', 'busybox']);

function restore() {
  if (fs.existsSync(backup)) fs.renameSync(backup, manifest);
}

/** A process's parent and command name, from /proc (Linux) or `ps` (macOS, BSD); null when neither tells. */
function processInfo(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // `pid (comm) state ppid ...`: comm may hold spaces and parentheses, so read from the last `)`.
    const close = stat.lastIndexOf(')');
    return { comm: stat.slice(stat.indexOf('(') + 1, close), ppid: Number(stat.slice(close + 2).split(' ')[1]) };
  } catch {
    // No /proc: ask ps.
  }
  try {
    const out = execFileSync('ps', ['-o', 'ppid=,comm=', '-p', String(pid)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const m = /^(\d+)\s+(.*)$/.exec(out);
    return m ? { ppid: Number(m[1]), comm: path.basename(m[2]) } : null;
  } catch {
    return null;
  }
}

/** The process that runs this script's shell: npm (or yarn, pnpm) packing; null when it cannot be told. */
function packingTool() {
  let pid = process.ppid;
  for (let depth = 0; depth < 8 && pid > 1; depth++) {
    const info = processInfo(pid);
    if (!info) return null;
    if (!SHELLS.has(info.comm)) return pid;
    pid = info.ppid;
  }
  return null;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

/** The backup this pack made, known by its inode: a later pack's backup is not this guard's to restore. */
function identity(file) {
  try {
    const s = fs.statSync(file);
    return `${s.dev}:${s.ino}`;
  } catch {
    return null;
  }
}

/** Started by `trim` when a packing tool runs it: lives apart from it, and ends with it. */
function startGuard() {
  if (!process.env.npm_lifecycle_event) return;
  const tool = packingTool();
  const mine = identity(backup);
  if (tool === null || mine === null) return;
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), 'guard', String(tool), mine], { detached: true, stdio: 'ignore', windowsHide: true });
  child.unref();
}

function guard(tool, mine) {
  const started = Date.now();
  const timer = setInterval(() => {
    // postpack put it back (or a later pack owns the backup now): nothing to do.
    if (identity(backup) !== mine) return clearInterval(timer);
    if (alive(tool) && Date.now() - started < GUARD_MAX_MS) return;
    clearInterval(timer);
    restore();
  }, GUARD_POLL_MS);
}

const command = process.argv[2];
if (command === 'trim') {
  restore();
  const text = fs.readFileSync(manifest, 'utf8');
  const pkg = JSON.parse(text);
  delete pkg.scripts;
  fs.writeFileSync(backup, text);
  fs.writeFileSync(manifest, JSON.stringify(pkg, null, 2) + '\n');
  startGuard();
} else if (command === 'restore') {
  restore();
} else if (command === 'guard') {
  guard(Number(process.argv[3]), process.argv[4]);
} else {
  console.error('usage: node server/build/packManifest.mjs trim|restore');
  process.exit(2);
}
