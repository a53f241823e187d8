// The JavaScript examples of the READMEs are what the package does: each example is run, and
// each statement followed by a comment (on its line, or alone on the next line) must give the
// value the comment writes.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { repositoryFile } from './data.mjs';

const packageUrl = new URL('../pkg/node.js', import.meta.url).href;

/** The first `js` block of `markdown` after `heading` (or of the whole text). */
function example(markdown, heading) {
  const from = heading === undefined ? 0 : markdown.indexOf(`\n${heading}\n`);
  assert.ok(from >= 0, heading);
  const start = markdown.indexOf('```js\n', from) + '```js\n'.length;
  return markdown.slice(start, markdown.indexOf('\n```', start));
}

/** The example as a module that asserts what its comments say. */
function asserting(code) {
  const lines = code.replace("from 'urn-tag'", `from '${packageUrl}'`).split('\n');
  const out = ["import assert from 'node:assert/strict';"];
  let asserted = 0;
  for (let i = 0; i < lines.length; i++) {
    const inline = /^(\s*)(.*);\s*\/\/ (.*)$/.exec(lines[i]);
    const next = /^\s*\/\/ (.*)$/.exec(lines[i + 1] ?? '');
    const statement = /^(\s*)(.*);$/.exec(lines[i]);
    if (inline !== null) {
      out.push(`${inline[1]}assert.deepEqual((${inline[2]}), (${inline[3]}));`);
      asserted += 1;
    } else if (statement !== null && next !== null) {
      out.push(`${statement[1]}assert.deepEqual((${statement[2]}), (${next[1]}));`);
      asserted += 1;
      i += 1;
    } else {
      out.push(lines[i]);
    }
  }
  return { module: out.join('\n'), asserted };
}

async function run(code) {
  const { module, asserted } = asserting(code);
  assert.ok(asserted >= 5, `${asserted} values asserted`);
  await import(`data:text/javascript,${encodeURIComponent(module)}`);
}

test('the example of README.md gives the values it shows', async () => {
  await run(example(repositoryFile('README.md'), '## JavaScript and TypeScript'));
});

test('the example of the package\'s README gives the values it shows', async () => {
  await run(example(repositoryFile('bindings/wasm/npm/README.md')));
});
