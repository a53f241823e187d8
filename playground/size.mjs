// The size of the grammar playground as a visitor downloads it: every file of playground/dist/
// (what playground/build.sh writes), each compressed with gzip at level 9. The figures in
// BENCHMARKS.md come from here, not from a person's hand:
//
//   node playground/size.mjs           # prints the table
//   node playground/size.mjs --write   # writes it into BENCHMARKS.md
//   node playground/size.mjs --check   # fails if the page is over its budget, or if
//                                      # BENCHMARKS.md's figure is not the page's (CI runs this)
//
// The check allows the documented total to differ from the measured one by 2 %: the same
// sources built by another Rust release differ by a few hundred bytes, where a figure gone
// stale (a grammar added, a dependency grown) differs by far more.

import { readFile, readdir, writeFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { join, relative } from "node:path";

/** The most the page may weigh, gzipped, in bytes. */
const BUDGET = 800_000;
/** How far BENCHMARKS.md's total may be from the measured one. */
const TOLERANCE = 0.02;

const here = fileURLToPath(new URL(".", import.meta.url));
const dist = join(here, "dist");
const benchmarks = join(here, "..", "BENCHMARKS.md");
const BEGIN = "<!-- playground sizes: written by `node playground/size.mjs --write` -->";
const END = "<!-- end of playground sizes -->";
/** The line of BENCHMARKS.md's table of targets that holds the page's budget and size. */
const TARGET = /^\| the whole playground page under .*$/m;

/** `n` with a space between groups of three digits, as the project writes counts. */
const grouped = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, " ");

async function files(dir) {
  const found = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await files(path)));
    else found.push(path);
  }
  return found.sort();
}

async function measure() {
  const sizes = [];
  for (const path of await files(dist)) {
    const bytes = await readFile(path);
    sizes.push({ file: relative(dist, path), bytes: bytes.length, gzipped: gzipSync(bytes, { level: 9 }).length });
  }
  if (sizes.length === 0) throw new Error(`${dist} is empty: run playground/build.sh first`);
  const total = {
    bytes: sizes.reduce((sum, s) => sum + s.bytes, 0),
    gzipped: sizes.reduce((sum, s) => sum + s.gzipped, 0),
  };
  return { sizes, total };
}

function table({ sizes, total }) {
  const rows = sizes.map((s) => `| \`${s.file}\` | ${grouped(s.bytes)} | ${grouped(s.gzipped)} |`);
  return [
    BEGIN,
    "",
    "| file | bytes | gzipped |",
    "| --- | --- | --- |",
    ...rows,
    `| all | ${grouped(total.bytes)} | ${grouped(total.gzipped)} |`,
    "",
    END,
  ].join("\n");
}

function targetRow(total) {
  const within = total.gzipped <= BUDGET ? "yes" : "**no**";
  return `| the whole playground page under ${BUDGET / 1000} KB gzipped, pest's interpreter included | ${grouped(total.gzipped)} bytes with \`gzip -9\`, every file of \`playground/dist/\` ([the sizes](#grammar-playground), from \`node playground/size.mjs\`, checked by CI) | ${within} |`;
}

const measured = await measure();
const mode = process.argv[2];
if (mode === "--write") {
  let text = await readFile(benchmarks, "utf8");
  const start = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  if (start < 0 || end < 0 || !TARGET.test(text)) throw new Error(`BENCHMARKS.md has no place for the sizes`);
  text = text.slice(0, start) + table(measured) + text.slice(end + END.length);
  text = text.replace(TARGET, targetRow(measured.total));
  await writeFile(benchmarks, text);
  console.log(`wrote the sizes into BENCHMARKS.md: ${grouped(measured.total.gzipped)} bytes gzipped`);
} else if (mode === "--check") {
  const text = await readFile(benchmarks, "utf8");
  const row = text.match(TARGET)?.[0] ?? "";
  const documented = Number((row.match(/\| ([\d ]+) bytes with/)?.[1] ?? "").replaceAll(" ", ""));
  const problems = [];
  const gzipped = measured.total.gzipped;
  if (gzipped > BUDGET) {
    problems.push(`the page is ${grouped(gzipped)} bytes gzipped, over its budget of ${grouped(BUDGET)}`);
  }
  if (!documented || Math.abs(documented - gzipped) > TOLERANCE * gzipped) {
    problems.push(
      `BENCHMARKS.md says ${documented ? grouped(documented) : "nothing"} bytes, the page is ${grouped(gzipped)}: run \`node playground/size.mjs --write\``,
    );
  }
  if (!row.includes(`under ${BUDGET / 1000} KB`)) problems.push(`BENCHMARKS.md does not state the budget of ${BUDGET / 1000} KB`);
  for (const problem of problems) console.error(`playground size: ${problem}`);
  if (problems.length) process.exit(1);
  console.log(`the playground: ${grouped(gzipped)} bytes gzipped, within ${grouped(BUDGET)}; BENCHMARKS.md agrees`);
} else {
  console.log(table(measured));
}
