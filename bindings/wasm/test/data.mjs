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
