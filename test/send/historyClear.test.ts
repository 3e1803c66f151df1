/**
 * Clearing the history removes the saved results and nothing else: not the rate-limit state beside
 * them, not the folder's .gitignore, not another file; and never through a symbolic link.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { HistoryStore, HISTORY_DIR } from '../../server/src/send/history';
import { result } from '../client/model';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-history-clear-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('history clear', () => {
  it('removes every saved result, keeps the rate-limit state, the .gitignore and other files', () => {
    const ws = path.join(dir, 'ws');
    const history = new HistoryStore(ws);
    for (let i = 0; i < 3; i++) history.save('a.graphreq', result({ index: i, status: 200, sentAt: new Date(1000 * i).toISOString() }), 1000 * i);
    history.rateStore().save(history.rateStore().load());
    fs.writeFileSync(path.join(ws, HISTORY_DIR, 'notes.txt'), 'mine');
    assert.equal(history.list().length, 3);
    assert.equal(history.clear(), 3);
    assert.equal(history.list().length, 0);
    assert.deepEqual(fs.readdirSync(path.join(ws, HISTORY_DIR)).sort(), ['.gitignore', 'notes.txt', 'rate-state.json']);
    assert.equal(history.clear(), 0);
    assert.equal(new HistoryStore(path.join(dir, 'none')).clear(), 0, 'no history: nothing to clear');
  });

  it('removes nothing through a symbolic link', () => {
    const elsewhere = path.join(dir, 'elsewhere');
    new HistoryStore(elsewhere).save(null, result({ status: 200 }), 5);
    const ws = path.join(dir, 'linked');
    fs.mkdirSync(ws);
    fs.symlinkSync(path.join(elsewhere, HISTORY_DIR), path.join(ws, HISTORY_DIR));
    assert.throws(() => new HistoryStore(ws).clear(), /symbolic link/);
    assert.equal(new HistoryStore(elsewhere).list().length, 1);
  });
});
