/**
 * docs/rules.md says what the service answers for each rule, and says it as the emulator answers
 * (issue 24: "Service: —" for rules the emulator refuses with 100; docs/api.md saying rule 5 of [3]
 * Versioning was not enforced while the emulator answered 2635).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { getApiModel } from '../../server/src/core';
import { closeAllEmulators, startTest, TestClock, T_2026 } from '../emulator/harness';

const root = path.resolve(__dirname, '..', '..', '..');
const rulesDoc = fs.readFileSync(path.join(root, 'docs', 'rules.md'), 'utf8');
const apiDoc = fs.readFileSync(path.join(root, 'docs', 'api.md'), 'utf8');
const model = getApiModel();
after(closeAllEmulators);

/** The `**Service:** ...` of each `## RULE-ID` section. */
function serviceLines(): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of rulesDoc.split(/^## /m).slice(1)) {
    const id = part.slice(0, part.indexOf('\n')).trim();
    const m = /\*\*Service:\*\* ([^\n]*)/.exec(part);
    if (m) out.set(id, m[1].trim());
  }
  return out;
}

describe('docs/rules.md names the answer the emulator gives', () => {
  it('a rule of the documents that the editor reports as an error is refused, so its section names the code, not "—"', () => {
    // RULES.md's Service column says "—" for some of them (ADSET-END-ZERO, ADSET-REGIONAL-CATEGORIES,
    // URL-ID-ENCODED), but an editor error is a refusal (docs/rules.md, "The editor and the service agree").
    const lines = serviceLines();
    const wrong: string[] = [];
    for (const id of Object.keys(model.rules)) {
      const rule = model.rule(id)!;
      if (rule.doc === 'product' || rule.severity !== 'error' || !/^[—-]$/.test(rule.service.trim())) continue;
      const line = lines.get(id);
      if (!line || /^[—-](\s|$)/.test(line) || !/\b100\b/.test(line)) wrong.push(`${id}: "Service: ${line ?? '(no section)'}"`);
    }
    assert.deepEqual(wrong, []);
  });

  it('docs/api.md says the emulator enforces [3] Versioning 5, and it answers 2635', async () => {
    const versioning = apiDoc.slice(apiDoc.indexOf('### [3] Versioning'));
    assert.doesNotMatch(versioning, /does not enforce rule 5/);
    assert.match(versioning, /emulator enforces rule 5[^\n]*2635[^\n]*REQ-VERSION-APP-HISTORY/);
    // An app that starts calling today may not call an older version it never called.
    const emu = await startTest({ config: { tokens: { 'new-app-token': { app: '77', user: '1', business: '1', kind: 'user', developer: true } } } }, new TestClock(T_2026));
    const older = await emu.get('/v21.0/23850000000000001?fields=id', { token: 'new-app-token' });
    assert.equal(older.body?.error?.code, 2635, older.text.slice(0, 300));
    assert.equal(older.headers['x-graphreq-rule'], 'REQ-VERSION-APP-HISTORY');
  });
});
