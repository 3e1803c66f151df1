/**
 * `< path` and `<@ path` bodies (REST Client's and httpYac's way of keeping a body in a file): the
 * file's text stands where the line is. `<@` resolves the file's `{{variables}}` as a body written in
 * place would; `<` sends the text as it is, so a `<` file holding `{{` is refused rather than sent
 * with braces the service would take literally.
 *
 * The host reads the file (FileContext.files, from `env.readFile`); the checker and the sender both
 * take the body from here, so they see the same text and refuse for the same reasons.
 */
import type { Body, Param } from '../syntax/ast';
import { parseBodyTree } from '../syntax/jsonBody';
import { parseFormText } from '../syntax/parseBlock';
import { bodyFilePath, type FileContext } from './fileContext';

export type FileBody =
  | { ok: true; kind: 'json' | 'form'; text: string; formParams: Param[]; path: string }
  | { ok: false; message: string };

export function readFileBody(body: Body, ctx: FileContext): FileBody {
  const written = body.file!.path.text;
  const path = bodyFilePath(written, ctx);
  if (path === undefined) return { ok: false, message: `The path \`${written}\` of a \`<\` body must be known before sending: use file or environment variables only.` };
  const read = ctx.files.get(path);
  if (!read || !read.ok) return { ok: false, message: `Cannot read the body file \`${path}\`: ${read?.reason ?? 'it was not read'}.` };
  const text = read.text.replace(/^\uFEFF/, '').trim();
  if (!body.file!.substitute && text.includes('{{')) {
    return { ok: false, message: `\`${path}\` holds \`{{variables}}\`, which \`<\` sends as they are: write \`<@ ${written}\` to resolve them.` };
  }
  const c = text.charCodeAt(0);
  if (c === 123 /* { */ || c === 91 /* [ */) {
    // Its findings cannot be shown inside the other file: say here what is wrong and where.
    const tree = parseBodyTree(text);
    const first = tree.errors[0];
    if (first) return { ok: false, message: `\`${path}\` is not valid JSON at line ${lineNumber(text, first.span.start)}: ${first.message.replace(/\.$/, '')}.` };
    if (tree.root?.type !== 'object') return { ok: false, message: `\`${path}\` holds a JSON ${tree.root?.type === 'array' ? 'list' : 'value'}: a body is an object of the call's parameters.` };
    return { ok: true, kind: 'json', text, formParams: [], path };
  }
  return { ok: true, kind: 'form', text, formParams: parseFormText(text, 0).params, path };
}

function lineNumber(text: string, offset: number): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
