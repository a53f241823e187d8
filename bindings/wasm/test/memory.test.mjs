// When the module's memory cannot grow: every function that needs more memory than is left
// refuses its input with a RangeError, and the module goes on answering the inputs that fit.
// A failed allocation never aborts the module (an abort is a trap, after which every later
// call failed too).
//
// This file takes almost all of the module's memory for itself (WebAssembly's memory can
// grow to 4 GiB and never shrinks), so it runs in a process of its own, as `node --test`
// runs each file.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  check, checkAll, checkNamespace, equivalenceKey, equivalent, find, mintTag, normalize, parse,
} from '../pkg/node.js';
import { initSync } from '../pkg/urn_tag_wasm.js';

const PAGE = 1 << 16;
/** The pages a 32-bit WebAssembly memory can have at most: 4 GiB. */
const MAX_PAGES = 1 << 16;
/** What the module is left to grow into. */
const ROOM = 64 << 20;

// The instance the package made (the glue keeps it: called again, initSync gives it back).
const { memory } = initSync();

/** What a small input of each function gives while the module works. */
function smallAnswers() {
  return {
    parse: parse('urn:example:a?=q').qComponent,
    check: check('urn:example:a%zz').error.message,
    checkAll: checkAll(['urn:example:a', 'urn:uuid:12345'], { namespaces: true }).map((record) => record.valid),
    checkNamespace: checkNamespace('urn:ISSN:1234-1232').error.message,
    equivalenceKey: equivalenceKey('URN:EXAMPLE:a%2c'),
    normalize: normalize('URN:EXAMPLE:a%2c?=q'),
    equivalent: equivalent('urn:isbn:0-395-36341-1', 'urn:isbn:9780395363416'),
    find: find('see urn:isbn:0451450523 and tag:yaml.org,2002:int').map((found) => found.text),
    mintTag: mintTag({ authority: 'example.com', date: '2001-07-01', specific: 'x', today: new Date(Date.UTC(2026, 0, 1)) }),
  };
}

const expected = {
  parse: 'q',
  check: 'invalid percent-encoding in NSS at byte 14',
  checkAll: [true, false],
  checkNamespace: 'ISSN check digit must be 1, not 2 (ISO 3297) at byte 17',
  equivalenceKey: 'urn:example:a%2C',
  normalize: 'urn:example:a%2C?=q',
  equivalent: true,
  find: ['urn:isbn:0451450523', 'tag:yaml.org,2002:int'],
  mintTag: 'tag:example.com,2001-07:x',
};

/** Asserts that `run` throws the RangeError of an input too long for the memory. */
function refused(name, length, run) {
  assert.throws(run, {
    name: 'RangeError',
    message: new RegExp(`^(input of ${length} characters is too long|\\d+ inputs of \\d+ characters are too many) for the WebAssembly memory$`),
  }, name);
  assert.deepEqual(smallAnswers(), expected, `after ${name}`);
}

test('with its memory nearly full, the module refuses what does not fit and answers the rest', () => {
  assert.deepEqual(smallAnswers(), expected);
  const pages = memory.buffer.byteLength / PAGE;
  memory.grow(MAX_PAGES - pages - ROOM / PAGE);
  assert.deepEqual(smallAnswers(), expected, 'with the memory nearly full');

  const nss = 'a'.repeat(40 << 20);
  const long = `urn:example:${nss}`;
  // A valid identifier read without namespaces is recognized in JavaScript: the module's
  // memory is not needed. An invalid one is explained by the module, which must hold it.
  const longer = long + 'a'.repeat(100 << 20);
  assert.equal(parse(longer).nss.length, nss.length + (100 << 20));
  refused('parse', longer.length + 3, () => parse(`${longer}%zz`));
  refused('check', longer.length + 3, () => check(`${longer}%zz`));
  // The input fits; what the library makes of it (as much again) does not.
  refused('equivalenceKey', long.length, () => equivalenceKey(long));
  refused('normalize', long.length, () => normalize(long));
  refused('equivalent', long.length, () => equivalent(long, long));
  refused('parse with namespaces', long.length, () => parse(long, { namespaces: true }));
  refused('check with namespaces', long.length, () => check(long, { namespaces: true }));
  refused('checkNamespace', long.length, () => checkNamespace(long));
  refused('checkAll with namespaces', long.length, () => checkAll([long], { namespaces: true }));
  refused('find with namespaces', long.length, () => find(long, { namespaces: true }));
  refused('mintTag', nss.length + 11, () => mintTag({ authority: 'example.com', date: '2001', specific: nss }));
  // Four million identifiers found: the list of where they are does not fit.
  const many = 'urn:ab:c '.repeat(4 << 20);
  refused('find', many.length, () => find(many));

  // checkAll hands the module its inputs in batches: however many there are, they fit.
  const records = checkAll(new Array(2e6).fill('urn:isni:000000012124196x'), { namespaces: true });
  assert.equal(records.length, 2e6);
  assert.ok(records.every((record) => record.valid === false && record.error.kind === 'namespace'));
  assert.deepEqual(smallAnswers(), expected, 'after checkAll');
});
