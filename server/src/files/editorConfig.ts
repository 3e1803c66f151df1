/**
 * The layout a request file's `.editorconfig` asks for (https://editorconfig.org): `max_line_length`
 * (the print width of JSON bodies), `indent_style` and `indent_size` / `tab_width`. As Prettier does,
 * the files are read from the request file's folder up to the workspace root, nearest last (it wins),
 * stopping at one that says `root = true`; sections match by EditorConfig's globs (minimatch, a
 * pattern without `/` matching the file's name in any folder below). Only layout comes from here.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { minimatch } from 'minimatch';
import { isWithin } from './envFile';

export interface EditorConfigLayout {
  printWidth?: number;
  tabSize?: number;
  insertSpaces?: boolean;
}

/** A `.editorconfig` larger than this is not one a person wrote: it is skipped. */
const MAX_BYTES = 64 * 1024;

/** The layout the `.editorconfig` files from `file`'s folder up to `root` give `file` (nothing where they say nothing). */
export function editorConfigFor(file: string, root: string): EditorConfigLayout {
  const target = path.resolve(file);
  const top = path.resolve(root);
  const folders: string[] = [];
  let dir = path.dirname(target);
  while (isWithin(dir, top)) {
    folders.push(dir);
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  // Nearest first while reading up, so that a `root = true` stops the walk; applied farthest first.
  const found: { dir: string; sections: Section[] }[] = [];
  for (const folder of folders) {
    const text = readSmallFile(path.join(folder, '.editorconfig'));
    if (text === undefined) continue;
    const parsed = parseEditorConfig(text);
    found.push({ dir: folder, sections: parsed.sections });
    if (parsed.root) break;
  }
  const props: Record<string, string> = {};
  for (const { dir: folder, sections } of found.reverse()) {
    const rel = path.relative(folder, target).split(path.sep).join('/');
    for (const s of sections) if (matches(s.glob, rel)) Object.assign(props, s.props);
  }
  return layoutOf(props);
}

interface Section {
  glob: string;
  props: Record<string, string>;
}

/** The sections of an `.editorconfig` text, keys and values lowercased, and whether it says `root = true`. */
export function parseEditorConfig(text: string): { root: boolean; sections: Section[] } {
  const sections: Section[] = [];
  let root = false;
  let current: Section | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const lineText = raw.trim();
    if (!lineText || lineText.startsWith('#') || lineText.startsWith(';')) continue;
    const header = /^\[(.*)\]$/.exec(lineText);
    if (header) {
      current = { glob: header[1], props: {} };
      sections.push(current);
      continue;
    }
    const eq = lineText.indexOf('=');
    if (eq < 0) continue;
    const key = lineText.slice(0, eq).trim().toLowerCase();
    const value = lineText.slice(eq + 1).trim().toLowerCase();
    if (current) current.props[key] = value;
    else if (key === 'root') root = value === 'true';
  }
  return { root, sections };
}

/** EditorConfig's glob rules: a pattern without `/` matches in any folder; one starting with `/` is anchored to the file's folder. */
function matches(glob: string, rel: string): boolean {
  let pattern = glob;
  if (!pattern.includes('/')) pattern = `**/${pattern}`;
  else if (pattern.startsWith('/')) pattern = pattern.slice(1);
  try {
    return minimatch(rel, pattern, { dot: true, matchBase: false, nocomment: true, nonegate: true });
  } catch {
    return false;
  }
}

function layoutOf(props: Record<string, string>): EditorConfigLayout {
  const layout: EditorConfigLayout = {};
  const width = wholeNumber(props.max_line_length);
  // The range `--print-width` and graphreq.format.printWidth take.
  if (width !== undefined && width >= 20 && width <= 1000) layout.printWidth = width;
  if (props.indent_style === 'tab') layout.insertSpaces = false;
  else if (props.indent_style === 'space') layout.insertSpaces = true;
  const size = props.indent_size === 'tab' ? wholeNumber(props.tab_width) : wholeNumber(props.indent_size) ?? wholeNumber(props.tab_width);
  if (size !== undefined && size <= 16) layout.tabSize = size;
  return layout;
}

function wholeNumber(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,4}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 ? n : undefined;
}

/** A regular file's text when it is small, else undefined (missing, a folder, a device, too large). */
function readSmallFile(file: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
    const st = fs.fstatSync(fd);
    if (!st.isFile() || st.size > MAX_BYTES) return undefined;
    const buf = Buffer.alloc(MAX_BYTES + 1);
    const n = fs.readSync(fd, buf, 0, buf.length, 0);
    return n > MAX_BYTES ? undefined : buf.subarray(0, n).toString('utf8');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
