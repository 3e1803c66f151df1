/** files/textFile.ts: strict UTF-8 decoding of the files users write, and where the first bad byte is. */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeUtf8, NotUtf8Error } from '../../server/src/files/textFile';

const reason = (bytes: number[] | Buffer): string => {
  try {
    decodeUtf8(Buffer.from(bytes));
  } catch (e) {
    assert.ok(e instanceof NotUtf8Error);
    return e.message;
  }
  return 'decoded';
};

describe('decodeUtf8', () => {
  it('decodes UTF-8 of every length, and keeps a byte-order mark', () => {
    assert.equal(decodeUtf8(Buffer.from('\uFEFFCafé 日本 😀\r\n', 'utf8')), '\uFEFFCafé 日本 😀\r\n');
    assert.equal(decodeUtf8(Buffer.alloc(0)), '');
  });

  it('names the first byte that is not UTF-8, with its line and column (1-based, in characters)', () => {
    assert.equal(reason(Buffer.from('GET /v23.0/1\n# Café', 'latin1')), 'not UTF-8 text (byte 0xE9 at line 2, column 6): save it as UTF-8');
    assert.equal(reason(Buffer.concat([Buffer.from('日本\n😀x', 'utf8'), Buffer.from([0xc3])])), 'not UTF-8 text (byte 0xC3 at line 2, column 4): save it as UTF-8');
  });

  it('refuses overlong forms, surrogates, code points past U+10FFFF and lone continuation bytes', () => {
    assert.match(reason([0x41, 0xc0, 0xaf]), /byte 0xC0 at line 1, column 2/);
    assert.match(reason([0xe0, 0x80, 0xaf]), /byte 0xE0 at line 1, column 1/);
    assert.match(reason([0xed, 0xa0, 0x80]), /byte 0xED at line 1, column 1/);
    assert.match(reason([0xf4, 0x90, 0x80, 0x80]), /byte 0xF4 at line 1, column 1/);
    assert.match(reason([0x41, 0x42, 0x80]), /byte 0x80 at line 1, column 3/);
  });

  it('says UTF-16 when the file starts with a UTF-16 byte-order mark', () => {
    assert.equal(reason([0xff, 0xfe, 0x47, 0x00]), 'UTF-16 text, not UTF-8: save it as UTF-8');
    assert.equal(reason([0xfe, 0xff, 0x00, 0x47]), 'UTF-16 text, not UTF-8: save it as UTF-8');
  });
});
