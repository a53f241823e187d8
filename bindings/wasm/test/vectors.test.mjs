// The repository's vector files, run through the npm package with the rulings of the Rust
// tests that read them (tests/conformance/peer_vectors.rs, peer_tag_vectors.rs,
// tests/urn/urn_equivalence.rs, tests/grammar/namespace_grammars.rs): the package must give
// every row the verdict the library gives it.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkNamespace, equivalent, normalize, parse } from '../pkg/node.js';
import { namespaceRows, repositoryFiles, tsvRows } from './data.mjs';

/** The identifier `parse` gives, or null for an input it refuses (with an UrnTagError). */
function parsed(text, options) {
  try {
    return parse(text, options);
  } catch (error) {
    assert.ok(error.name === 'UrnTagError', `${text}: ${error}`);
    return null;
  }
}

/** Each problem of `check` on each row, with the row's line. */
function failures(rows, check) {
  return rows.flatMap((row) => check(row).map((problem) => `line ${row.line} (${row.input ?? row.a}): ${problem}`));
}

/** The peer's verdict against ours, and the disagreement column, as the Rust tests judge them. */
function judge(row, ours, componentsAgree) {
  const problems = [];
  if (ours !== row.verdict) problems.push(`verdict ${ours}, table says ${row.verdict}`);
  const agrees = ours === row.expected && componentsAgree;
  if (agrees && row.disagreement !== '') {
    problems.push(`agrees with the peer, but a disagreement is recorded: ${row.disagreement}`);
  }
  if (!agrees && row.disagreement === '') {
    problems.push(`differs from the peer (${row.source_repo} says ${row.expected}) with no recorded reason`);
  }
  return problems;
}

const agreeing = (pairs) => pairs.every(([want, got]) => want === '' || want === got);

test('peer URN vectors get the library\'s verdicts and components', () => {
  const rows = tsvRows('tests/data/peer-urn-vectors.tsv', [
    'source_repo', 'source_path', 'spec', 'input', 'expected', 'nid', 'nss', 'rcomp', 'qcomp',
    'fcomp', 'note', 'run_as', 'verdict', 'disagreement',
  ]);
  assert.ok(rows.length > 800);
  const problems = failures(rows, (row) => {
    const [spec, wrap = 'urn'] = row.run_as.split('-');
    const text = wrap === 'nid' ? `urn:${row.input}:x` : wrap === 'nss' ? `urn:example:${row.input}` : row.input;
    const urn = parsed(text, { spec });
    // Every input of this file is a URN or nothing: a tag would be a different verdict.
    if (urn !== null) assert.equal(urn.kind, 'urn', text);
    const ours = urn === null ? 'invalid' : 'valid';
    let components = true;
    if (urn !== null && row.expected === 'valid') {
      const pairs = wrap === 'nid'
        ? [[row.nid === '' ? row.input : row.nid, urn.nid]]
        : wrap === 'nss'
          ? [[row.nss, urn.nss]]
          : [[row.nid, urn.nid], [row.nss, urn.nss], [row.rcomp, urn.rComponent ?? ''],
            [row.qcomp, urn.qComponent ?? ''], [row.fcomp, urn.fComponent ?? '']];
      components = agreeing(pairs);
    }
    return judge(row, ours, components);
  });
  assert.deepEqual(problems, []);
  assert.equal(rows.filter((row) => row.disagreement !== '').length, 61);
});

test('peer tag vectors get the library\'s verdicts and components', () => {
  const rows = tsvRows('tests/data/peer-tag-vectors.tsv', [
    'source_repo', 'source_path', 'input', 'expected', 'authority', 'date', 'specific', 'fragment',
    'note', 'run_as', 'verdict', 'disagreement',
  ]);
  assert.equal(rows.length, 244);
  const wrapped = {
    rfc4151: (input) => input,
    'rfc4151-authority': (input) => `tag:${input},2000:`,
    'rfc4151-dns': (input) => `tag:${input},2000:`,
    'rfc4151-email': (input) => `tag:${input},2000:`,
    'rfc4151-date': (input) => `tag:example.com,${input}:`,
    'rfc4151-specific': (input) => `tag:example.com,2000:${input}`,
  };
  const whole = {
    rfc4151: () => true,
    'rfc4151-authority': (tag, input) => tag.authority === input,
    'rfc4151-dns': (tag, input) => tag.authority === input && tag.authorityKind === 'dns',
    'rfc4151-email': (tag, input) => tag.authority === input && tag.authorityKind === 'email',
    'rfc4151-date': (tag, input) => tag.dateAsWritten === input,
    'rfc4151-specific': (tag, input) => tag.specific === input && tag.fragment === null,
  };
  const problems = failures(rows, (row) => {
    const tag = parsed(wrapped[row.run_as](row.input));
    if (tag !== null) assert.equal(tag.kind, 'tag', row.input);
    const valid = tag !== null && whole[row.run_as](tag, row.input);
    const ours = valid ? 'valid' : 'invalid';
    const problems = [];
    if (!row.note.includes(`rfc4151-abnf=${ours}`)) problems.push(`verdict ${ours} is not the ABNF's`);
    const components = !valid || row.expected !== 'valid' || agreeing([
      [row.authority, tag.authority], [row.date, tag.dateAsWritten],
      [row.specific, tag.specific], [row.fragment, tag.fragment ?? ''],
    ]);
    return [...problems, ...judge(row, ours, components)];
  });
  assert.deepEqual(problems, []);
  assert.equal(rows.filter((row) => row.disagreement !== '').length, 28);
});

test('peer equivalence vectors get the library\'s verdicts', () => {
  const rows = tsvRows('tests/data/peer-urn-equivalence.tsv', [
    'source_repo', 'source_path', 'spec', 'a', 'b', 'equivalent', 'note', 'run_as', 'compare',
    'verdict', 'disagreement',
  ]);
  assert.ok(rows.length > 300);
  const problems = failures(rows, (row) => {
    const [spec, wrap] = row.run_as.split('-');
    const text = (input) => (wrap === 'nid' ? `urn:${input}:x` : input);
    const [a, b] = [text(row.a), text(row.b)];
    const options = { spec };
    let ours;
    if (parsed(a, options) === null || parsed(b, options) === null) {
      ours = 'invalid';
      assert.throws(() => equivalent(a, b, options), { name: 'UrnTagError' });
    } else if (row.compare === 'exact') {
      ours = String(a === b);
    } else if (row.compare === 'normalized') {
      ours = String(normalize(a, options) === normalize(b, options));
    } else {
      ours = String(equivalent(a, b, options));
    }
    const problems = [];
    if (ours !== row.verdict) problems.push(`ours ${ours}, table ${row.verdict}`);
    if ((ours === row.equivalent) !== (row.disagreement === '')) {
      problems.push(`disagreement column out of date (${row.disagreement})`);
    }
    return problems;
  });
  assert.deepEqual(problems, []);
  assert.equal(rows.filter((row) => row.disagreement !== '').length, 15);
});

test('every row of the namespaces\' test data gets its verdict and message verbatim', () => {
  const files = repositoryFiles('tests/data/namespaces', '.tsv');
  assert.ok(files.length >= 20);
  let counted = 0;
  const problems = files.flatMap((path) => {
    const nid = path.slice(path.lastIndexOf('/') + 1, -'.tsv'.length);
    return namespaceRows(path).map((row) => {
      counted += 1;
      const verdict = checkNamespace(row.urn);
      const ours = verdict.valid
        ? `valid (namespace ${verdict.namespace})`
        : verdict.checked
          ? `invalid:${verdict.error.index}:${verdict.error.message}`
          : 'not checked';
      const expected = row.verdict === 'valid'
        ? `valid (namespace ${nid})`
        : (() => {
          const [, index, ...message] = row.verdict.split(':');
          return `invalid:${index}:${message.join(':')} at byte ${index}`;
        })();
      return ours === expected ? null : `${path}:${row.line}: ${row.urn}: expected ${expected}, got ${ours}`;
    }).filter((problem) => problem !== null);
  });
  assert.ok(counted > 500, `${counted} rows`);
  assert.deepEqual(problems, []);
});

test('a URN breaking its namespace is invalid with namespaces, and only then', () => {
  assert.equal(parse('urn:ISSN:1234-1232').nss, '1234-1232');
  assert.throws(() => parse('urn:ISSN:1234-1232', { namespaces: true }), {
    name: 'UrnTagError',
    kind: 'namespace',
    part: 'nss',
    index: 17,
    message: 'ISSN check digit must be 1, not 2 (ISO 3297) at byte 17',
  });
});
