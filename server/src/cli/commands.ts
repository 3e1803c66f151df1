/**
 * The CLI's commands other than `check`, bundled apart (dist/cli-commands.js, esbuild.mjs): a cold
 * `check` loads dist/cli.js alone, which holds the dispatcher and the check, and does not compile the
 * half megabyte of the sender, the emulator, the importer, the formatter and the tests it never runs.
 * main.ts imports each command from its own file; the bundle maps those imports to this module.
 */
export { fmtHelp, runFmt } from './fmt';
export { runSend, sendHelp } from './send';
export { runTest, testHelp } from './test';
export { importHelp, runImport } from './import';
export { runServe, serveHelp } from './serve';
export { lspHelp, runLsp } from './lsp';
