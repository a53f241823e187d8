// The package's entry for browsers (browser.js), loaded in Node.js with a `fetch` that serves
// files as a web server would: the module must fetch its .wasm from beside itself and be
// ready once the import resolves. (This file runs in a process of its own, as `node --test`
// runs each file, so the Node.js entry has not loaded the module before.)

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';

const fetched = [];
globalThis.fetch = async (resource) => {
  const url = new URL(resource instanceof Request ? resource.url : String(resource));
  fetched.push(url.pathname.slice(url.pathname.lastIndexOf('/') + 1));
  return new Response(await readFile(url), { headers: { 'Content-Type': 'application/wasm' } });
};

test('the browser entry fetches the module beside it and is ready on import', async () => {
  const { parse, check, UrnTagError } = await import('../pkg/browser.js');
  assert.deepEqual(fetched, ['urn_tag_wasm_bg.wasm']);
  assert.equal(parse('urn:example:weather?=op=map#day2').qComponent, 'op=map');
  assert.throws(() => parse('urn:example:a%zz'), UrnTagError);
  assert.equal(check('tag:yaml.org,2002:int').authorityKind, 'dns');
});
