/**
 * What the two packages hold, read the way their tools read it (no build, no network):
 * - the npm package (`npm pack --dry-run`): the CLI and the language server, the schemas, the user
 *   documentation the CLI, the server and the README link to, README, LICENSE, CHANGELOG; no tests,
 *   no sources of the bundles, no source maps;
 * - the VS Code extension (`vsce ls`): what the extension runs, what package.json's contributes names,
 *   the pages its links lead to and the pictures the README shows; nothing else;
 * - one version for both, with its CHANGELOG entry.
 * Installing the packed tarball and running it is test/pack/install.test.mjs (`npm run test:pack`).
 */
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';

/** The repository root: out/test/pack -> the folder holding package.json. */
const root = path.resolve(__dirname, '..', '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const vsce = path.join(root, 'node_modules', '@vscode', 'vsce', 'vsce');

/** Files of a folder of the repository, relative to the root, with forward slashes. */
function filesUnder(dir: string): string[] {
  const full = path.join(root, dir);
  return fs.readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/** The user documentation: every page of docs/ but the map of the code, which is for people working on graphreq. */
const userDocs = fs.readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md') && f !== 'ARCHITECTURE.md').map((f) => `docs/${f}`);

/** docs/ pages named by the CLI and the language server (help texts, messages, diagnostic links). */
function docsNamedBy(dirs: string[]): string[] {
  const named = new Set<string>();
  for (const dir of dirs) {
    for (const file of filesUnder(dir).filter((f) => f.endsWith('.ts'))) {
      for (const m of fs.readFileSync(path.join(root, file), 'utf8').matchAll(/docs\/([A-Za-z0-9_-]+\.md)/g)) named.add(`docs/${m[1]}`);
    }
  }
  return [...named].sort();
}

/** Relative links of README.md: [text](target) and ![alt](target), without anchors. */
function readmeLinks(): { images: string[]; pages: string[] } {
  const text = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const images: string[] = [];
  const pages: string[] = [];
  for (const m of text.matchAll(/(!?)\[[^\]]*\]\(([^)\s]+)\)/g)) {
    const target = m[2].replace(/#.*$/, '');
    if (!target || /^[a-z]+:/i.test(target)) continue;
    (m[1] ? images : pages).push(target);
  }
  return { images, pages };
}

function npmPackFiles(): string[] {
  // --ignore-scripts: prepack would rebuild dist/ under the other suites' feet; the list does not depend on it.
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return (JSON.parse(out)[0].files as Array<{ path: string }>).map((f) => f.path).sort();
}

/** The README `npm run package` gives vsce (--readme-path): README.md with its pictures inline. */
const vsixReadme = /--readme-path (\S+)/.exec(String(manifest.scripts.package))?.[1] ?? 'README.md';

function vsixFiles(): string[] {
  const out = execFileSync(process.execPath, [vsce, 'ls', '--no-dependencies', '--readme-path', vsixReadme], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return out.split('\n').map((l) => l.trim()).filter(Boolean).sort();
}

describe('npm package contents', () => {
  const files = npmPackFiles();

  it('is publishable, builds before packing and needs no runtime dependency (the bundles carry them)', () => {
    assert.notEqual(manifest.private, true, 'package.json must not be private');
    assert.match(manifest.scripts.prepack ?? '', /esbuild\.mjs/, 'prepack builds the bundles');
    assert.deepEqual(Object.keys(manifest.dependencies ?? {}), [], 'dependencies: the bundles are self-contained');
  });

  it('holds the CLI, its bundles, README, LICENSE and CHANGELOG', () => {
    const bin = String(manifest.bin.graphreq).replace(/^\.\//, '');
    for (const f of [bin, 'dist/cli.js', 'dist/cli-commands.js', 'dist/server.js', 'package.json', 'README.md', 'LICENSE', 'CHANGELOG.md']) {
      assert.ok(files.includes(f), `${f} is not in the npm package`);
    }
  });

  it('holds every schema', () => {
    const missing = filesUnder('schemas').filter((f) => !files.includes(f));
    assert.deepEqual(missing, [], 'schemas missing from the npm package');
  });

  it('holds every docs page the CLI and the language server name, and the user pages README links to', () => {
    const named = docsNamedBy(['server/src']);
    assert.ok(named.includes('docs/rules.md'), 'the server links diagnostics to docs/rules.md');
    const linked = readmeLinks().pages.filter((p) => userDocs.includes(p));
    const missing = [...named.filter((p) => p !== 'docs/ARCHITECTURE.md'), ...linked, ...userDocs].filter((f) => !files.includes(f));
    assert.deepEqual([...new Set(missing)], [], 'docs pages missing from the npm package');
  });

  it('holds nothing else: no tests, no sources of the bundles, no source maps', () => {
    const allowed = (f: string): boolean =>
      ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md', 'bin/graphreq.js', 'dist/cli.js', 'dist/cli-commands.js', 'dist/server.js'].includes(f)
      || (f.startsWith('schemas/') && f.endsWith('.json'))
      || userDocs.includes(f);
    assert.deepEqual(files.filter((f) => !allowed(f)), [], 'files in the npm package that do not run and are not documentation');
  });
});

describe('VS Code extension contents (vsce ls)', () => {
  const files = vsixFiles();
  const contributes = manifest.contributes;

  it('holds the client and the language server it starts', () => {
    const main = String(manifest.main).replace(/^\.\//, '');
    assert.ok(files.includes(main), `${main} (main) is not in the .vsix`);
    const client = fs.readFileSync(path.join(root, 'client', 'src', 'languageClient.ts'), 'utf8');
    const server = /asAbsolutePath\('([^']+)'\)/.exec(client)?.[1];
    assert.equal(server, 'dist/server.js', 'the client starts dist/server.js');
    assert.ok(files.includes(server), `${server} is not in the .vsix`);
  });

  it('holds the web build: the browser client and the server it runs in a Web Worker', () => {
    const browser = String(manifest.browser).replace(/^\.\//, '');
    assert.equal(browser, 'dist/web/client.js');
    const client = fs.readFileSync(path.join(root, 'client', 'src', 'web', 'extension.ts'), 'utf8');
    const server = /joinPath\(context\.extensionUri, '([^']+)'\)/.exec(client)?.[1];
    assert.equal(server, 'dist/web/server.js', 'the web client starts dist/web/server.js');
    for (const f of [browser, server]) assert.ok(files.includes(f), `${f} is not in the .vsix`);
  });

  /** Every file package.json points at (contributes, icon), relative to the root. */
  function manifestFiles(): string[] {
    const out = [manifest.icon];
    for (const l of contributes.languages ?? []) out.push(l.configuration, l.icon?.light, l.icon?.dark);
    for (const g of contributes.grammars ?? []) out.push(g.path);
    for (const s of contributes.snippets ?? []) out.push(s.path);
    for (const j of contributes.jsonValidation ?? []) if (!/^[a-z]+:/i.test(j.url)) out.push(j.url);
    for (const w of contributes.walkthroughs ?? []) for (const st of w.steps ?? []) out.push(st.media?.markdown, st.media?.image, st.media?.svg);
    return [...new Set(out.filter(Boolean).map((f: string) => f.replace(/^\.\//, '')))].sort();
  }

  it('holds every file package.json names (contributes, icon)', () => {
    const named = manifestFiles();
    assert.ok(named.length >= 6, `only ${named.length} files named by package.json`);
    assert.deepEqual(named.filter((f) => !files.includes(f)), [], 'files package.json names that the .vsix lacks');
  });

  it('shows the README\'s pictures on the extension page: written into the .vsix\'s README as data: addresses (the page loads no relative picture)', () => {
    const { images, pages } = readmeLinks();
    assert.ok(images.length > 0, 'README shows pictures');
    assert.ok(files.includes(vsixReadme) && !files.includes('README.md'), `the .vsix's README is ${vsixReadme}, and only it`);
    const packed = fs.readFileSync(path.join(root, vsixReadme), 'utf8');
    const shown = [...packed.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]);
    assert.equal(shown.length, images.length, 'every picture of README.md is in the .vsix README');
    images.forEach((img, i) => {
      assert.ok(!/\.svg$/i.test(img), `${img}: the marketplace refuses SVG pictures in README`);
      const data = /^data:image\/png;base64,(.+)$/.exec(shown[i]);
      assert.ok(data, `${img} is written in as a data: address`);
      assert.ok(Buffer.from(data[1], 'base64').equals(fs.readFileSync(path.join(root, img))), `${img}: the data: address holds the picture's bytes`);
    });
    assert.equal(packed.replace(/\]\(data:[^)]+\)/g, ''), fs.readFileSync(path.join(root, 'README.md'), 'utf8').replace(/(!\[[^\]]*)\]\([^)\s]+\.png\)/g, '$1'), 'the rest of the README as it is');
    const missing = [...pages.filter((p) => userDocs.includes(p)), ...userDocs, 'CHANGELOG.md', 'LICENSE'].filter((f) => !files.includes(f));
    assert.deepEqual(missing, [], 'pages missing from the .vsix');
  });

  it('holds the example the walkthrough opens', () => {
    const example = /'client', 'walkthrough', EXAMPLE_NAME/.test(fs.readFileSync(path.join(root, 'client', 'src', 'commands', 'example.ts'), 'utf8'));
    assert.ok(example && files.includes('client/walkthrough/getting-started.graphreq'));
  });

  it('vsce accepts the package as `npm run package` makes it (manifest, README pictures, ignore file)', () => {
    const script = String(manifest.scripts.package);
    const flags = /vsce package (.*?) --out /.exec(script)?.[1].split(' ') ?? [];
    assert.ok(flags.includes('--no-dependencies'), script);
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-vsix-'));
    try {
      const r = spawnSync(process.execPath, [vsce, 'package', ...flags, '--out', path.join(tmp, 'graphreq.vsix')], { cwd: root, encoding: 'utf8' });
      assert.equal(r.status, 0, `vsce package failed:\n${r.stdout}\n${r.stderr}`);
      assert.ok(fs.statSync(path.join(tmp, 'graphreq.vsix')).size > 0);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('holds nothing else', () => {
    const allowed = new Set(['package.json', vsixReadme, 'LICENSE', 'CHANGELOG.md', 'dist/client.js', 'dist/server.js', 'dist/web/client.js', 'dist/web/server.js', 'client/walkthrough/getting-started.graphreq', ...manifestFiles(), ...userDocs]);
    assert.deepEqual(files.filter((f) => !allowed.has(f)), [], 'files in the .vsix the extension does not need');
  });
});

describe('versioning', () => {
  it('one version for the npm package and the extension, with its CHANGELOG entry on top', () => {
    const changelog = fs.readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');
    const versions = [...changelog.matchAll(/^## (\d+\.\d+\.\d+)\b/gm)].map((m) => m[1]);
    assert.equal(versions[0], manifest.version, 'the newest CHANGELOG entry is the version of package.json');
    assert.equal(new Set(versions).size, versions.length, 'one CHANGELOG entry per version');
    const key = (v: string): number => v.split('.').reduce((n, p) => n * 1000 + Number(p), 0);
    assert.deepEqual(versions, [...versions].sort((a, b) => key(b) - key(a)), 'CHANGELOG entries go newest first');
    const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
    assert.equal(lock.version, manifest.version, 'package-lock.json carries the same version');
  });

  it('graphreq --version prints that version', () => {
    const out = execFileSync(process.execPath, [path.join(root, 'bin', 'graphreq.js'), '--version'], { encoding: 'utf8' });
    assert.equal(out.trim(), manifest.version);
  });
});
