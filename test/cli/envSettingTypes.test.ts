/**
 * Settings of graphreq.env.json written with the wrong JSON type (`"baseUrl": 8990`, `"timeoutMs":
 * "5000"`) are left out, as before, but no longer silently: check, send and test say so in one line
 * each on stderr, and go on (a send without its base URL goes to the embedded emulator, as the line says).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { misTypedSettings, readEnvironmentFile, resolveEnvironment } from '../../server/src/core';
import { usableTimeout } from '../../server/src/core/environment';
import envSchema from '../../schemas/graphreq.env.schema.json';
import { runCli } from './cliHelpers';

const ENV = { $shared: { baseUrl: 8990, timeoutMs: '5000', defaultVersion: 'v23.0', account: 7 }, prod: { accounts: [], currency: 'USD', limits: null } };

describe('graphreq.env.json settings of the wrong type', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-envtypes-'));
  fs.mkdirSync(path.join(dir, '.git'));
  fs.writeFileSync(path.join(dir, 'graphreq.env.json'), JSON.stringify(ENV));
  fs.writeFileSync(path.join(dir, 'read.graphreq'), '# @expect status 200\nGET /t_100200300?fields=id\n');
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const envFile = path.join(dir, 'graphreq.env.json');

  it('misTypedSettings names each setting, its section and the type it takes; variables of any type are not settings', () => {
    assert.deepEqual(misTypedSettings(readEnvironmentFile(ENV), 'prod'), [
      '`baseUrl` of "$shared" is ignored: it must be a string, not a number',
      '`timeoutMs` of "$shared" is ignored: it must be a number, not a string',
      '`accounts` of "prod" is ignored: it must be an object, not a list',
      '`limits` of "prod" is ignored: it must be an object, not null',
    ]);
    assert.deepEqual(misTypedSettings(readEnvironmentFile({ $shared: { baseUrl: 'http://127.0.0.1:8990', timeoutMs: 5000, accounts: {} } }), undefined), []);
  });

  it('what the line calls ignored is left out, and nothing else: the one type check of resolveEnvironment', () => {
    const env = resolveEnvironment(readEnvironmentFile(ENV), 'prod');
    assert.deepEqual([env.baseUrl, env.timeoutMs, env.accounts, env.limits], [undefined, undefined, undefined, undefined]);
    assert.deepEqual([env.defaultVersion, env.currency, env.variables.account], ['v23.0', 'USD', '7']);
    const lists = { $shared: { releases: ['2025-01-01'], accounts: ['act_1'] } };
    assert.equal(misTypedSettings(readEnvironmentFile(lists), undefined).length, 2);
    const listed = resolveEnvironment(readEnvironmentFile(lists), undefined);
    assert.deepEqual([listed.releases, listed.accounts], [undefined, undefined]);
  });

  it('the settings are the keys graphreq.env.schema.json types, each checked with its type: none is taken for a variable', () => {
    const section = envSchema.definitions.section.properties as Record<string, { type?: string; $ref?: string }>;
    const typed = Object.keys(section).filter((k) => section[k].type || section[k].$ref);
    assert.ok(typed.length >= 11, typed.join());
    const wrong = Object.fromEntries(typed.map((k) => [k, true]));
    const lines = misTypedSettings(readEnvironmentFile({ $shared: wrong }), undefined);
    assert.deepEqual(lines.map((l) => /^`(\w+)`/.exec(l)![1]), typed);
    assert.deepEqual(Object.keys(resolveEnvironment(readEnvironmentFile({ $shared: wrong }), undefined).variables), []);
  });

  it('a timeout out of its range is left out as a mistyped one: -5 ms or 10^12 ms (past the longest timer) failed every send at once', () => {
    const file = readEnvironmentFile({ $shared: { timeoutMs: -5 }, big: { timeoutMs: 1e12 }, half: { timeoutMs: 1.5 }, max: { timeoutMs: 2147483647 } });
    assert.deepEqual(misTypedSettings(file, 'big'), [
      '`timeoutMs` of "$shared" is ignored: it must be a whole number from 1 to 2147483647, not -5',
      '`timeoutMs` of "big" is ignored: it must be a whole number from 1 to 2147483647, not 1000000000000',
    ]);
    assert.match(misTypedSettings(file, 'half')[1], /not 1\.5$/);
    assert.deepEqual(['big', 'half', 'max'].map((n) => resolveEnvironment(file, n).timeoutMs), [undefined, undefined, 2147483647]);
    assert.deepEqual([usableTimeout(-1), usableTimeout(0), usableTimeout(2 ** 31), usableTimeout('5000'), usableTimeout(5000)], [undefined, undefined, undefined, undefined, 5000]);
  });

  it('--timeout past the longest timer is a usage error, not a send that fails at once', async () => {
    const r = await runCli(['send', 'read.graphreq', '--timeout', '99999999999'], dir);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^graphreq send: --timeout takes a whole number from 1 to 2147483647, not "99999999999"$/m);
  });

  it('keys named like what objects inherit are data: `__proto__` lends no settings, `constructor` is no environment', () => {
    // JSON.parse, as graphreq reads the file: `__proto__` is then a key of its own.
    const file = readEnvironmentFile(JSON.parse('{"$shared":{"__proto__":{"baseUrl":"http://127.0.0.1:9","accessTokenEnv":"GRAPHREQ_PROD_TOKEN"}},"dev":{"__proto__":{"baseUrl":"http://127.0.0.1:9"}},"__proto__":{"baseUrl":"http://127.0.0.1:8"}}'));
    const dev = resolveEnvironment(file, 'dev');
    assert.deepEqual([dev.baseUrl, dev.accessTokenEnv, Object.keys(dev.variables)], [undefined, undefined, []]);
    assert.deepEqual(misTypedSettings(file, 'dev'), []);
    for (const name of ['constructor', 'toString', 'hasOwnProperty']) assert.throws(() => resolveEnvironment(file, name), new RegExp(`^Error: no environment "${name}"`));
    assert.equal(resolveEnvironment(file, '__proto__').baseUrl, 'http://127.0.0.1:8', 'a section of that name is one like any other');
  });

  it('check, send and test say so in one line each, and still run', async () => {
    const check = await runCli(['check', 'read.graphreq'], dir);
    assert.equal(check.code, 0, check.stderr);
    assert.match(check.stderr, new RegExp(`^graphreq check: ${envFile.replace(/[.]/g, '\\.')}: \`baseUrl\` of "\\$shared" is ignored: it must be a string, not a number$`, 'm'));
    assert.match(check.stderr, /^graphreq check: .*: `timeoutMs` of "\$shared" is ignored: it must be a number, not a string$/m);
    const send = await runCli(['send', 'read.graphreq', '--env', 'prod', '--no-history'], dir);
    assert.equal(send.code, 0, send.stderr);
    assert.match(send.stderr, /^graphreq send: .*: `accounts` of "prod" is ignored: it must be an object, not a list$/m);
    assert.match(send.stderr, /sending to the embedded emulator/);
    assert.match(send.stdout, /HTTP 200/);
    const test = await runCli(['test', 'read.graphreq', '--no-history'], dir);
    assert.equal(test.code, 0, test.stdout + test.stderr);
    assert.match(test.stderr, /^graphreq test: .*: `baseUrl` of "\$shared" is ignored/m);
  });
});
