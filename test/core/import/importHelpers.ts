/** Converting with the core and checking the result: every import must read without a SYNTAX-* finding. */
import * as assert from 'node:assert/strict';
import { parseDocument, validateDocument } from '../../../server/src/core';
import { importText, type ImportResult, type ImportSource } from '../../../server/src/core/import';
import { model } from '../../helpers';

export function convert(text: string, from: ImportSource = 'auto'): ImportResult {
  const result = importText(text, from);
  const syntax = validateDocument(parseDocument(result.text), { env: { variables: {} }, model }).filter((f) => f.code.startsWith('SYNTAX-'));
  assert.deepEqual(
    syntax.map((f) => `${f.code}: ${f.message}`),
    [],
    `syntax findings in:\n${result.text}`,
  );
  return result;
}

/** The secret never appears in the file or the notes. */
export function assertNoSecret(result: ImportResult, secret: string): void {
  assert.ok(!result.text.includes(secret), `the token is in the file:\n${result.text}`);
  assert.ok(!result.notes.join('\n').includes(secret), 'the token is in the notes');
}
