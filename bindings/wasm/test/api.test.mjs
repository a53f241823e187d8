// The package's API: the shapes of its values, its errors verbatim, indexes into JavaScript
// strings, and bad input (wrong types, lone surrogates, long strings), which gets an
// UrnTagError, a TypeError or a RangeError and never breaks the module.

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { inspect } from 'node:util';
import {
  UrnTagError, check, checkAll, checkNamespace, equivalenceKey, equivalent, find, isValid, mintTag, normalize, parse,
} from '../pkg/node.js';
import { differential } from '../pkg/api.js';
import { asRead } from './data.mjs';

test('a URN is an object of its components and their spans', () => {
  const urn = parse('urn:example:weather?=op=map#day2');
  assert.deepEqual(urn, {
    kind: 'urn',
    input: 'urn:example:weather?=op=map#day2',
    spec: 'rfc8141',
    nid: 'example',
    nss: 'weather',
    rComponent: null,
    qComponent: 'op=map',
    fComponent: 'day2',
    parts: [
      { part: 'scheme', start: 0, end: 3 },
      { part: 'nid', start: 4, end: 11 },
      { part: 'nss', start: 12, end: 19 },
      { part: 'q_component', start: 21, end: 27 },
      { part: 'f_component', start: 28, end: 32 },
    ],
  });
});

test('a URN of the 2011 draft has a query and a fragment; with namespaces, whether one was checked', () => {
  const urn = parse('urn:example:a?q#f', { spec: 'rfc2141bis' });
  assert.equal(urn.spec, 'rfc2141bis');
  assert.equal(urn.query, 'q');
  assert.equal(urn.fragment, 'f');
  assert.equal('qComponent' in urn, false);
  assert.equal('namespaceChecked' in urn, false);
  assert.equal(parse('urn:ISSN:1560-1560', { namespaces: true }).namespaceChecked, true);
  assert.equal(parse('urn:acme:widget-7', { namespaces: true }).namespaceChecked, false);
});

test('a tag is an object of its components, its authority kind and its full date', () => {
  assert.deepEqual(parse('tag:sandro@w3.org,2004-05:Sandro#x'), {
    kind: 'tag',
    input: 'tag:sandro@w3.org,2004-05:Sandro#x',
    tagSyntax: 'rfc4151',
    authority: 'sandro@w3.org',
    authorityKind: 'email',
    date: '2004-05-01',
    dateAsWritten: '2004-05',
    specific: 'Sandro',
    fragment: 'x',
    parts: [
      { part: 'scheme', start: 0, end: 3 },
      { part: 'authority', start: 4, end: 17 },
      { part: 'date', start: 18, end: 25 },
      { part: 'specific', start: 26, end: 32 },
      { part: 'fragment', start: 33, end: 34 },
    ],
  });
  assert.equal(parse('tag:a+b@example.com,2020:x', { tagSyntax: 'erratum1485' }).authorityKind, 'email');
  assert.equal(parse('tag:_x,2020:', { tagSyntax: 'lenient' }).authorityKind, 'opaque');
});

test('an invalid input throws an UrnTagError with the library\'s kind, part, index and message', () => {
  const error = (() => {
    try {
      parse('urn:example:a%zz');
    } catch (caught) {
      return caught;
    }
    return null;
  })();
  assert.ok(error instanceof UrnTagError);
  assert.ok(error instanceof Error);
  assert.equal(error.name, 'UrnTagError');
  assert.equal(error.kind, 'invalid_percent_encoding');
  assert.equal(error.part, 'nss');
  assert.equal(error.index, 14);
  assert.equal(error.message, 'invalid percent-encoding in NSS at byte 14');
  assert.equal(error.input, 'urn:example:a%zz');
  assert.equal(
    JSON.stringify(error),
    '{"index":14,"message":"invalid percent-encoding in NSS at byte 14","kind":"invalid_percent_encoding","part":"nss"}',
  );
  assert.throws(() => parse('urn:example:a/b', { spec: 'rfc2141' }), {
    kind: 'reserved_char',
    part: 'nss',
    index: 13,
    message: 'reserved character \'/\' in NSS must be percent-encoded (RFC 2141 §2.3) at byte 13',
  });
  assert.throws(() => parse('tag:example.com,1900-02-29:x'), {
    kind: 'day_out_of_range',
    part: 'date',
    index: 24,
    message: 'day 29 does not exist in 1900-02 at byte 24',
  });
  assert.throws(() => parse('http://example.com/'), {
    kind: 'expected_scheme',
    part: 'scheme',
    index: 0,
    message: 'expected "urn:" or "tag:" at byte 0',
  });
});

test('an invalid input\'s error, explained by the module when first read, reads the same after other calls', () => {
  const inputs = [
    'urn:example:a%zz', 'tag:example.com,1900-02-29:x', 'http://x', 'urn:x:a', 'urn:example:\uD800', 'URN:ex:a b', '',
    'tag:a.b,2000-13:x', 'urn:urn:x',
  ];
  let explained = 0;
  for (const options of [undefined, { spec: 'rfc2141' }, { spec: 'rfc2141bis' }, { tagSyntax: 'lenient' }, { scheme: 'tag' }]) {
    const records = inputs.map((input) => check(input, options));
    const batch = checkAll(inputs, options);
    const errors = inputs.map((input) => {
      try {
        parse(input, options);
      } catch (error) {
        return error;
      }
      return null;
    });
    // Other inputs cross into the module meanwhile, and leave their own errors in it.
    assert.ok(check('urn:example:%', options).error.message.length > 0);
    assert.throws(() => equivalenceKey('tag:x', options), UrnTagError);
    assert.equal(checkAll(['urn:uuid:1'], { namespaces: true })[0].error.kind, 'namespace');
    assert.equal(find('urn:ab:c urn:x:y').length, 1);
    // Read last to first: each gives what the module gives the input on its own, and again.
    for (let i = inputs.length - 1; i >= 0; i--) {
      const expected = differential.inModule(inputs[i], options);
      if (expected.valid) {
        assert.equal(records[i].valid, true);
        continue;
      }
      assert.deepEqual(asRead(records[i]), expected, inputs[i]);
      assert.deepEqual(asRead(batch[i]), expected, inputs[i]);
      assert.deepEqual(asRead(records[i]), expected, inputs[i]);
      assert.equal(JSON.stringify(records[i]), JSON.stringify(expected));
      const error = errors[i];
      assert.ok(error instanceof UrnTagError, inputs[i]);
      assert.deepEqual({
        index: error.index, message: error.message, kind: error.kind, part: error.part,
      }, expected.error, inputs[i]);
      assert.deepEqual(error.toJSON(), expected.error);
      assert.equal(error.input, inputs[i]);
      explained += 1;
    }
  }
  assert.ok(explained > 35, `${explained} explained`);
  // The errors show their fields in Node.js's console.
  assert.match(inspect(check('urn:example:a%zz').error), /message: 'invalid percent-encoding in NSS at byte 14'/);
  let shown = '';
  try {
    parse('urn:example:a%zz', { scheme: 'tag' });
  } catch (error) {
    shown = inspect(error);
  }
  assert.match(shown, /^UrnTagError: expected "tag:" at byte 0 \{/);
  assert.match(shown, /kind: 'expected_tag_scheme'/);
  assert.match(shown, /input: 'urn:example:a%zz'/);
});

test('the errors the package throws hold UrnTagError.stackTraceLimit frames: none unless asked', () => {
  const thrown = (input) => {
    try {
      parse(input);
    } catch (error) {
      return error;
    }
    return null;
  };
  const limit = Error.stackTraceLimit;
  assert.equal(UrnTagError.stackTraceLimit, 0);
  const quiet = thrown('urn:example:a%zz');
  assert.equal(quiet.stack, 'UrnTagError: invalid percent-encoding in NSS at byte 14');
  assert.equal(String(quiet), 'UrnTagError: invalid percent-encoding in NSS at byte 14');
  assert.equal(Error.stackTraceLimit, limit);
  UrnTagError.stackTraceLimit = 10;
  try {
    const traced = thrown('urn:example:a%zz');
    assert.match(traced.stack, /^UrnTagError: invalid percent-encoding in NSS at byte 14\n {4}at /);
    assert.match(thrown('http://x').stack, /\n {4}at /);
  } finally {
    UrnTagError.stackTraceLimit = 0;
  }
  assert.equal(Error.stackTraceLimit, limit);
  // An engine without Error.stackTraceLimit does not get one.
  const descriptor = Object.getOwnPropertyDescriptor(Error, 'stackTraceLimit');
  delete Error.stackTraceLimit;
  try {
    assert.equal(thrown('urn:example:a%zz').kind, 'invalid_percent_encoding');
    assert.ok(!Object.hasOwn(Error, 'stackTraceLimit'));
  } finally {
    Object.defineProperty(Error, 'stackTraceLimit', descriptor);
  }
  // One a program makes itself is an Error like any other, with V8's stack.
  const own = new UrnTagError('namespace', 'nss', 3, 'not in our registry', 'urn:ab:c');
  assert.deepEqual([own.kind, own.part, own.index, own.message, own.input], ['namespace', 'nss', 3, 'not in our registry', 'urn:ab:c']);
  assert.match(own.stack, /^UrnTagError: not in our registry\n {4}at /);
});

test('check answers with the record of check --json, an invalid input as a value', () => {
  assert.deepEqual(asRead(check('urn:example:a%zz')), {
    input: 'urn:example:a%zz',
    valid: false,
    kind: 'urn',
    error: {
      index: 14, message: 'invalid percent-encoding in NSS at byte 14', kind: 'invalid_percent_encoding', part: 'nss',
    },
  });
  assert.equal(check('http://example.com/').kind, null);
  assert.equal(check('tag:example.com').kind, 'tag');
  const valid = check('urn:isbn:0451450523');
  assert.equal(valid.valid, true);
  assert.equal(valid.nss, '0451450523');
  assert.deepEqual(check('urn:uuid:12345', { namespaces: true }).error, {
    index: 14,
    message: 'NSS breaks rule uuid_time_low of namespace uuid (namespaces/uuid.pest) at byte 14',
    kind: 'namespace',
    part: 'nss',
  });
});

test('checkAll gives each input check\'s record, in one call', () => {
  const inputs = [
    'urn:example:a', '', 'urn:example:a%zz', 'tag:yaml.org,2002:int', 'é urn', '\uD800', '\uDC00',
    'urn:example:\uD83D', '\uDE00', 'urn:example:𝄞', 'urn:uuid:12345', 'http://x',
  ];
  for (const options of [undefined, { namespaces: true }, { spec: 'rfc2141bis' }]) {
    assert.deepEqual(checkAll(inputs, options).map(asRead), inputs.map((input) => asRead(check(input, options))));
  }
  assert.deepEqual(checkAll([]), []);
  // A surrogate pair split across two inputs is two lone surrogates, not one character.
  assert.deepEqual(checkAll(['urn:example:\uD83D', '\uDE00']).map((record) => record.error.kind), ['invalid_utf16', 'invalid_utf16']);
  assert.throws(() => checkAll('urn:example:a'), TypeError);
  assert.throws(() => checkAll(['urn:example:a', 5]), { name: 'TypeError', message: 'texts[1] must be a string, not number' });
});

test('isValid answers what check\'s record says of validity, with the same errors for bad arguments', () => {
  const inputs = [
    'urn:example:a', '', 'urn:example:a%zz', 'tag:yaml.org,2002:int', 'tag:yaml.org,2002-02-30:int', 'é urn',
    '\uD800', 'urn:example:\uD83D', 'urn:example:𝄞', 'urn:uuid:12345', 'http://x', 'urn:urn:x', 'URN:EX:a%00',
    `urn:${'a'.repeat(32)}:x`, `urn:${'a'.repeat(33)}:x`, `tag:${'a'.repeat(64)}.com,2000:x`, 'tag:a@b.c,2000:x',
  ];
  for (const options of [
    undefined, { namespaces: true }, { spec: 'rfc2141' }, { spec: 'rfc2141bis' }, { tagSyntax: 'lenient' },
    { scheme: 'tag' }, { scheme: 'urn', namespaces: true },
  ]) {
    for (const input of inputs) {
      assert.equal(isValid(input, options), check(input, options).valid, `${JSON.stringify(input)} ${JSON.stringify(options)}`);
    }
  }
  assert.equal(isValid('urn:isbn:0451450523'), true);
  assert.throws(() => isValid('urn:a:b', { spec: 'x' }), RangeError);
  assert.throws(() => isValid('urn:a:b', null), TypeError);
});

test('identifiers are read as urn-tag check reads them, both schemes, unless options.scheme names one', () => {
  const inputs = ['urn:example:a', 'tag:yaml.org,2002:int', 'URN:EX:a', 'http://x'];
  assert.deepEqual(checkAll(inputs).map((record) => record.valid), [true, true, true, false]);
  assert.deepEqual(checkAll(inputs, { scheme: null }).map(asRead), checkAll(inputs).map(asRead));
  assert.deepEqual(checkAll(inputs, { scheme: 'urn' }).map((record) => record.valid), [true, false, true, false]);
  assert.deepEqual(checkAll(inputs, { scheme: 'tag' }).map((record) => record.valid), [false, true, false, false]);
  for (const scheme of ['urn', 'tag']) {
    assert.deepEqual(checkAll(inputs, { scheme }).map(asRead), inputs.map((input) => asRead(check(input, { scheme }))));
  }
  // The other scheme is refused as the parser of the one asked for refuses it; the record's
  // kind is still the scheme the input starts with.
  assert.deepEqual(asRead(check('tag:yaml.org,2002:int', { scheme: 'urn' })), {
    input: 'tag:yaml.org,2002:int',
    valid: false,
    kind: 'tag',
    error: { index: 0, message: 'expected "urn:" at byte 0', kind: 'expected_urn_scheme', part: 'scheme' },
  });
  assert.throws(() => parse('urn:example:a', { scheme: 'tag' }), {
    name: 'UrnTagError', kind: 'expected_tag_scheme', message: 'expected "tag:" at byte 0',
  });
  assert.equal(parse('URN:example:a', { scheme: 'urn' }).nid, 'example');
  const text = 'urn:example:a and tag:yaml.org,2002:int';
  assert.deepEqual(find(text, { scheme: 'tag' }).map((found) => found.text), ['tag:yaml.org,2002:int']);
  assert.deepEqual(find(text, { scheme: 'urn' }).map((found) => found.text), ['urn:example:a']);
  assert.equal(normalize('URN:EX:a', { scheme: 'urn' }), 'urn:ex:a');
  assert.throws(() => equivalenceKey('urn:ex:a', { scheme: 'tag' }), { kind: 'expected_tag_scheme' });
  assert.throws(() => check('urn:ex:a', { scheme: 'both' }), {
    name: 'RangeError', message: 'options.scheme must be one of urn, tag, not "both"',
  });
  assert.throws(() => check('urn:ex:a', { scheme: 1 }), TypeError);
});

test('checkNamespace says whether a grammar applied and what it found', () => {
  assert.deepEqual(checkNamespace('urn:ISSN:1560-1560'), {
    checked: true, valid: true, namespace: 'issn', error: null,
  });
  assert.deepEqual(checkNamespace('urn:ISSN:1234-1232'), {
    checked: true,
    valid: false,
    namespace: 'issn',
    error: {
      index: 17, message: 'ISSN check digit must be 1, not 2 (ISO 3297) at byte 17', kind: 'namespace', part: 'nss',
    },
  });
  assert.deepEqual(checkNamespace('urn:acme:widget-7'), {
    checked: false, valid: false, namespace: null, error: null,
  });
  assert.throws(() => checkNamespace('tag:yaml.org,2002:int'), {
    name: 'UrnTagError', kind: 'expected_urn_scheme', index: 0,
  });
});

test('equivalence: keys, the namespaces\' rules, tags compared exactly', () => {
  assert.equal(equivalenceKey('URN:EXAMPLE:a123%2cz456?+abc#789'), 'urn:example:a123%2Cz456');
  assert.equal(normalize('URN:EXAMPLE:a123%2cz456?=q'), 'urn:example:a123%2Cz456?=q');
  assert.equal(equivalent('urn:example:a123,z456', 'URN:EXAMPLE:a123,z456?+abc'), true);
  assert.equal(equivalent('urn:example:a123,z456', 'urn:example:a123%2Cz456'), false);
  assert.equal(equivalent('urn:isbn:0-395-36341-1', 'urn:isbn:9780395363416'), true);
  assert.equal(equivalent('urn:isbn:0-395-36341-1', 'urn:isbn:9780395363416', { rfcOnly: true }), false);
  assert.equal(equivalenceKey('tag:Example.com,2000:a'), 'tag:Example.com,2000:a');
  assert.equal(equivalent('tag:example.com,2000:', 'tag:example.com,2000-01-01:'), false);
  assert.equal(equivalent('tag:example.com,2000:', 'tag:example.com,2000:'), true);
  assert.equal(equivalent('urn:example:a', 'tag:example.com,2000:'), false);
  assert.throws(() => equivalent('urn:example:a', 'urn:example:a%zz'), {
    kind: 'invalid_percent_encoding', index: 14, input: 'urn:example:a%zz',
  });
  assert.throws(() => equivalent('urn:x:a', 'urn:example:a'), { kind: 'nid_too_short', input: 'urn:x:a' });
});

test('find gives indexes into the JavaScript string, past characters of any width', () => {
  const text = 'Cite urn:isbn:0451450523 (or <tag:example.com,2005:post-1>).';
  assert.deepEqual(find(text), [
    { kind: 'urn', text: 'urn:isbn:0451450523', start: 5, end: 24 },
    { kind: 'tag', text: 'tag:example.com,2005:post-1', start: 30, end: 57 },
  ]);
  const wide = 'é € 𝄞 urn:isbn:0451450523 𝄞𝄞 tag:yaml.org,2002:int';
  const found = find(wide);
  assert.deepEqual(found.map((match) => match.text), ['urn:isbn:0451450523', 'tag:yaml.org,2002:int']);
  for (const match of found) assert.equal(wide.slice(match.start, match.end), match.text);
  // A lone surrogate separates identifiers and moves no index.
  const lone = '\uD800urn:example:a\uDC00urn:example:b\uD800';
  assert.deepEqual(find(lone).map(({ start, end }) => lone.slice(start, end)), ['urn:example:a', 'urn:example:b']);
  assert.deepEqual(find('urn:uuid:12345 urn:example:a', { namespaces: true }).map((match) => match.text), ['urn:example:a']);
  assert.deepEqual(find(''), []);
});

test('mintTag writes the shortest date and refuses what RFC 4151 forbids', () => {
  const today = new Date(Date.UTC(2026, 0, 1));
  assert.equal(
    mintTag({ authority: 'example.com', date: '2001-07-01', specific: 'web/home', today }),
    'tag:example.com,2001-07:web/home',
  );
  assert.equal(
    mintTag({ authority: 'example.org', date: new Date(Date.UTC(2004, 0, 1)), specific: '/2004_07.html', fragment: 'a', today }),
    'tag:example.org,2004:/2004_07.html#a',
  );
  assert.throws(() => mintTag({ authority: 'hp.com', date: '2999', today }), {
    name: 'UrnTagError',
    kind: 'future_date',
    part: 'date',
    message: 'date 2999-01-01 is after today (2026-01-01 UTC); RFC 4151 §2.2: tags MUST NOT be minted under a future date',
  });
  assert.throws(() => mintTag({ authority: 'localhost', date: '2001', today }), {
    kind: 'not_fully_qualified',
    part: 'authority',
    message: 'the domain name in the authority is not fully qualified (it has no \'.\'); RFC 4151 §2.1: it MUST be',
  });
  assert.throws(() => mintTag({ authority: 'a+b@example.com', date: '2001', today }), {
    kind: 'invalid_char',
    part: 'authority',
    index: 1,
    message: 'invalid character \'+\' in authority (byte 1 of the authority given)',
    input: 'a+b@example.com',
  });
  assert.throws(() => mintTag({ authority: 'example.com', date: '2001-13', today }), {
    kind: 'month_out_of_range', part: 'date',
  });
  assert.throws(() => mintTag({ authority: 'example.com', date: 2001, today }), TypeError);
  assert.throws(() => mintTag(), TypeError);
  assert.throws(() => mintTag({ authority: 'example.com', date: '2001', today: 'today' }), TypeError);
  // With no `today`, the clock's UTC day: a date of long ago is never after it.
  assert.equal(mintTag({ authority: 'example.com', date: '2001' }), 'tag:example.com,2001:');
});

const functions = {
  parse: (value) => parse(value),
  check: (value) => check(value),
  checkNamespace: (value) => checkNamespace(value),
  equivalenceKey: (value) => equivalenceKey(value),
  normalize: (value) => normalize(value),
  'equivalent (first)': (value) => equivalent(value, 'urn:example:a'),
  'equivalent (second)': (value) => equivalent('urn:example:a', value),
  find: (value) => find(value),
  isValid: (value) => isValid(value),
};

test('an input that is not a string is a TypeError', () => {
  for (const [name, run] of Object.entries(functions)) {
    for (const value of [undefined, null, 42, {}, ['urn:example:a'], new String('urn:example:a'), Symbol('x')]) {
      assert.throws(() => run(value), TypeError, `${name}(${String(value)})`);
    }
  }
});

test('options of the wrong type or value are a TypeError or a RangeError', () => {
  assert.throws(() => parse('urn:a:b', { spec: 'x' }), {
    name: 'RangeError', message: 'options.spec must be one of rfc8141, rfc2141, rfc2141bis, not "x"',
  });
  assert.throws(() => parse('urn:a:b', { tagSyntax: 'strict' }), RangeError);
  assert.throws(() => parse('urn:a:b', { spec: 8141 }), TypeError);
  assert.throws(() => parse('urn:a:b', { namespaces: 'yes' }), TypeError);
  assert.throws(() => parse('urn:a:b', 'rfc2141'), TypeError);
  assert.throws(() => parse('urn:a:b', null), TypeError);
  // Names are read in any case, as on the command line.
  assert.equal(parse('urn:a:b', { spec: 'RFC2141' }).nid, 'a');
});

test('a lone surrogate makes an identifier invalid at its index; a surrogate pair is one character', () => {
  for (const [input, index, unit] of [
    ['urn:example:\uD800', 12, 'D800'],
    ['\uDFFFurn:example:a', 0, 'DFFF'],
    ['tag:example.com,2000:a\uDC00\uD800', 22, 'DC00'],
  ]) {
    assert.throws(() => parse(input), {
      name: 'UrnTagError',
      kind: 'invalid_utf16',
      part: null,
      index,
      message: `lone surrogate U+${unit} at index ${index}: the string is not well-formed UTF-16`,
    });
    assert.equal(check(input).error.kind, 'invalid_utf16');
  }
  assert.throws(() => parse('urn:example:a𝄞'), {
    kind: 'non_ascii',
    index: 13,
    message: 'non-ASCII character \'𝄞\' in NSS must be percent-encoded at byte 13',
  });
  assert.throws(() => mintTag({ authority: 'example.com', date: '2001', specific: 'a\uD800' }), {
    kind: 'invalid_utf16', part: 'specific', index: 1,
  });
});

test('long inputs are read whole, and the module keeps working after them', () => {
  const nss = 'a'.repeat(16 << 20);
  const long = `urn:example:${nss}`;
  assert.equal(parse(long).nss.length, nss.length);
  // Non-ASCII at the end of a long input: its index counts UTF-16 code units.
  const wide = `${'é'.repeat(1 << 20)} urn:example:b`;
  assert.deepEqual(find(wide), [{ kind: 'urn', text: 'urn:example:b', start: (1 << 20) + 1, end: (1 << 20) + 14 }]);
  assert.throws(() => parse(`urn:example:${'é'.repeat(1 << 20)}`), { kind: 'non_ascii', index: 12 });
  assert.equal(parse('urn:example:a').nss, 'a');
  assert.equal(equivalent(long, long.toUpperCase().replace('URN:EXAMPLE:', 'urn:example:')), false);
  assert.equal(equivalent(long, `URN:EXAMPLE:${nss}`), true);
});

/** A deterministic pseudo-random generator (xorshift32), so that every run tries the same inputs. */
function random(seed) {
  let state = seed;
  return (n) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % n;
  };
}

test('random inputs get an answer or an UrnTagError from every function, never a crash', () => {
  const below = random(0x5eed);
  const pieces = [
    'urn:', 'tag:', 'URN:', 'example', 'isbn', 'uuid', 'issn', ':', '?+', '?=', '?', '#', '%', '%2c',
    '%zz', 'a', '-', '.', '@', ',', '2000', '-02-29', 'é', '𝄞', '\uD800', '\uDC00', ' ', '\t', '\u0000',
    '/', 'x'.repeat(40), '0451450523', 'example.com',
  ];
  for (let i = 0; i < 5000; i++) {
    let input = '';
    for (let n = below(8); n >= 0; n--) input += pieces[below(pieces.length)];
    for (const [name, run] of Object.entries(functions)) {
      try {
        run(input);
      } catch (error) {
        assert.ok(error instanceof UrnTagError, `${name}(${JSON.stringify(input)}): ${error}`);
        assert.equal(typeof error.kind, 'string');
        assert.ok(Number.isInteger(error.index) && error.index >= 0 && error.index <= input.length);
      }
    }
  }
});

test('the package is the crate\'s version and ships every file its manifest names', () => {
  const manifest = JSON.parse(readFileSync(new URL('../pkg/package.json', import.meta.url), 'utf8'));
  const cargo = readFileSync(new URL('../../../Cargo.toml', import.meta.url), 'utf8');
  assert.equal(manifest.version, /^version = "(.*)"$/m.exec(cargo)[1]);
  for (const file of manifest.files) assert.ok(existsSync(new URL(`../pkg/${file}`, import.meta.url)), file);
  // Conditions nest: a target is a path or an object of conditions.
  const targets = (conditions) => Object.values(conditions)
    .flatMap((target) => (typeof target === 'string' ? [target] : targets(target)));
  assert.deepEqual(targets(manifest.exports['.']), ['./index.d.ts', './bundled.js', './node.js', './browser.js']);
  for (const target of targets(manifest.exports['.'])) {
    assert.ok(manifest.files.includes(target.slice(2)), target);
    assert.ok(existsSync(new URL(`../pkg/${target}`, import.meta.url)), target);
  }
});
