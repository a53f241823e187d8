// The package as programs use it: installed in a project's node_modules, loaded with `import`
// and with `require`, and bundled with esbuild for Node.js (the bundle runs from anywhere,
// alone) and for browsers (the bundle fetches the .wasm from beside itself).

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const pkg = fileURLToPath(new URL('../pkg/', import.meta.url));
// A project that depends on the package, as `npm install ./bindings/wasm/pkg` makes it (a link).
const project = new URL('../target/consumer/', import.meta.url);
rmSync(project, { recursive: true, force: true });
mkdirSync(new URL('node_modules/', project), { recursive: true });
symlinkSync(pkg, new URL('node_modules/urn-tag', project));
writeFileSync(new URL('package.json', project), '{ "private": true }\n');

const program = `
  const answers = [
    urnTag.parse('urn:example:weather?=op=map#day2').qComponent,
    urnTag.check('urn:example:a%zz').error.kind,
    urnTag.checkAll(['urn:ISSN:1234-1232'], { namespaces: true })[0].error.message,
  ];
  console.log(JSON.stringify(answers));
`;
const answers = JSON.stringify(['op=map', 'invalid_percent_encoding', 'ISSN check digit must be 1, not 2 (ISO 3297) at byte 17']);

/** Runs a file of the project with this Node.js, and gives what it printed. */
function run(file, cwd = project) {
  return execFileSync(process.execPath, [fileURLToPath(file)], { cwd: fileURLToPath(cwd), encoding: 'utf8' }).trim();
}

test('a program imports the package', () => {
  const file = new URL('imports.mjs', project);
  writeFileSync(file, `import * as urnTag from 'urn-tag';\n${program}`);
  assert.equal(run(file), answers);
});

test('a CommonJS program requires the package', () => {
  const file = new URL('requires.cjs', project);
  writeFileSync(file, `const urnTag = require('urn-tag');\n${program}`);
  assert.equal(run(file), answers);
});

test('esbuild bundles a program for Node.js that runs alone, the WebAssembly inlined', async () => {
  const entry = new URL('bundled-main.mjs', project);
  writeFileSync(entry, `import * as urnTag from 'urn-tag';\n${program}`);
  const dist = new URL('dist-node/', project);
  await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: fileURLToPath(new URL('main.mjs', dist)),
    logLevel: 'silent',
  });
  // Copied away from the project: no node_modules, no .wasm beside it.
  const away = new URL('away/', project);
  mkdirSync(away, { recursive: true });
  copyFileSync(new URL('main.mjs', dist), new URL('main.mjs', away));
  assert.deepEqual(readdirSync(away), ['main.mjs']);
  assert.equal(run(new URL('main.mjs', away), away), answers);
});

test('esbuild bundles a program for browsers that fetches the .wasm beside it', async () => {
  const entry = new URL('browser-main.mjs', project);
  writeFileSync(entry, `import * as urnTag from 'urn-tag';\n${program}`);
  const dist = new URL('dist-browser/', project);
  await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    outfile: fileURLToPath(new URL('main.js', dist)),
    logLevel: 'silent',
  });
  // The bundle names the .wasm as `new URL(..., import.meta.url)`: it is served beside it.
  assert.match(readFileSync(new URL('main.js', dist), 'utf8'), /new URL\("urn_tag_wasm_bg\.wasm", import\.meta\.url\)/);
  copyFileSync(new URL('urn_tag_wasm_bg.wasm', `file://${pkg}`), new URL('urn_tag_wasm_bg.wasm', dist));
  // A page's fetch, in Node.js: files served from where the bundle is.
  const page = new URL('page.mjs', dist);
  writeFileSync(page, `
    import { readFile } from 'node:fs/promises';
    globalThis.fetch = async (resource) => new Response(await readFile(new URL(resource instanceof Request ? resource.url : String(resource))), {
      headers: { 'Content-Type': 'application/wasm' },
    });
    await import('./main.js');
  `);
  assert.equal(run(page, dist), answers);
});
