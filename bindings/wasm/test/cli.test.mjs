// The package against the command line, input by input: every input of the repository's
// vector files, and inputs that are hard on encodings, checked by `urn-tag check --json` and
// by `check()` under each syntax, with and without namespaces. Both must give the same
// verdict, the same components and, for an invalid input, the same error verbatim; `isValid()`
// the same verdict.
//
// The command line is the debug build `cargo build --features cli` makes (`npm test` makes it
// first), or the binary URN_TAG_CLI names.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { check, checkAll, equivalenceKey, isValid, normalize } from '../pkg/node.js';
import { asRead, randomInputs, vectorInputs } from './data.mjs';

const cli = process.env.URN_TAG_CLI
  ?? fileURLToPath(new URL('../../../target/debug/urn-tag', import.meta.url));

/** The command line's record of each input, under `args`. */
function cliRecords(lines, args) {
  const output = execFileSync(cli, ['check', '--json', '--file', '-', ...args], {
    input: `${lines.join('\n')}\n`,
    encoding: 'utf8',
    maxBuffer: 256 << 20,
    // The summary on standard error is not wanted.
    stdio: ['pipe', 'pipe', 'ignore'],
  }).trim();
  return output.split('\n').map((line) => JSON.parse(line));
}

function runCli(lines, args) {
  // Exit status 1 says that some input is invalid.
  try {
    return cliRecords(lines, args);
  } catch (error) {
    if (error.status === 1) return error.stdout.trim().split('\n').map((line) => JSON.parse(line));
    throw error;
  }
}

/** What the package says of `input`, in the command line's terms. */
function packageRecord(input, options) {
  const record = check(input, options);
  if (!record.valid) {
    const { error } = record;
    return {
      valid: false, kind: record.kind,
      error: { index: error.index, message: error.message, kind: error.kind, part: error.part },
    };
  }
  if (record.kind === 'tag') {
    return {
      valid: true, kind: 'tag', authority: record.authority, authority_kind: record.authorityKind,
      date: record.date, date_as_written: record.dateAsWritten, specific: record.specific,
      fragment: record.fragment,
    };
  }
  const components = record.spec === 'rfc2141bis'
    ? { query: record.query, fragment: record.fragment }
    : { r_component: record.rComponent, q_component: record.qComponent, f_component: record.fComponent };
  const namespaces = options.namespaces ? { namespace_checked: record.namespaceChecked } : {};
  return {
    valid: true, kind: 'urn', spec: record.spec, nid: record.nid, nss: record.nss, ...components,
    normalized: normalize(input, options), equivalence_key: equivalenceKey(input, options),
    ...namespaces,
  };
}

/** The command line's record, with only the fields the package's record has. */
function cliRecord(record, packageSide) {
  const picked = {};
  for (const field of Object.keys(packageSide)) picked[field] = record[field];
  return picked;
}

const settings = [
  ...['rfc8141', 'rfc2141', 'rfc2141bis'].flatMap((spec) => [
    { args: ['--spec', spec], options: { spec } },
    { args: ['--spec', spec, '--namespaces'], options: { spec, namespaces: true } },
  ]),
  { args: ['--tag-syntax', 'erratum1485'], options: { tagSyntax: 'erratum1485' } },
  { args: ['--tag-syntax', 'lenient'], options: { tagSyntax: 'lenient' } },
];

/** Holds the package to the command line on `lines` under `args`; gives the counts. */
function compare(lines, args, options) {
  const records = runCli(lines, args);
  assert.equal(records.length, lines.length, args.join(' '));
  const differences = [];
  let invalid = 0;
  records.forEach((record) => {
    const input = lines[record.line - 1];
    assert.equal(record.input, input);
    const ours = packageRecord(input, options);
    const theirs = cliRecord(record, ours);
    if (!ours.valid) invalid += 1;
    try {
      assert.deepEqual(ours, theirs);
    } catch {
      differences.push(`${args.join(' ')}: ${JSON.stringify(input)}: package ${JSON.stringify(ours)}, command line ${JSON.stringify(theirs)}`);
    }
    if (isValid(input, options) !== record.valid) {
      differences.push(`${args.join(' ')}: ${JSON.stringify(input)}: isValid ${!record.valid}, command line ${record.valid}`);
    }
  });
  assert.deepEqual(differences.slice(0, 20), []);
  // checkAll gives each input the record check gives it.
  assert.deepEqual(checkAll(lines, options).map(asRead), lines.map((line) => asRead(check(line, options))));
  return { compared: lines.length, invalid };
}

/** The lines the command line reads as they are: no line breaks, none blank. */
function asLines(inputs) {
  return [...new Set(inputs)].filter((input) => input.trim() !== '' && !/[\r\n]/.test(input));
}

test('the package and the command line give every input the same verdict, parts and error', () => {
  assert.ok(existsSync(cli), `${cli} is missing: build it with cargo build --features cli`);
  const lines = asLines(vectorInputs());
  assert.ok(lines.length > 2000, `${lines.length} inputs`);
  let compared = 0;
  let invalid = 0;
  for (const { args, options } of settings) {
    const counts = compare(lines, args, options);
    compared += counts.compared;
    invalid += counts.invalid;
  }
  // Both verdicts are well represented, so that neither side is compared on one kind only.
  assert.ok(invalid > compared / 10 && invalid < compared * 0.9, `${invalid} of ${compared} invalid`);
});

test('the package and the command line agree on 100 000 random identifiers under each syntax', () => {
  assert.ok(existsSync(cli), `${cli} is missing: build it with cargo build --features cli`);
  const syntaxes = [
    ...['rfc8141', 'rfc2141', 'rfc2141bis'].map((spec) => ({ args: ['--spec', spec], options: { spec } })),
    ...['rfc4151', 'erratum1485', 'lenient'].map((tagSyntax) => ({ args: ['--tag-syntax', tagSyntax], options: { tagSyntax } })),
  ];
  syntaxes.forEach(({ args, options }, i) => {
    const lines = asLines(randomInputs(0xc0ffee + i, 100000));
    const { compared, invalid } = compare(lines, args, options);
    assert.ok(compared > 90000, `${args.join(' ')}: ${compared} compared`);
    assert.ok(invalid > compared / 5 && invalid < compared * 0.8, `${args.join(' ')}: ${invalid} of ${compared} invalid`);
  });
});
