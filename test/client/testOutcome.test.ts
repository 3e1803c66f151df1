/**
 * How the Testing view shows each report (client/src/testOutcome.ts), as `graphreq test` counts it:
 * a test not sent (refused before it left, no answer checked) is errored, as VS Code's TestRun API
 * means `errored` (could not run) against `failed` (an assertion did not hold); the CLI counts it
 * apart as NOT SENT and JUnit writes an error. A test the run stopped before is skipped.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { testOutcome } from '../../client/src/testOutcome';

describe('the Testing view\'s outcome of a test report', () => {
  it('passed, failed, errored (not sent), skipped (not run)', () => {
    assert.equal(testOutcome({ status: 'passed' }), 'passed');
    assert.equal(testOutcome({ status: 'failed' }), 'failed');
    assert.equal(testOutcome({ status: 'failed', notSent: true }), 'errored');
    assert.equal(testOutcome({ status: 'not-run' }), 'skipped');
  });
});
