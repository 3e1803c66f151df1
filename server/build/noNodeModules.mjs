// An esbuild plugin for the web build (vscode.dev, github.dev): a Node module (`fs`, `node:path`, ...)
// in a bundle that runs in a browser would fail there at run time, so the build fails instead and
// names the file that imports it.
import { builtinModules } from 'node:module';

const nodeModules = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

/** @type {import('esbuild').Plugin} */
export const noNodeModules = {
  name: 'no-node-modules',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) =>
      nodeModules.has(args.path) || args.path.startsWith('node:')
        ? { errors: [{ text: `the web build cannot use the Node module "${args.path}" (imported by ${args.importer})` }] }
        : undefined,
    );
  },
};
