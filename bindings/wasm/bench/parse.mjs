// The npm package in Node.js beside the regular expressions a JavaScript programmer would write,
// in the same run, per identifier, on the corpora of the library's `cargo bench --bench parse`
// (written by `cargo run --profile native --example corpus`): 100 000 generated URNs, the same made
// invalid at their last byte, 100 000 generated tag URIs, one string a line as a program reads
// them from a file.
//
// Each row runs over the whole corpus once per round and is timed in CPU time
// (`process.cpuUsage`: the process's, so that other processes on the machine do not count, and
// V8's collector threads do); the figures are the median round and the fastest, over the
// corpus's size. Each row is printed beside its peer, the regular expression, and the ratio of
// their medians; the goals, last, compare the rows of the same run, and the lines after them
// say where check's time goes: the generated recognizers alone, and the floors that any
// JavaScript reading each character, or any hand-over to WebAssembly, cannot go below. Run
// after ./build.sh with `node bench/parse.mjs` (BENCHMARKS.md has the figures).

import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { check, checkAll, equivalenceKey, find, isValid, parse } from '../pkg/node.js';
import { rfc8141, CAPTURES } from '../pkg/urn_recognizer.js';
import { rfc4151, CAPTURES as TAG_CAPTURES } from '../pkg/tag_recognizer.js';

const ROUNDS = 15;
const WARM_UP = 3;

const crate = fileURLToPath(new URL('..', import.meta.url));
function corpus(which) {
  const text = execFileSync('cargo', ['run', '-q', '--profile', 'native', '--example', 'corpus', '--', which], {
    cwd: crate,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  return text.split('\n').filter((line) => line !== '');
}

/**
 * The regular expression of RFC 8141's ABNF, as a JavaScript programmer writes it (the scheme in
 * any case, the NID of 2 to 32 characters, the NSS, the r-, q- and f-components), with a group
 * per part for `exec`, and without groups for `test`.
 */
const PCHAR = String.raw`(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})`;
const URN_PATTERN = String.raw`^[uU][rR][nN]:([A-Za-z0-9][A-Za-z0-9-]{0,30}[A-Za-z0-9]):(${PCHAR}(?:${PCHAR}|/)*)`
  + String.raw`(?:\?\+(${PCHAR}(?:(?!\?=)(?:${PCHAR}|[/?]))*))?(?:\?=(${PCHAR}(?:${PCHAR}|[/?])*))?(?:#((?:${PCHAR}|[/?])*))?$`;
const URN_EXEC = new RegExp(URN_PATTERN);
const URN_TEST = new RegExp(URN_PATTERN.replace(/\((?!\?)/g, '(?:'));

/** The same for RFC 4151's tags: a DNS name or an email address, a date, a specific, a fragment. */
const DNS_NAME = String.raw`[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*`;
const TAG_TEST = new RegExp(String.raw`^[tT][aA][gG]:(?:${DNS_NAME}|[A-Za-z0-9\-._]+@${DNS_NAME}),`
  + String.raw`\d{4}(?:-\d{2}(?:-\d{2})?)?:(?:${PCHAR}|[/?])*(?:#(?:${PCHAR}|[/?])*)?$`);

/** What a row keeps of its results: the last 1024, as a program keeps what it reads. */
const kept = new Array(1024).fill(null);
let keptAt = 0;
function keep(value) {
  kept[keptAt++ & 1023] = value;
  return value;
}

/** Median and fastest CPU time in nanoseconds per input of `run(input)` over `inputs`. */
function measure(inputs, run, per = 1) {
  const rounds = [];
  let sink = 0;
  for (let round = 0; round < WARM_UP + ROUNDS; round++) {
    const start = process.cpuUsage();
    for (let i = 0; i < inputs.length; i++) sink ^= run(inputs[i]) ? 1 : 0;
    const { user, system } = process.cpuUsage(start);
    if (round >= WARM_UP) rounds.push(((user + system) * 1000) / (inputs.length * per));
  }
  globalThis.sink = sink;
  rounds.sort((a, b) => a - b);
  return { median: rounds[ROUNDS >> 1], fastest: rounds[0] };
}

/** `Urn::parse` natively on the same URNs, timed the same way (examples/corpus.rs; wall time). */
function native() {
  const [median, fastest] = execFileSync('cargo', ['run', '-q', '--profile', 'native', '--example', 'corpus', '--', 'time', String(ROUNDS)], {
    cwd: crate,
    encoding: 'utf8',
  }).trim().split(' ').map(Number);
  return { median, fastest };
}

const figure = (ns) => (ns >= 10000 ? `${(ns / 1000).toFixed(1)} µs` : `${ns.toFixed(1)} ns`).padStart(9);

function show(name, timing, peer) {
  const against = peer === undefined ? '' : `   ${figure(peer.timing.median)} ${figure(peer.timing.fastest)}   ${(timing.median / peer.timing.median).toFixed(2)}×  ${peer.name}`;
  console.log(`${name.padEnd(48)} ${figure(timing.median)} ${figure(timing.fastest)}${against}`);
}

const urns = corpus('urns');
const invalid = corpus('invalid');
const tags = corpus('tags');
const BATCH = 1000;
const batches = (inputs) => Array.from({ length: inputs.length / BATCH }, (_, i) => inputs.slice(i * BATCH, (i + 1) * BATCH));
const urnBatches = batches(urns);

/** Reads every code unit of `text` once and compares it to a range, as a recognizer must. */
function readEachCharacter(text) {
  const length = text.length;
  let i = 0;
  while (i < length) {
    const unit = text.charCodeAt(i);
    if (unit < 0x21 || unit > 0x7e) break;
    i += 1;
  }
  return i === length;
}

function throwing(text) {
  try {
    return parse(text);
  } catch (error) {
    return keep(error) === null;
  }
}

console.log(`node ${process.version}, ${urns.length} identifiers a corpus, ${ROUNDS} rounds, CPU time per identifier`);
console.log(`${''.padEnd(48)}    median   fastest      median   fastest   ratio  peer`);
const nativeBefore = native();
show('native Urn::parse, URNs (before; wall time)', nativeBefore);

const test = { name: 'RegExp.test, RFC 8141 regex', timing: measure(urns, (s) => URN_TEST.test(s)) };
const checkValid = measure(urns, (s) => check(s).valid);
show('check(s).valid, URNs', checkValid, test);
const checkKept = measure(urns, (s) => keep(check(s)).valid);
show('check(s), URNs, the records kept', checkKept, test);
const valid = measure(urns, (s) => isValid(s));
show('isValid(s), URNs', valid, test);

// Where check's time goes, beside the regex: the recognizer urn.pest compiles to, alone (no
// record, nothing the grammar leaves to code), and two floors that check no grammar at all: a
// loop that reads each character once with charCodeAt, as any recognizer written in JavaScript
// must, and TextEncoder.encodeInto, the first step of handing a string to WebAssembly.
const spans = new Int32Array(2 * CAPTURES.length).fill(-1);
const recognizer = measure(urns, (s) => rfc8141(s, spans));
show('the URN recognizer alone (urn_recognizer.js)', recognizer, test);
const readOnce = measure(urns, readEachCharacter);
show('floor: each character read once (charCodeAt)', readOnce, test);
const encoder = new TextEncoder();
const encoded = new Uint8Array(1 << 16);
show('floor: TextEncoder.encodeInto alone', measure(urns, (s) => encoder.encodeInto(s, encoded).written > 0), test);

// The same URNs as sequential strings, as JSON.parse or a string literal makes them: `split`
// gives slices of the file's text, and V8 reads a slice's characters (charCodeAt) through
// the string it is a slice of, which a regular expression does once a match.
const sequential = urns.map((s) => s.split('').join(''));
const testSequential = { name: 'RegExp.test, the same strings', timing: measure(sequential, (s) => URN_TEST.test(s)) };
show('check(s).valid, URNs as sequential strings', measure(sequential, (s) => check(s).valid), testSequential);

const testInvalid = { name: 'RegExp.test, invalid URNs', timing: measure(invalid, (s) => URN_TEST.test(s)) };
const checkInvalid = measure(invalid, (s) => check(s).valid);
show('check(s).valid, invalid URNs (error as a value)', checkInvalid, testInvalid);
const validInvalid = measure(invalid, (s) => isValid(s));
show('isValid(s), invalid URNs', validInvalid, testInvalid);

const tagTest = { name: 'RegExp.test, RFC 4151 regex', timing: measure(tags, (s) => TAG_TEST.test(s)) };
const checkTags = measure(tags, (s) => check(s).valid);
show('check(s).valid, tags', checkTags, tagTest);
const validTags = measure(tags, (s) => isValid(s));
show('isValid(s), tags', validTags, tagTest);
const tagSpans = new Int32Array(2 * TAG_CAPTURES.length).fill(-1);
const tagRecognizer = measure(tags, (s) => rfc4151(s, tagSpans));
show('the tag recognizer alone (tag_recognizer.js)', tagRecognizer, tagTest);
const tagsReadOnce = measure(tags, readEachCharacter);
show('floor: each character of a tag read once', tagsReadOnce, tagTest);

const exec = { name: 'RegExp.exec with groups, kept', timing: measure(urns, (s) => keep(URN_EXEC.exec(s)) !== null) };
const parsed = measure(urns, (s) => keep(parse(s)) !== null);
show('parse(s), URNs, kept', parsed, exec);
const thrown = measure(invalid, throwing);
show('parse(s) throwing UrnTagError, invalid URNs', thrown, { name: 'parse(s) that succeeds', timing: parsed });
show('check(s).valid, invalid URNs', checkInvalid, { name: 'check(s).valid on valid URNs', timing: checkValid });

const testLoop = { name: 'a loop of RegExp.test', timing: measure(urnBatches, (batch) => batch.every((s) => URN_TEST.test(s)), BATCH) };
const all = measure(urnBatches, (batch) => checkAll(batch).length === BATCH, BATCH);
show('checkAll(), URNs, batches of 1000', all, testLoop);
show('checkAll(), tags, batches of 1000', measure(batches(tags), (batch) => checkAll(batch).length === BATCH, BATCH));
show('checkAll(), invalid URNs, batches of 1000', measure(batches(invalid), (batch) => checkAll(batch).length === BATCH, BATCH));

show('equivalenceKey(), URNs', measure(urns, (s) => equivalenceKey(s).length > 0));
show('check(s, {namespaces: true}).valid, URNs', measure(urns, (s) => check(s, { namespaces: true }).valid));
const text = urns.join(' ');
show('find(), the URNs joined by spaces, per URN', measure([text], (t) => find(t).length > 0, urns.length));
show('native Urn::parse, URNs (after; wall time)', native());

const ratio = (a, b) => a.median / b.median;
const goal = (name, value, limit, holds) => console.log(`${name.padEnd(66)} ${value.toFixed(2)}× (goal ${limit}): ${holds ? 'holds' : 'missed'}`);
console.log('\ngoals, by the medians of this run:');
goal('check(s).valid ÷ RegExp.test, URNs', ratio(checkValid, test.timing), '≤ 1.0×', ratio(checkValid, test.timing) <= 1);
goal('check(s).valid ÷ RegExp.test, invalid URNs', ratio(checkInvalid, testInvalid.timing), '≤ 1.0×', ratio(checkInvalid, testInvalid.timing) <= 1);
goal('check(s).valid ÷ RegExp.test, tags', ratio(checkTags, tagTest.timing), '≤ 1.2×', ratio(checkTags, tagTest.timing) <= 1.2);
goal('parse(s) ÷ RegExp.exec', ratio(parsed, exec.timing), '≤ 1.5×', ratio(parsed, exec.timing) <= 1.5);
goal('parse(s) that throws ÷ parse(s) that succeeds', ratio(thrown, parsed), '≤ 3×', ratio(thrown, parsed) <= 3);
goal('check(s) on invalid URNs ÷ on valid ones', ratio(checkInvalid, checkValid), '≤ 2×', ratio(checkInvalid, checkValid) <= 2);
goal('a loop of RegExp.test ÷ checkAll(), per URN', ratio(testLoop.timing, all), '≥ 2×', ratio(testLoop.timing, all) >= 2);
// isValid is check(s).valid without the record: the first goal's measure for a program that
// wants the verdict alone.
goal('isValid(s) ÷ RegExp.test, URNs', ratio(valid, test.timing), '≤ 1.0×', ratio(valid, test.timing) <= 1);
goal('isValid(s) ÷ RegExp.test, invalid URNs', ratio(validInvalid, testInvalid.timing), '≤ 1.0×', ratio(validInvalid, testInvalid.timing) <= 1);
goal('isValid(s) ÷ RegExp.test, tags', ratio(validTags, tagTest.timing), '≤ 1.2×', ratio(validTags, tagTest.timing) <= 1.2);
// A floor is what JavaScript that reads each character of the string pays before it decides
// anything; the other lines split check's time into the recognizer's and the record's.
console.log('\nwhere the time goes, by the medians of this run:');
const part = (name, value) => console.log(`${name.padEnd(66)} ${value.toFixed(2)}×`);
part('floor: each character read once ÷ RegExp.test, URNs', ratio(readOnce, test.timing));
part('floor: each character read once ÷ RegExp.test, tags', ratio(tagsReadOnce, tagTest.timing));
part('the URN recognizer alone ÷ RegExp.test', ratio(recognizer, test.timing));
part('the tag recognizer alone ÷ RegExp.test, tags', ratio(tagRecognizer, tagTest.timing));
part('check(s).valid ÷ the URN recognizer alone (the record, the prose)', ratio(checkValid, recognizer));
part('checkAll() ÷ check(s) kept, per URN (checkAll makes its records)', ratio(all, checkKept));
