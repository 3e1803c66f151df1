/** The message-thread node ([1] Thread node, messages connection, Read a thread). */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyFix, checkDiagnostics, findingsOf } from '../../helpers';
import { describeRuleCases, whenRun, type RuleCases } from './ruleCases';

export const cases: RuleCases = {
  'THREAD-READ-ONLY': {
    fail: [
      { name: 'POST (update)', text: '⟦POST⟧ /v23.0/t_100200300\n\n{ "name": "x" }\n' },
      { name: 'DELETE', text: '⟦DELETE⟧ /v23.0/t_100200300\n' },
      { name: 'POST a message (create)', text: '⟦POST⟧ /v23.0/t_100200300/messages\n\n{ "message": "hi" }\n' },
    ],
    pass: [{ name: 'GET', text: 'GET /v23.0/t_100200300?fields=id,messages\n' }],
  },
  'THREAD-FIELDS': {
    fail: [
      {
        name: 'a field named but not shown in [1]: a hint, not an error',
        text: 'GET /v23.0/t_100200300?fields=id,⟦unread_count⟧\n',
        expect: ['THREAD-FIELDS:hint'],
      },
      {
        name: 'each unknown field its own hint',
        text: 'GET /v23.0/t_100200300?fields=⟦participants⟧,messages,⟦updated_time⟧\n',
        expect: ['THREAD-FIELDS:hint', 'THREAD-FIELDS:hint'],
      },
    ],
    pass: [
      { name: 'id and messages', text: 'GET /v23.0/t_100200300?fields=id,messages\n' },
      { name: 'no fields', text: 'GET /v23.0/t_100200300\n' },
    ],
  },
  'THREAD-SOURCE-VALUE': {
    fail: [
      { name: 'another source', text: 'GET /v23.0/t_100200300?fields=messages.source(⟦ADMINS⟧)\n' },
      { name: 'lower case', text: 'GET /v23.0/t_100200300?fields=messages.source(⟦participants⟧).limit(5)\n' },
      // [1]: "Only one value is allowed": two sources are one wrong argument, not a broken list.
      { name: 'two sources', text: 'GET /v23.0/t_100200300?fields=id,messages.source(⟦PARTICIPANTS,ADMINS⟧).limit(5)\n' },
    ],
    pass: [{ name: 'PARTICIPANTS', text: 'GET /v23.0/t_100200300?fields=messages.source(PARTICIPANTS)\n' }],
  },
  'THREAD-LIMIT': {
    fail: [
      { name: 'zero', text: 'GET /v23.0/t_100200300?fields=messages.limit(⟦0⟧)\n' },
      { name: 'negative', text: 'GET /v23.0/t_100200300?fields=messages.limit(⟦-3⟧)\n' },
      { name: 'not a number', text: 'GET /v23.0/t_100200300?fields=messages.limit(⟦ten⟧)\n' },
      { name: 'not an integer', text: 'GET /v23.0/t_100200300?fields=messages.limit(⟦2.5⟧)\n' },
    ],
    pass: [
      { name: 'one', text: 'GET /v23.0/t_100200300?fields=messages.limit(1)\n' },
      { name: 'after source, as [1] writes it', text: 'GET /v23.0/t_100200300?fields=id,messages.source(PARTICIPANTS).limit(10)\n' },
      { name: 'a large n', text: 'GET /v23.0/t_100200300?fields=messages.limit(500)\n' },
    ],
  },
  'THREAD-MODIFIER-SYNTAX': {
    fail: [
      { name: 'an unclosed parenthesis: one finding, not three', text: 'GET /v23.0/t_100200300?fields=messages.source⟦(⟧PARTICIPANTS.limit(2)\n' },
      { name: 'a modifier without an argument', text: 'GET /v23.0/t_100200300?fields=messages.⟦limit⟧\n' },
      { name: 'an unclosed brace', text: 'GET /v23.0/t_100200300?fields=messages⟦{⟧id\n' },
      { name: 'a missing field name', text: 'GET /v23.0/t_100200300?fields=id,⟦,⟧messages\n' },
      { name: 'an unknown modifier', text: 'GET /v23.0/t_100200300?fields=messages.⟦limt⟧(5)\n' },
      { name: 'two dots', text: 'GET /v23.0/t_100200300?fields=messages⟦.⟧.limit(5)\n' },
      // The field-list syntax is every read's: the service refuses a malformed list of an ad set or a URL read too.
      { name: 'an unclosed brace on an ad set read', text: 'GET /v23.0/23850000000000001?fields=id,adset_schedule⟦{⟧days\n' },
      { name: 'a missing field name on a URL read', text: 'GET /v23.0/?id=https://example.com&fields=id,⟦,⟧engagement\n' },
    ],
    pass: [
      { name: 'modifiers chained', text: 'GET /v23.0/t_100200300?fields=messages.source(PARTICIPANTS).limit(5)\n' },
      { name: 'a selection', text: 'GET /v23.0/?id=https://example.com&fields=og_object{title,type}\n' },
    ],
  },
};

whenRun(module, () => {
  describeRuleCases('thread rules', cases);

  describe('thread quick fixes', () => {
    it('THREAD-SOURCE-VALUE changes the source to PARTICIPANTS', () => {
      const text = 'GET /v23.0/t_100200300?fields=messages.source(ADMINS).limit(5)\n';
      const [f] = findingsOf(text);
      assert.equal(applyFix(text, f), 'GET /v23.0/t_100200300?fields=messages.source(PARTICIPANTS).limit(5)\n');
    });

    it('THREAD-MODIFIER-SYNTAX renames a misspelt modifier', () => {
      const text = 'GET /v23.0/t_100200300?fields=messages.limt(5)\n';
      const [f] = findingsOf(text);
      assert.equal(applyFix(text, f), 'GET /v23.0/t_100200300?fields=messages.limit(5)\n');
    });
  });

  describe('thread messages', () => {
    it('THREAD-LIMIT says what n must be and where the rule comes from', () => {
      const [f] = checkDiagnostics('GET /v23.0/t_100200300?fields=messages.limit(⟦0⟧)\n', ['THREAD-LIMIT']);
      assert.match(f.message, /whole number \(1 or more\)/);
      assert.match(f.detail!, /\[1\] Thread node, messages connection/);
    });

    it('THREAD-FIELDS says the other names are not shown', () => {
      const [f] = findingsOf('GET /v23.0/t_100200300?fields=unread_count\n');
      assert.match(f.message, /may exist/);
      assert.match(f.detail!, /not shown/);
    });
  });
});
