/**
 * JSON values that keep big integers exactly as written. Ad set, campaign and account ids are 15 to
 * 18 digits, beyond what a JavaScript number holds (2^53), and the documents allow them unquoted
 * ("numeric string or integer"): `"campaign_id": 120200000000000001` must reach the service as those
 * digits, not as 120200000000000000. So bodies are read from jsonc-parser's tree, where a number's
 * text is still available, and written back with that text.
 */
import { parseBodyTree, valueOfNode, type Node } from '../syntax/jsonBody';

/** An integer too large for a JavaScript number, kept as its digits. */
export class BigIntText {
  constructor(readonly text: string) {}
}

export interface LosslessBody {
  value: unknown;
  /** Syntax errors with body-relative offsets; empty when the body is valid JSONC. */
  errors: Array<{ message: string; offset: number }>;
}

/** Reads a JSONC body. Unquoted `{{refs}}` come back as OPAQUE_MARK strings, as everywhere in the core. */
export function readLosslessBody(text: string): LosslessBody {
  const tree = parseBodyTree(text);
  const errors = tree.errors.map((e) => ({ message: e.message, offset: e.span.start }));
  return { value: tree.root ? fromNode(tree.root, tree.text) : undefined, errors };
}

function fromNode(node: Node, text: string): unknown {
  return valueOfNode(node, text, (literal, value) => (/^-?\d+$/.test(literal) ? new BigIntText(literal) : value));
}

/** JSON text of a value, writing big integers with their digits. */
export function stringifyLossless(value: unknown): string {
  if (value instanceof BigIntText) return value.text;
  if (Array.isArray(value)) return `[${value.map(stringifyLossless).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value as Record<string, unknown>).map(([k, v]) => `${JSON.stringify(k)}:${stringifyLossless(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The text of one form field ([2] Create: "Objects and lists are sent as JSON text"): strings as
 * they are, numbers and booleans as their literal, objects, lists and null as JSON.
 */
export function formFieldText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof BigIntText) return value.text;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return stringifyLossless(value);
}
