// Bundles one file per entry point: the VS Code client, the language server, the CLI.
// `node esbuild.mjs --watch` rebuilds on change; `--production` minifies.
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import { generateGates, gatesFile } from './server/build/generateGates.mjs';
import { writeApiIndex } from './server/build/generateApiIndex.mjs';
import { writeVsixReadme } from './client/build/vsixReadme.mjs';
import { noNodeModules } from './server/build/noNodeModules.mjs';

// `npm pack` and `npm publish` run prepack (the production build that goes into the package) and then
// prepare: that second build would replace the first with the development one, so it stands aside.
if (process.env.npm_lifecycle_event === 'prepare' && ['pack', 'publish'].includes(process.env.npm_command ?? '')) process.exit(0);

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

/** @type {esbuild.BuildOptions} */
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  // JSON schemas are bundled into each output so the packaged extension and the CLI need no files beside them.
  loader: { '.json': 'json' },
  // jsonc-parser's UMD build requires its modules dynamically, which a bundle cannot follow: take its ES build.
  mainFields: ['module', 'main'],
};

// The web build (vscode.dev, github.dev): the client in the editor's web worker extension host, the
// server in a Web Worker; a Node module in either fails the build (server/build/noNodeModules.mjs).
const web = {
  ...common,
  platform: 'browser',
  target: 'es2022',
  format: 'iife',
  // The bundles are checked for size (bench/README.md): minified always, with a source map in development.
  minify: true,
  mainFields: ['browser', 'module', 'main'],
  plugins: [noNodeModules],
};

/**
 * dist/cli.js holds the dispatcher (server/src/cli/main.ts) and `check`; main.ts's imports of the other
 * commands (`import('./send.js')`) load dist/cli-commands.js, which exports them all: a cold check does
 * not compile the code of the sender, the emulator and the rest (bench/README.md, "Cold start and the
 * valid path").
 */
const otherCommands = {
  name: 'other-commands',
  setup(build) {
    build.onResolve({ filter: /^\.\/(fmt|send|test|import|serve|lsp)\.js$/ }, (args) =>
      /[\\/]cli[\\/]main\.ts$/.test(args.importer) ? { path: './cli-commands.js', external: true } : undefined);
  },
};

const builds = [
  { ...web, entryPoints: ['server/src/web/main.ts'], outfile: 'dist/web/server.js' },
  // The web extension host loads the client as a CommonJS module, with `vscode` given to it.
  { ...web, format: 'cjs', entryPoints: ['client/src/web/extension.ts'], outfile: 'dist/web/client.js', external: ['vscode'] },
  { ...common, entryPoints: ['server/src/lsp/main.ts'], outfile: 'dist/server.js' },
  // The CLI loads the language server bundle lazily (only for `graphreq lsp`), so a cold `check` stays small;
  // likewise the other commands, dist/cli-commands.js (server/src/cli/commands.ts).
  { ...common, entryPoints: ['server/src/cli/main.ts'], outfile: 'dist/cli.js', external: ['./server.js'], plugins: [otherCommands] },
  { ...common, entryPoints: ['server/src/cli/commands.ts'], outfile: 'dist/cli-commands.js', external: ['./server.js'] },
  { ...common, entryPoints: ['client/src/extension.ts'], outfile: 'dist/client.js', external: ['vscode'] },
];

// The ajv gates are generated from schemas/params first: the bundles (and tsc) compile them.
const gates = generateGates();
if (!fs.existsSync(gatesFile) || fs.readFileSync(gatesFile, 'utf8') !== gates) fs.writeFileSync(gatesFile, gates);
// The section index of docs/api.md, so that hover links its citations to the reference.
writeApiIndex();
// The .vsix's README: its pictures inline, so that VS Code's extension page shows them.
writeVsixReadme();

if (watch) {
  for (const b of builds) (await esbuild.context(b)).watch();
} else {
  await Promise.all(builds.map((b) => esbuild.build(b)));
}
