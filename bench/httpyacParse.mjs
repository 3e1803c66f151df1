// httpYac's parser on the same file, as a cold process: structure only (it keeps bodies as text).
// Usage: node bench/httpyacParse.mjs FILE   (needs httpyac in bench/.peers; bench/run.mjs installs it)
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createRequire } from 'node:module';
const require = createRequire(path.resolve('bench/.peers/package.json'));
const httpyac = require('httpyac');

const file = path.resolve(process.argv[2]);
const text = fs.readFileSync(file, 'utf8');
// As httpYac's own CLI does before it parses: Node's file system as the file provider.
httpyac.cli.initFileProvider();
const store = new httpyac.store.HttpFileStore();
const httpFile = await store.getOrCreate(file, async () => text, 0, { workingDir: path.dirname(file) });
process.stdout.write(`${httpFile.httpRegions.length}\n`);
