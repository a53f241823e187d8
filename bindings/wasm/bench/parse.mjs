// Parse time of the npm package in Node.js, per identifier, on the corpora of the library's
// `cargo bench --bench parse` (written by `cargo run --release --example corpus`): 100 000
// generated URNs, the same made invalid at their last byte, 100 000 generated tag URIs.
//
// Each row parses the whole corpus once per round; the figure is the median round over the
// corpus's size. Run after ./build.sh with `node bench/parse.mjs` (BENCHMARKS.md has the figures
// beside the native ones of the same run).

import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as wasm from '../pkg/urn_tag_wasm.js';
import { check, checkAll, equivalenceKey, find, parse } from '../pkg/node.js';

const ROUNDS = 15;
const WARM_UP = 3;

const crate = fileURLToPath(new URL('..', import.meta.url));
function corpus(which) {
  const text = execFileSync('cargo', ['run', '-q', '--release', '--example', 'corpus', '--', which], {
    cwd: crate,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  return text.split('\n').filter((line) => line !== '');
}

/** Median (and fastest) nanoseconds per input of `run(input)` over every input of `inputs`. */
function measure(inputs, run) {
  const rounds = [];
  let keep = 0;
  for (let round = 0; round < WARM_UP + ROUNDS; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < inputs.length; i++) keep ^= run(inputs[i]) === undefined ? 0 : 1;
    const elapsed = Number(process.hrtime.bigint() - start);
    if (round >= WARM_UP) rounds.push(elapsed / inputs.length);
  }
  rounds.sort((a, b) => a - b);
  globalThis.keep = keep;
  return { median: rounds[ROUNDS >> 1], fastest: rounds[0] };
}

/** `Urn::parse` natively on the same URNs, timed the same way (examples/corpus.rs). */
function native() {
  const [median, fastest] = execFileSync('cargo', ['run', '-q', '--release', '--example', 'corpus', '--', 'time', String(ROUNDS)], {
    cwd: crate,
    encoding: 'utf8',
  }).trim().split(' ').map(Number);
  return { median, fastest };
}

function show(name, { median, fastest }, per = 1) {
  const figure = (ns) => (ns / per).toFixed(1).padStart(7);
  console.log(`${name.padEnd(55)} ${figure(median)} ns ${figure(fastest)} ns`);
}

/**
 * What crossing costs at least: the input written into the module's memory, and with `parse`,
 * the module's parse, no object made.
 */
function boundaryOnly(parse) {
  const memory = wasm.initSync();
  const encoder = new TextEncoder();
  const capacity = 4096;
  const address = wasm.input_buffer(capacity);
  let bytes = new Uint8Array(memory.memory.buffer, address, capacity);
  return (text) => {
    if (bytes.buffer !== memory.memory.buffer) bytes = new Uint8Array(memory.memory.buffer, address, capacity);
    const written = encoder.encodeInto(text, bytes).written;
    return parse ? wasm.parse(written, 0) : written;
  };
}

function throwing(text) {
  try {
    return parse(text);
  } catch (error) {
    return error;
  }
}

const urns = corpus('urns');
const invalid = corpus('invalid');
const tags = corpus('tags');
const text = urns.join(' ');

const rows = [
  ['parse(), URNs', urns, parse],
  ['parse(), tags', tags, parse],
  ['parse(), invalid URNs (throws UrnTagError)', invalid, throwing],
  ['check(), URNs', urns, check],
  ['check(), invalid URNs (error as a value)', invalid, check],
  ['equivalenceKey(), URNs', urns, equivalenceKey],
  ['input written + module parse, no object (the floor)', urns, boundaryOnly(true)],
  ['input written only (TextEncoder.encodeInto)', urns, boundaryOnly(false)],
];

console.log(`node ${process.version}, ${urns.length} identifiers a corpus, ${ROUNDS} rounds`);
console.log(`${''.padEnd(55)}  median  fastest`);
// The native figure first and last, so that a change of the machine's load shows.
show('native Urn::parse, URNs (before)', native());
for (const [name, inputs, run] of rows) show(name, measure(inputs, run));
// checkAll on batches of 1000 identifiers, as a program reading a long list would call it
// (the figure is per identifier). One call for all 100 000 is slower per identifier: their
// records, alive until it returns, outlast the young generation of V8's collector.
const BATCH = 1000;
const batches = (inputs) => Array.from({ length: inputs.length / BATCH }, (_, i) => inputs.slice(i * BATCH, (i + 1) * BATCH));
for (const [name, inputs] of [['checkAll(), URNs, batches of 1000', urns], ['checkAll(), tags, batches of 1000', tags], ['checkAll(), invalid URNs, batches of 1000', invalid]]) {
  show(name, measure(batches(inputs), checkAll), BATCH);
}
show('checkAll(), URNs, one batch of 100 000', measure([urns], checkAll), urns.length);
show('find(), the URNs joined by spaces, per URN', measure([text], find), urns.length);
show('native Urn::parse, URNs (after)', native());
