#!/usr/bin/env node
'use strict';
// A closed pipe (`graphreq check | head`) ends the output quietly, as other command-line tools do.
process.stdout.on('error', (e) => { if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0); throw e; });
require('../dist/cli.js').main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (err) => { process.stderr.write(`graphreq: ${err && err.message ? err.message : String(err)}\n`); process.exitCode = 2; },
);
