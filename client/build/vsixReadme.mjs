// The README of the .vsix: README.md with each picture it links relatively written into the page
// as a data: address. VS Code's extension page loads pictures from https: and data: addresses only
// (its Content-Security-Policy), so relative links stay empty there for a .vsix installed from a
// file; a data: picture shows wherever the page is rendered, offline too. The repository's README
// keeps its relative links (GitHub and npm show those). `npm run package` passes the result to vsce
// with --readme-path; test/pack/contents.test.ts checks it.
import * as fs from 'node:fs';
import * as path from 'node:path';

const TYPES = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif' };

/** `README.md`'s text with `![alt](relative picture)` links replaced by data: addresses. */
export function inlinePictures(markdown, root) {
  return markdown.replace(/!\[([^\]]*)\]\(([^)\s]+)\)/g, (all, alt, target) => {
    const type = TYPES[path.extname(target).toLowerCase()];
    if (!type || /^[a-z]+:/i.test(target)) return all;
    const file = path.join(root, target);
    if (!fs.existsSync(file)) throw new Error(`README.md shows ${target}, which does not exist`);
    return `![${alt}](data:${type};base64,${fs.readFileSync(file).toString('base64')})`;
  });
}

export const vsixReadmeFile = 'dist/README.md';

export function writeVsixReadme(root = '.') {
  const text = inlinePictures(fs.readFileSync(path.join(root, 'README.md'), 'utf8'), root);
  fs.mkdirSync(path.join(root, 'dist'), { recursive: true });
  fs.writeFileSync(path.join(root, vsixReadmeFile), text);
}
