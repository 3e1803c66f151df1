// The package.json that goes into the npm package: the repository's without its scripts, which are
// for developing graphreq (`prepare` builds from sources the package does not ship, so npm warned
// that it cannot run when the tarball was installed). npm runs `prepack` before it reads the files
// and `postpack` after: `trim` swaps the manifest in, `restore` puts the developer's back. A backup
// left by a pack that was cut short is restored first, so the repository's package.json is never lost.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const manifest = path.join(root, 'package.json');
const backup = path.join(root, '.package.json.pack-backup');

function restore() {
  if (fs.existsSync(backup)) fs.renameSync(backup, manifest);
}

const command = process.argv[2];
if (command === 'trim') {
  restore();
  const text = fs.readFileSync(manifest, 'utf8');
  const pkg = JSON.parse(text);
  delete pkg.scripts;
  fs.writeFileSync(backup, text);
  fs.writeFileSync(manifest, JSON.stringify(pkg, null, 2) + '\n');
} else if (command === 'restore') {
  restore();
} else {
  console.error('usage: node server/build/packManifest.mjs trim|restore');
  process.exit(2);
}
