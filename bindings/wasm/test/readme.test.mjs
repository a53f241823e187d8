// The JavaScript and TypeScript examples of the READMEs are what the package does. Every
// fenced `js` or `ts` block of every README.md of the repository is compiled as TypeScript
// with `strict` against the package's types, as written; then it is run, and each statement
// followed by a comment (on its line, or alone on the next line) must give the value the
// comment writes.

import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { repositoryFile } from './data.mjs';

const root = new URL('../../../', import.meta.url);
const packageUrl = new URL('../pkg/node.js', import.meta.url).href;
const declarations = fileURLToPath(new URL('../pkg/index.d.ts', import.meta.url));
// Where the examples are written to be compiled (the crate's target directory).
const scratch = new URL('../target/readme-examples/', import.meta.url);

/** The README.md files of the repository, but those of test data and of what is built. */
function readmes(dir = '') {
  const skipped = ['.git', 'node_modules', 'target', 'pkg', 'dist', 'tests/data'];
  const found = [];
  for (const entry of readdirSync(new URL(dir || '.', root), { withFileTypes: true })) {
    const path = `${dir}${entry.name}`;
    if (entry.isDirectory() && !skipped.includes(entry.name) && !skipped.includes(path)) {
      found.push(...readmes(`${path}/`));
    } else if (entry.name === 'README.md') {
      found.push(path);
    }
  }
  return found.sort();
}

/** The `js` and `ts` blocks of a README, with the line each starts on. */
function examples(path) {
  const found = [];
  const fence = /^```(js|ts|javascript|typescript)\n([\s\S]*?)^```$/gm;
  const text = repositoryFile(path);
  for (const match of text.matchAll(fence)) {
    const line = text.slice(0, match.index).split('\n').length + 1;
    found.push({ path, line, code: match[2] });
  }
  return found;
}

/** The example as a module that asserts what its comments say, and counts what it asserted. */
function asserting(code) {
  const lines = code.replace("from 'urn-tag'", `from '${packageUrl}'`).split('\n');
  const out = ["import assert from 'node:assert/strict';"];
  let asserted = 0;
  const check = (indent, actual, expected) => {
    asserted += 1;
    return `${indent}assert.deepEqual((${actual}), (${expected})); globalThis.readmeAsserted += 1;`;
  };
  for (let i = 0; i < lines.length; i++) {
    const inline = /^(\s*)(.*);\s*\/\/ (.*)$/.exec(lines[i]);
    const next = /^\s*\/\/ (.*)$/.exec(lines[i + 1] ?? '');
    const statement = /^(\s*)(.*);$/.exec(lines[i]);
    if (inline !== null) {
      out.push(check(inline[1], inline[2], inline[3]));
    } else if (statement !== null && next !== null) {
      out.push(check(statement[1], statement[2], next[1]));
      i += 1;
    } else {
      out.push(lines[i]);
    }
  }
  return { module: out.join('\n'), asserted };
}

const all = readmes().flatMap(examples);

test('the READMEs have their examples', () => {
  const where = all.map(({ path }) => path);
  assert.ok(where.includes('README.md'), where.join(', '));
  assert.ok(where.includes('bindings/wasm/npm/README.md'), where.join(', '));
});

test('every example of the READMEs compiles with tsc --strict against the package\'s types', () => {
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const files = all.map(({ path, line, code }) => {
    const file = fileURLToPath(new URL(`${path.replaceAll('/', '_')}_${line}.ts`, scratch));
    writeFileSync(file, code);
    return file;
  });
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    paths: { 'urn-tag': [declarations] },
    types: [],
  });
  const problems = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (diagnostic.file === undefined) return message;
    const example = all[files.indexOf(fileURLToPath(new URL(diagnostic.file.fileName, 'file:///')))];
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
    const where = example === undefined ? diagnostic.file.fileName : `${example.path}:${example.line + line}`;
    return `${where}: TS${diagnostic.code}: ${message}`;
  });
  assert.deepEqual(problems, []);
});

for (const { path, line, code } of all) {
  test(`the example of ${path} at line ${line} gives the values it shows`, async () => {
    const { module, asserted } = asserting(code);
    assert.ok(asserted >= 5, `${asserted} values asserted`);
    const javascript = ts.transpileModule(module, {
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
    }).outputText;
    globalThis.readmeAsserted = 0;
    await import(`data:text/javascript,${encodeURIComponent(javascript)}`);
    assert.equal(globalThis.readmeAsserted, asserted, 'every value shown was compared');
  });
}
