/**
 * Which request a send means (client/src/requestChoice.ts): the one under the cursor, else none, and
 * the file's requests to choose from, nearest first (issue 21: a send from the header comment sent
 * the next request, a POST that created an ad set).
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { requestAtLine, type RequestSpan } from '../../client/src/requestChoice';

// Lines: 0-2 header comment and variables; 3-6 request 1; 7-8 blank; 9-14 request 2; 15-16 blank; 17-18 request 3.
const requests: RequestSpan[] = [
  { index: 1, startLine: 3, endLine: 6, label: 'Read' },
  { index: 2, startLine: 9, endLine: 14, label: 'Create' },
  { index: 3, startLine: 17, endLine: 18, label: 'Delete' },
];
const order = (line: number): number[] | number => {
  const at = requestAtLine(requests, line);
  return 'index' in at ? at.index : at.choices.map((r) => r.index);
};

test('a cursor inside a request sends that request', () => {
  assert.equal(order(3), 1);
  assert.equal(order(6), 1);
  assert.equal(order(12), 2);
  assert.equal(order(18), 3);
});

test('a cursor outside every request sends nothing yet: the requests are offered nearest first', () => {
  assert.deepEqual(order(0), [1, 2, 3], 'the header comment');
  assert.deepEqual(order(2), [1, 2, 3], 'the variable preamble');
  assert.deepEqual(order(8), [2, 1, 3], 'between requests 1 and 2, nearer to 2');
  assert.deepEqual(order(7), [1, 2, 3], 'just after request 1');
  assert.deepEqual(order(16), [3, 2, 1], 'between requests 2 and 3');
  assert.deepEqual(order(30), [3, 2, 1], 'after the last request');
});

test('a tie goes to the request below, and a file without requests offers none', () => {
  const tie: RequestSpan[] = [{ index: 1, startLine: 0, endLine: 1, label: 'A' }, { index: 2, startLine: 5, endLine: 6, label: 'B' }];
  const at = requestAtLine(tie, 3);
  assert.deepEqual('choices' in at && at.choices.map((r) => r.index), [2, 1]);
  assert.deepEqual(requestAtLine([], 4), { choices: [] });
});
