// The package against the command line, input by input: every input of the repository's
// vector files, and inputs that are hard on encodings, checked by `urn-tag check --json` and
// by `check()` under each syntax, with and without namespaces. Both must give the same
// verdict, the same components and, for an invalid input, the same error verbatim.
//
// The command line is the debug build `cargo build --features cli` makes (`npm test` makes it
// first), or the binary URN_TAG_CLI names.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { check, checkAll, equivalenceKey, normalize } from '../pkg/node.js';
import { namespaceRows, repositoryFiles, tsvRows } from './data.mjs';

const cli = process.env.URN_TAG_CLI
  ?? fileURLToPath(new URL('../../../target/debug/urn-tag', import.meta.url));

/** Every input of the vector files, as the tests run them, and some of our own. */
function inputs() {
  const urnRows = tsvRows('tests/data/peer-urn-vectors.tsv', [
    'source_repo', 'source_path', 'spec', 'input', 'expected', 'nid', 'nss', 'rcomp', 'qcomp',
    'fcomp', 'note', 'run_as', 'verdict', 'disagreement',
  ]);
  const tagRows = tsvRows('tests/data/peer-tag-vectors.tsv', [
    'source_repo', 'source_path', 'input', 'expected', 'authority', 'date', 'specific', 'fragment',
    'note', 'run_as', 'verdict', 'disagreement',
  ]);
  const equivalenceRows = tsvRows('tests/data/peer-urn-equivalence.tsv', [
    'source_repo', 'source_path', 'spec', 'a', 'b', 'equivalent', 'note', 'run_as', 'compare',
    'verdict', 'disagreement',
  ]);
  const all = [
    ...urnRows.flatMap((row) => [row.input, `urn:${row.input}:x`, `urn:example:${row.input}`]),
    ...tagRows.flatMap((row) => [
      row.input, `tag:${row.input},2000:`, `tag:example.com,${row.input}:`,
      `tag:example.com,2000:${row.input}`,
    ]),
    ...equivalenceRows.flatMap((row) => [row.a, row.b]),
    ...repositoryFiles('tests/data/namespaces', '.tsv').flatMap((path) => namespaceRows(path).map((row) => row.urn)),
    // Characters of two, three and four bytes, where a byte index and a UTF-16 index part.
    'urn:example:café', 'urn:exämple:a', 'tag:exämple.com,2000:', 'tag:example.com,2000:𝄞',
    'urn:example:a𝄞b', '𝄞urn:example:a', 'urn:example:a\u00a0', ' urn:example:a', 'urn:example:a ',
    'urn:example:a\tb', 'urn:example:\u202eb', 'urn:example:%e2%82%AC', 'URN:EXAMPLE:%2c',
    'tag:a+b@example.com,2020:x', 'tag:_x.example.com,2020:y', 'tag:example.com,1900-02-29:',
  ];
  // The command line skips blank lines and takes a line feed or carriage return as an end.
  return [...new Set(all)].filter((input) => input.trim() !== '' && !/[\r\n]/.test(input));
}

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
  if (!record.valid) return { valid: false, kind: record.kind, error: record.error };
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

test('the package and the command line give every input the same verdict, parts and error', () => {
  assert.ok(existsSync(cli), `${cli} is missing: build it with cargo build --features cli`);
  const lines = inputs();
  assert.ok(lines.length > 2000, `${lines.length} inputs`);
  let compared = 0;
  let invalid = 0;
  for (const { args, options } of settings) {
    const records = runCli(lines, args);
    assert.equal(records.length, lines.length, args.join(' '));
    const differences = [];
    records.forEach((record) => {
      const input = lines[record.line - 1];
      assert.equal(record.input, input);
      const ours = packageRecord(input, options);
      const theirs = cliRecord(record, ours);
      compared += 1;
      if (!ours.valid) invalid += 1;
      try {
        assert.deepEqual(ours, theirs);
      } catch {
        differences.push(`${args.join(' ')}: ${JSON.stringify(input)}: package ${JSON.stringify(ours)}, command line ${JSON.stringify(theirs)}`);
      }
    });
    assert.deepEqual(differences, []);
    // checkAll gives each input the record check gives it.
    assert.deepEqual(checkAll(lines, options), lines.map((line) => check(line, options)));
  }
  // Both verdicts are well represented, so that neither side is compared on one kind only.
  assert.ok(invalid > compared / 10 && invalid < compared * 0.9, `${invalid} of ${compared} invalid`);
});
