// The size of the npm package's WebAssembly, as the docs state it: measured on the module
// build.sh built (pkg/urn_tag_wasm_bg.wasm), compressed at level 9 by Node.js's zlib (which
// gives a few hundred bytes more than the gzip command at -9).
//
// The docs write the figure between markers, `<!-- size:npm-wasm -->178 KB<!-- /size -->` (in
// kilobytes of 1000 bytes), so that it is never typed by hand:
//
//     node bindings/wasm/size.mjs           # prints the size; fails if a doc's figure is not it
//     node bindings/wasm/size.mjs --write   # writes the figure into the docs
//
// The check allows a kilobyte either way, what a newer compiler moves the size by, so that a
// build with another toolchain agrees with the docs. The module must also stay within its
// budget, BUDGET bytes gzipped, with all the namespace grammars: the check fails when it
// grows past it. test/size.test.mjs runs both.

import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = new URL('../../', import.meta.url);

/** The most the module may take gzipped: 150 KB. */
export const BUDGET = 150_000;

/** The files that state the figure. */
export const DOCS = ['README.md', 'BENCHMARKS.md', 'bindings/wasm/npm/README.md'];

const MARKED = /(<!-- size:npm-wasm -->)([^<]*)(<!-- \/size -->)/g;

/** The module's size in bytes, and gzipped. */
export function measure() {
  const wasm = readFileSync(new URL('pkg/urn_tag_wasm_bg.wasm', import.meta.url));
  return { bytes: wasm.length, gzipped: gzipSync(wasm, { level: 9 }).length };
}

/** The figure as the docs write it. */
export function figure(gzipped) {
  return `${Math.round(gzipped / 1000)} KB`;
}

/** Every figure the docs state: `{path, line, text}`. */
export function stated() {
  return DOCS.flatMap((path) => {
    const text = readFileSync(new URL(path, root), 'utf8');
    return [...text.matchAll(MARKED)].map((match) => ({
      path,
      line: text.slice(0, match.index).split('\n').length,
      text: match[2],
    }));
  });
}

/** What is wrong with the docs' figures, for a module of `gzipped` bytes gzipped. */
export function disagreements(gzipped) {
  return stated().flatMap(({ path, line, text }) => {
    const kilobytes = /^(\d+) KB$/.exec(text);
    if (kilobytes !== null && Math.abs(Number(kilobytes[1]) * 1000 - gzipped) <= 1000) return [];
    return [`${path}:${line} says "${text}"; the module is ${gzipped} bytes gzipped (${figure(gzipped)})`];
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { bytes, gzipped } = measure();
  console.log(`pkg/urn_tag_wasm_bg.wasm: ${bytes} bytes, ${gzipped} gzipped (${figure(gzipped)})`);
  if (process.argv.includes('--write')) {
    for (const path of DOCS) {
      const file = new URL(path, root);
      const text = readFileSync(file, 'utf8');
      writeFileSync(file, text.replace(MARKED, (_, open, __, close) => `${open}${figure(gzipped)}${close}`));
    }
  } else {
    const wrong = disagreements(gzipped);
    for (const line of wrong) console.error(line);
    if (wrong.length > 0) {
      console.error('write the figure with: node bindings/wasm/size.mjs --write');
      process.exitCode = 1;
    }
  }
  if (gzipped > BUDGET) {
    console.error(`the module is ${gzipped} bytes gzipped, over its budget of ${BUDGET}`);
    process.exitCode = 1;
  }
}
