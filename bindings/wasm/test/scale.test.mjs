// checkAll on millions of inputs: the module sees them in batches of bounded size, so what it
// holds, and the descriptions of the refused inputs, stay bounded however many there are.
// (One batch of twelve million once filled the module's memory, and its refusals, described
// in one string, would have outgrown the longest string JavaScript can make.)

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { check, checkAll } from '../pkg/node.js';
import { asRead } from './data.mjs';

test('checkAll answers twelve million refused inputs, and the module keeps working', () => {
  const input = 'urn:isni:000000012124196x';
  const options = { namespaces: true };
  const expected = check(input, options);
  assert.equal(expected.valid, false);
  const records = checkAll(new Array(12e6).fill(input), options);
  assert.equal(records.length, 12e6);
  // Twelve million descriptions of a hundred characters: more than 0x1fffffe8 characters.
  assert.ok(12e6 * (expected.error.kind.length + expected.error.message.length + 2) > 0x1fffffe8);
  for (const i of [0, 1, 16383, 16384, 6e6, 12e6 - 1]) assert.deepEqual(records[i], expected, `record ${i}`);
  assert.ok(records.every((record) => record.valid === false && record.error.index === 24));
  assert.deepEqual(checkAll(['urn:example:a%zz']).map(asRead), [asRead(check('urn:example:a%zz'))]);
});
