/**
 * The bundled schema data (core/model/schemaData.ts): objects without a prototype, so that a name a
 * user writes (`constructor`, `__proto__`) finds nothing, kept in V8's fast mode: every request's
 * check looks its parameters up in these objects, and a hash table (what `Object.create(null)` makes)
 * hashes each key at each lookup. V8's own predicate answers which mode an object is in.
 */
import * as assert from 'node:assert/strict';
import * as v8 from 'node:v8';
import { describe, it } from 'node:test';
import { schemaBundle } from '../../server/src/core/model/schemaData';

v8.setFlagsFromString('--allow-natives-syntax');
// V8's intrinsic is reachable only from code compiled after the flag is set.
const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;

/** Every object of a value, arrays' items included (not the arrays themselves). */
function objectsOf(value: unknown, out: object[] = []): object[] {
  if (Array.isArray(value)) for (const v of value) objectsOf(v, out);
  else if (value !== null && typeof value === 'object') {
    out.push(value);
    for (const k of Object.keys(value)) objectsOf((value as Record<string, unknown>)[k], out);
  }
  return out;
}

describe('schema data', () => {
  const objects = objectsOf(schemaBundle);

  it('has no prototype anywhere: names users write find nothing', () => {
    assert.ok(objects.length > 300, `${objects.length} objects`);
    for (const o of objects) assert.equal(Object.getPrototypeOf(o), null);
    const props = schemaBundle.params['adset-create'].properties!;
    assert.equal(props.constructor, undefined);
    assert.equal(props.toString, undefined);
    assert.equal('hasOwnProperty' in props, false);
  });

  it('keeps its objects in fast mode (a hidden class, not a hash table), the lookups every request makes', () => {
    assert.equal(hasFastProperties(Object.create(null) as object), false, 'the predicate tells the modes apart');
    const slow = objects.filter((o) => !hasFastProperties(o));
    // V8 keeps an object with more members than it caches as a hash table whatever is done: none here has that many.
    assert.deepEqual(slow.filter((o) => Object.keys(o).length < 100).map((o) => Object.keys(o).slice(0, 5)), []);
    assert.ok(hasFastProperties(schemaBundle.params['adset-create'].properties!));
  });
});
