/**
 * What the cursor is on inside a `# @expect ...` line, for completion and hover of expectations:
 * the subject and the path step being typed, the rule of `refused`, the check, or its value. Reads
 * the text before the cursor word by word, so it works on a line being typed that does not parse yet.
 */
import { buildBlockCall, type BlockCall } from '../analysis/blockCall';
import type { FileContext } from '../analysis/fileContext';
import type { ApiModel } from '../model/apiModel';
import { errorEnvelopeSchema, lookupPath, successBodySchema } from '../model/responses';
import type { JsonSchema } from '../model/schemaTypes';
import type { Directive, RequestBlock } from '../syntax/ast';
import { startsJson, type ExpectSubjectKind } from '../syntax/expectation';
import type { Span } from '../types';

/** The subjects, as completion offers them: label, text inserted, what it is. */
export const SUBJECTS: Array<[label: string, insert: string, doc: string]> = [
  ['status', 'status ', 'The HTTP status: `status 200`, `status 4xx`, `status < 500`.'],
  ['body.', 'body.', 'A part of the response body: `body.id exists`, `body.messages.data.length <= 10`.'],
  ['body matches snapshot', 'body matches snapshot', 'The whole body equals its snapshot (NAME.snap.json beside the file), ids and times masked.'],
  ['error.code', 'error.code ', 'The code of an error answer (`error.code 100`); completion lists the codes this endpoint can answer.'],
  ['error.subcode', 'error.subcode ', 'The subcode of an error answer (`error.subcode 3858079`).'],
  ['error.', 'error.', 'A member of the error envelope: `error.type`, `error.is_transient`, `error.error_user_title`.'],
  ['refused', 'refused ', 'The service refuses the request for a rule, with the error the documents give for it: `refused ADSET-DSA-REQUIRED`.'],
  ['usage.', 'usage.', 'A usage figure of the usage headers, a percentage: `usage.max < 80`, `usage.buc.ads_management.call_count < 50`.'],
  ['time', 'time < ', 'How long the exchange took, in milliseconds: `time < 500`.'],
  ['header.', 'header.', 'A response header by name: `header.x-app-usage exists`.'],
];

/** The checks after a subject, with what each passes on. */
export const CHECKS: Array<[label: string, doc: string]> = [
  ['exists', 'The response has this part (a JSON null counts).'],
  ['absent', 'The response does not have this part.'],
  ['==', 'Equals the value (the same as writing the value alone).'],
  ['!=', 'Does not equal the value.'],
  ['<', 'A number below the value.'],
  ['<=', 'A number at most the value.'],
  ['>', 'A number above the value.'],
  ['>=', 'A number at least the value.'],
  ['contains', 'Text containing the value, a list with an item equal to it, an object with a member of that name.'],
  ['matches snapshot', 'Equals its snapshot (NAME.snap.json beside the file), ids and times masked; graphreq test --update-snapshots writes it.'],
];

export type ExpectPosition =
  /** The subject word or a step of its path: `prefix` is the text of the step typed so far. */
  | { part: 'subject'; head?: ExpectSubjectKind; path: string[]; prefix: string; span: Span }
  /** The rule ID after `refused`. */
  | { part: 'rule'; prefix: string; span: Span }
  /** The word after the subject: a check (`exists`, `==`) or a value alone. */
  | { part: 'check'; head: ExpectSubjectKind; path: string[]; prefix: string; span: Span }
  /** The value after a comparison. */
  | { part: 'value'; head: ExpectSubjectKind; path: string[]; op: string; prefix: string; span: Span }
  | { part: 'none' };

const HEADS: readonly string[] = ['status', 'time', 'body', 'error', 'header', 'usage', 'refused'];

/** Where `offset` (block-relative) falls in the expectation written by `directive`. */
export function expectPosition(block: RequestBlock, directive: Directive, offset: number): ExpectPosition {
  const start = directive.value?.span.start ?? directive.name.span.end + 1;
  if (offset < start) return { part: 'none' };
  const line = block.text.slice(start, offset);
  const words = wordsOf(line, start);
  const typingNew = line === '' || /\s$/.test(line);
  const index = typingNew ? words.length : words.length - 1;
  const current = typingNew ? { text: '', start: offset, end: offset } : words[words.length - 1];
  const end = tokenEnd(block.text, current.start);
  const span = { start: current.start, end: Math.max(end, offset) };
  const subjectWord = words[0]?.text ?? '';
  const headText = /^[A-Za-z_]+/.exec(subjectWord)?.[0] ?? '';
  const head = HEADS.includes(headText) ? (headText as ExpectSubjectKind) : undefined;
  const path = pathSteps(subjectWord.slice(headText.length));
  if (index === 0) {
    // Completing a path step: the steps before it, and what is typed of it.
    const stepStart = Math.max(current.text.lastIndexOf('.'), current.text.lastIndexOf('[')) + 1;
    const typedPath = pathSteps(current.text.slice(headText.length, stepStart > 0 ? stepStart - 1 : headText.length));
    return { part: 'subject', head: stepStart > 0 ? head : undefined, path: typedPath, prefix: current.text.slice(stepStart), span: { start: current.start + stepStart, end: Math.max(end, offset) } };
  }
  if (!head) return { part: 'none' };
  // Inside or after a JSON object or list (`== {"id": `): nothing to offer, whatever its spaces split it into.
  if (words.slice(1).some((w) => startsJson(w.text, 0))) return { part: 'none' };
  if (head === 'refused') return index === 1 ? { part: 'rule', prefix: current.text, span } : { part: 'none' };
  if (index === 1) return { part: 'check', head, path, prefix: current.text, span };
  if (index === 2) return { part: 'value', head, path, op: words[1].text, prefix: current.text, span };
  return { part: 'none' };
}

/** `.data[0].length` → ['data', '0', 'length']. */
function pathSteps(text: string): string[] {
  return text.split(/[.[\]]+/).filter(Boolean);
}

function wordsOf(text: string, start: number): Array<{ text: string; start: number; end: number }> {
  const out: Array<{ text: string; start: number; end: number }> = [];
  const re = /"(?:[^"\\]|\\.)*"?|\S+/g;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push({ text: m[0], start: start + m.index, end: start + m.index + m[0].length });
  return out;
}

function tokenEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length && !/\s/.test(text[i])) i++;
  return i;
}

/** The schema of a body or error path as the response of the block's request gives it (undefined: not documented). */
export function responsePartSchema(head: ExpectSubjectKind, path: string[], bc: BlockCall | undefined, model: ApiModel): { schema?: JsonSchema; root: JsonSchema } | undefined {
  const envelope = errorEnvelopeSchema(model);
  const steps = path.map((p) => (/^\d+$/.test(p) ? { text: p, index: Number(p) } : { text: p }));
  if (head === 'error') {
    const error = envelope.properties!.error;
    const mapped = steps.map((s, i) => (i === 0 && s.text === 'subcode' ? { text: 'error_subcode' } : s));
    const found = lookupPath(error, envelope, mapped);
    return found.kind === 'found' ? { schema: found.schema, root: envelope } : undefined;
  }
  if (head !== 'body') return undefined;
  if (steps.length && envelope.properties?.[steps[0].text]) {
    const found = lookupPath(envelope, envelope, steps);
    return found.kind === 'found' ? { schema: found.schema, root: envelope } : undefined;
  }
  const success = bc ? successBodySchema(bc.call, model) : undefined;
  if (!success) return undefined;
  const root = model.nodeSchema(bc?.call.endpoint?.node) ?? success;
  const found = lookupPath(success, root, steps);
  return found.kind === 'found' ? { schema: found.schema, root } : undefined;
}

/** The block's call, for what its response can be. */
export function blockCallOf(block: RequestBlock, file: FileContext, model: ApiModel): BlockCall | undefined {
  return block.parsed.request ? buildBlockCall(block, file, model) : undefined;
}
