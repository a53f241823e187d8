// The repository's test data, read as the Rust tests read it.

import { readFileSync, readdirSync } from 'node:fs';

const root = new URL('../../../', import.meta.url);

/** The text of a file of the repository, by its path from the repository's root. */
export function repositoryFile(path) {
  return readFileSync(new URL(path, root), 'utf8');
}

/** The files of a directory of the repository with the given extension, sorted. */
export function repositoryFiles(dir, extension) {
  return readdirSync(new URL(dir, root))
    .filter((name) => name.endsWith(extension))
    .sort()
    .map((name) => `${dir}/${name}`);
}

/**
 * The rows of a TSV file whose first line that is not a comment is `header`: objects keyed by
 * the header's names, with `line` (counted from 1 over the lines that are not comments, as the
 * Rust tests count them).
 */
export function tsvRows(path, header) {
  const lines = repositoryFile(path)
    .split('\n')
    .map((text, index) => ({ text, index }))
    .filter(({ text }) => !text.startsWith('#') && text !== '');
  const [first, ...rest] = lines;
  if (first.text !== header.join('\t')) throw new Error(`${path}: header ${first.text}`);
  return rest.map(({ text, index }) => {
    const fields = text.split('\t');
    if (fields.length !== header.length) throw new Error(`${path}:${index + 1}: ${fields.length} fields`);
    const row = { line: index + 1 };
    header.forEach((name, i) => { row[name] = fields[i]; });
    return row;
  });
}

/** The rows of a namespace's test data (`tests/data/namespaces/NID.tsv`): no header. */
export function namespaceRows(path) {
  return repositoryFile(path)
    .split('\n')
    .map((text, index) => ({ text, line: index + 1 }))
    .filter(({ text }) => !text.startsWith('#') && text.trim() !== '')
    .map(({ text, line }) => {
      const [urn, verdict, source] = text.split('\t');
      return { line, urn, verdict, source };
    });
}

/** Every input of the vector files, as the tests run them, and some of our own that are hard on encodings. */
export function vectorInputs() {
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
  return [...new Set(all)];
}


/** A deterministic pseudo-random generator (xorshift32): `below(n)` gives 0 to n - 1. */
export function random(seed) {
  let state = seed;
  return (n) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % n;
  };
}

/**
 * The pieces random identifiers are made of, part by part, each part's in two sets: what it is
 * made of, and what breaks it (the classes of every rule of urn.pest and tag.pest, the
 * delimiters of the components, percent-encodings good and bad, NIDs at and past their length,
 * DNS labels and names at and past theirs, dates that exist and do not, characters beyond
 * ASCII).
 */
const PIECES = {
  urnScheme: [['urn:', 'URN:', 'uRn:'], ['urn', 'ur:', 'tag:', '', ' urn:', 'urn:urn:']],
  nid: [
    ['example', 'ex', 'x-y', 'x--y', 'urn', 'URN', 'isbn', '0a', '9z', 'a'.repeat(31), 'b'.repeat(32)],
    ['a', '-x', 'x-', 'c'.repeat(33), 'a_b', 'a.b', 'é', ''],
  ],
  nss: [
    [
      'nss', 'a', 'A', '0', 'a:b', ':', 'a/b', '/', '//', '%2C', '%2c', '%41', '%00', '@', ',', '.', '~', '_', '-',
      '!', '$', '&', "'", '(', ')', '*', '+', ';', '=',
    ],
    [
      '%zz', '%0', '%', '?', '[', ']', '<', '>', '"', '{', '}', '|', '\\', '^', '`', ' ', '\t', '\u0000', '\u007f',
      'é', '€', '𝄞', '?=', '?+', '#',
    ],
  ],
  component: [['?+', '?=', '#', '?'], ['??', '?+?=', '#?']],
  tagScheme: [['tag:', 'TAG:', 'Tag:'], ['tag', 'ta:', 'urn:', '', ' tag:']],
  authority: [
    [
      'example.com', 'a.b', 'a', 'a-b.c', 'x@example.com', 'a+b@example.com', 'a.b@c.d', "o'reilly@example.com",
      `${'l'.repeat(63)}.com`, `${'d'.repeat(60)}.`.repeat(4).slice(0, -1), `${'n'.repeat(63)}.`.repeat(3) + 'n'.repeat(61),
      `x@${'l'.repeat(63)}.com`,
    ],
    [
      '-a.b', 'a-.b', 'a..b', '.a', 'a.', '@', 'a@b@c.d', '_x', `${'m'.repeat(64)}.com`,
      `${'d'.repeat(60)}.`.repeat(5).slice(0, -1), `${'n'.repeat(63)}.`.repeat(3) + 'n'.repeat(62), `x@${'m'.repeat(64)}.com`, 'é.com', 'a%41.com', '',
    ],
  ],
  date: [
    [
      ',2000', ',2000-01', ',2000-01-31', ',2000-02-29', ',2004-02-29', ',0000', ',9999-12-31', ',2000-12-01',
      ',1600-02-29', ',0000-02-29', ',2000-11-30', ',2000-04-30', ',2000-06-30', ',2000-09-30',
    ],
    [
      ',1900-02-29', ',2001-02-29', ',1800-02-29', ',2200-02-29', ',2100-02-29', ',2000-11-31', ',2000-06-31',
      ',2000-09-31', ',2000-04-31', ',2000-13', ',2000-00', ',2000-12-32', ',2000-12-00', ',200',
      ',2000-1', ',20000', ',', '', ',2000-01-01-01',
    ],
  ],
  specific: [
    ['spec', 'a', '/a/b', '?', '?q', ':', ',', ';', '=', '+', '~', '%20', '@'],
    ['%zz', '%', ' ', 'é', '[', ']', '#'],
  ],
};

/**
 * `count` random identifiers from `seed`, URNs and tags in turn: each part drawn from what it
 * is made of, and one draw in twelve from what breaks it, so that about a third of them are
 * valid and the others are invalid in every part.
 */
export function randomInputs(seed, count) {
  const below = random(seed);
  const one = ([good, bad]) => (below(12) === 0 ? bad[below(bad.length)] : good[below(good.length)]);
  const some = (pieces, most) => {
    let text = '';
    for (let n = below(most + 1); n > 0; n--) text += one(pieces);
    return text;
  };
  const inputs = [];
  for (let i = 0; i < count; i++) {
    let input;
    if (i % 2 === 0) {
      input = one(PIECES.urnScheme) + one(PIECES.nid) + (below(24) > 0 ? ':' : '') + one(PIECES.nss) + some(PIECES.nss, 4);
      for (let n = below(3); n > 0; n--) input += one(PIECES.component) + some(PIECES.nss, 3);
    } else {
      input = one(PIECES.tagScheme) + one(PIECES.authority) + one(PIECES.date) + (below(24) > 0 ? ':' : '')
        + some(PIECES.specific, 4);
      if (below(3) === 0) input += `#${some(PIECES.specific, 3)}`;
    }
    inputs.push(input);
  }
  return inputs;
}

/**
 * A record of `check` as a program reads it: an invalid record's error, whose fields the module
 * explains when first read, with each field read, as a plain object to compare.
 */
export function asRead(record) {
  if (record.valid) return record;
  const { error } = record;
  const read = error === null ? null : {
    index: error.index, message: error.message, kind: error.kind, part: error.part,
  };
  return { input: record.input, valid: false, kind: record.kind, error: read };
}
