// The size of the WebAssembly, as the docs state it, is the size of the module built
// (size.mjs measures it, and writes the figure with --write), and within its budget.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BUDGET, disagreements, measure, stated } from '../size.mjs';

test('every figure the docs give for the WebAssembly\'s size is the built module\'s', () => {
  const where = stated().map(({ path }) => path);
  for (const path of ['README.md', 'BENCHMARKS.md', 'bindings/wasm/npm/README.md']) assert.ok(where.includes(path), path);
  assert.deepEqual(disagreements(measure().gzipped), []);
});

test('the WebAssembly, with every namespace grammar, is within its budget of 150 KB gzipped', () => {
  const { gzipped } = measure();
  assert.equal(BUDGET, 150_000);
  assert.ok(gzipped <= BUDGET, `${gzipped} bytes gzipped, over ${BUDGET}`);
});
