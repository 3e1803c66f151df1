// The floor as a cold process: read the file, find each request's body, parse it with
// jsonc-parser's parseTree and drop the tree. Usage: node bench/floor.mjs FILE
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
const { parseTree } = createRequire(import.meta.url)('jsonc-parser');

const text = fs.readFileSync(process.argv[2], 'utf8');
let count = 0;
// A body starts at the first "{" line after a blank line and runs to the next "###".
for (const block of text.split(/^###/m)) {
  const start = block.search(/\n\s*\n\s*[{[]/);
  if (start < 0) continue;
  const root = parseTree(block.slice(start), [], { allowTrailingComma: true });
  if (root) count++;
}
process.stdout.write(`${count}\n`);
