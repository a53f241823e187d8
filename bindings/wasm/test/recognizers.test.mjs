// The recognizers compiled from urn.pest and tag.pest into JavaScript (with what the grammars
// leave to code, recognize.js) against the module, which parses with the library's own: on
// every input, under every syntax and scheme, JavaScript accepts exactly what the module
// accepts, with the same record, and refuses the rest (which the module then explains). The
// grammars' regular expressions (`isValid`) give the same verdict too.
//
// The inputs: every input of the vector files; every string of a few symbols after prefixes
// that reach each rule of the grammars; and random identifiers made of the pieces of every part.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { differential, isValid } from '../pkg/api.js';
import '../pkg/node.js';
import { randomInputs, vectorInputs } from './data.mjs';

/** Every syntax of either scheme, each scheme alone, and both at once. */
const SETTINGS = [
  undefined,
  { spec: 'rfc2141' },
  { spec: 'rfc2141bis' },
  { tagSyntax: 'erratum1485' },
  { tagSyntax: 'lenient' },
  { scheme: 'urn', spec: 'rfc2141bis' },
  { scheme: 'tag', tagSyntax: 'lenient' },
];

/** Holds JavaScript to the module on each input, under each setting; gives the counts. */
function compare(inputs) {
  const differences = [];
  let accepted = 0;
  let refused = 0;
  for (const options of SETTINGS) {
    for (const input of inputs) {
      const module = differential.inModule(input, options);
      const javascript = differential.inJavaScript(input, options);
      const expected = module.valid ? module : null;
      try {
        assert.deepEqual(javascript, expected);
      } catch {
        differences.push(`${JSON.stringify(options)} ${JSON.stringify(input)}: JavaScript ${JSON.stringify(javascript)}, module ${JSON.stringify(module)}`);
      }
      const pattern = isValid(input, options);
      if (pattern !== module.valid) {
        differences.push(`${JSON.stringify(options)} ${JSON.stringify(input)}: isValid ${pattern}, module ${JSON.stringify(module)}`);
      }
      if (module.valid) accepted += 1;
      else refused += 1;
    }
  }
  assert.deepEqual(differences.slice(0, 20), []);
  return { accepted, refused };
}

/** Every string of up to `length` symbols of `alphabet` after `prefix`. */
function strings(prefix, alphabet, length) {
  const found = [prefix];
  if (length > 0) {
    for (const symbol of alphabet) found.push(...strings(prefix + symbol, alphabet, length - 1));
  }
  return found;
}

/** One character of each class of characters the grammars tell apart past the scheme. */
const URI_ALPHABET = [
  'b', 'B', 'x', 'X', '0', '!', '&', '(', '+', ',', '=', '-', '.', '_', '~', '%', ':', '@', '/', '?', '#', 'é',
];

/** Prefixes from which a few symbols reach each rule of urn.pest, and of tag.pest. */
const URN_PREFIXES = [
  '', 'urn:', 'URN:a', 'urn:a-', 'urn:ab:', 'urn:ab:c?', 'urn:ab:c?+d', 'urn:ab:c?=d', 'urn:ab:c#', 'urn:ab:%',
  'urn:ab:c?+d?', 'urn:urn:', `urn:${'a'.repeat(31)}`, 'urn:ab:%0',
];
const TAG_PREFIXES = [
  '', 'tag:', 'tag:a', 'tag:a.b', 'tag:a@', 'tag:a@b.c,', 'tag:a.b,2000', 'tag:a.b,2000-01-01:', 'tag:a+b@c',
  `tag:${'a'.repeat(62)}`, `tag:${'a.'.repeat(126)}`, 'tag:a.b,2000-0', 'tag:a.b,2000-02-2', 'tag:a.b,1900-02-',
  'tag:a.b,1800-02-2', 'tag:a.b,2400-02-2', 'tag:a.b,0000-02-2',
];
const DATE_ALPHABET = ['0', '1', '2', '3', '9', '-', ':'];

test('JavaScript and the module agree on every input of the vector files', () => {
  const { accepted, refused } = compare(vectorInputs());
  assert.ok(accepted > 5000 && refused > 5000, `${accepted} accepted, ${refused} refused`);
});

test('JavaScript and the module agree on every short string around each rule', () => {
  const inputs = [
    ...URN_PREFIXES.flatMap((prefix) => strings(prefix, URI_ALPHABET, 2)),
    ...TAG_PREFIXES.flatMap((prefix) => strings(prefix, URI_ALPHABET, 2)),
    ...strings('', ['u', 'R', 'n', ':', 'x-y:z', 't', 'A', 'g', 'a.b,2000:'], 5),
    ...['tag:a.b,', 'tag:a@b.c,'].flatMap((prefix) => strings(prefix, DATE_ALPHABET, 6)),
  ];
  const { accepted, refused } = compare([...new Set(inputs)]);
  assert.ok(accepted > 10000 && refused > 100000, `${accepted} accepted, ${refused} refused`);
});

test('JavaScript and the module agree on 100 000 random identifiers', () => {
  const { accepted, refused } = compare(randomInputs(0x5eed, 100000));
  assert.ok(accepted > 200000 && refused > 200000, `${accepted} accepted, ${refused} refused`);
});
