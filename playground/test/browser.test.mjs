// The grammar playground in a real headless Chromium: the page built by playground/build.sh,
// served from 127.0.0.1, driven through its DOM as a person would (typing, moving the cursor,
// editing a rule, following a share link, reloading, going offline).
//
// Chromium is the system's (Debian's `chromium` package; CHROMIUM names another binary);
// playwright-core drives it and downloads no browser. Writes output/playground.png, and prints
// the page's own timings of a 1 000-line paste and of a keystroke after it (benchmarks for
// BENCHMARKS.md, not asserted).

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { serve } from "../serve.mjs";

const output = fileURLToPath(new URL("output/", import.meta.url));
/** The line of `urn.pest` on which the rule `name` starts, as the page numbers lines. */
const urnPest = await readFile(new URL("../../urn.pest", import.meta.url), "utf8");
const lineOf = (name) => urnPest.split("\n").findIndex((line) => line.startsWith(`${name} = `)) + 1;
let server;
let browser;
let url;

before(async () => {
  server = await serve(0);
  url = `http://127.0.0.1:${server.address().port}/`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    // Root in a container has no user namespaces for Chromium's sandbox.
    args: ["--no-sandbox"],
  });
  await mkdir(output, { recursive: true });
});

after(async () => {
  await browser?.close();
  server?.close();
});

/** A fresh page (its own storage) with the playground loaded. */
async function open(address = url) {
  const context = await browser.newContext({
    viewport: { width: 1400, height: 1000 },
    permissions: ["clipboard-read", "clipboard-write"],
  });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(error));
  await page.goto(address);
  await page.waitForSelector("body[data-ready=true]");
  return { context, page, errors };
}

/** Closes a page opened by `open`, after checking that no script error happened in it. */
async function close({ context, errors }) {
  await context.close();
  assert.deepEqual(errors.map(String), [], "no script error in the page");
}

/** Replaces the text of a text box with `text` by pasting it over all of it: the text goes
 * to the clipboard and Control+V pastes it, one edit and one `input` event, as a person's
 * paste is. (Playwright's `fill` and `insertText` insert a text with line breaks line by
 * line.) */
async function replaceText(page, selector, text) {
  await page.evaluate((text) => navigator.clipboard.writeText(text), text);
  await page.locator(selector).focus();
  await page.keyboard.press("ControlOrMeta+A");
  if (text === "") await page.keyboard.press("Delete");
  else await page.keyboard.press("ControlOrMeta+V");
}

/** Replaces the inputs with `text`, as a paste does. */
async function paste(page, text) {
  await replaceText(page, "#inputs", text);
}

/** Each line's verdict as the page shows it. */
function rows(page) {
  return page.$$eval("#results li", (items) =>
    items.map((li) => ({
      valid: li.dataset.valid === "true",
      edited: li.dataset.edited ?? null,
      differs: li.dataset.differs === "true",
      carets: [...li.querySelectorAll(".caret")].map((pre) => pre.textContent),
      facts: li.querySelector(".facts")?.textContent ?? null,
    })),
  );
}

/** Puts the inputs' cursor at the start of line `n` (0-based). */
async function cursorToLine(page, n) {
  await page.locator("#inputs").evaluate((box, n) => {
    const at = box.value.split("\n").slice(0, n).join("\n").length + (n > 0 ? 1 : 0);
    box.focus();
    box.setSelectionRange(at, at);
    box.dispatchEvent(new KeyboardEvent("keyup"));
  }, n);
}

/** The grammar text with one rule's body replaced, as a person edits it in the page. */
async function editGrammar(page, from, to) {
  const text = await page.locator("#grammar-text").inputValue();
  assert.ok(text.includes(from), `${from} is in the grammar text`);
  await replaceText(page, "#grammar-text", text.replace(from, to));
  // The page compiles the text once typing pauses.
  await page.waitForSelector("body:not([data-grammar-pending])");
}

test("typing gives each line's verdict, with the caret and message at the failing byte", async () => {
  const opened = await open();
  const { page } = opened;
  await paste(page, "");
  await page.locator("#inputs").pressSequentially("urn:example:a%zz\nurn:example:ok?+r#f\ntag:example.com,1900-02-29:x");
  const got = await rows(page);
  assert.equal(got.length, 3);
  assert.deepEqual(got[0], {
    valid: false,
    edited: null,
    differs: false,
    carets: ["urn:example:a%zz\n              ^ invalid percent-encoding in NSS at byte 14"],
    facts: null,
  });
  assert.equal(got[1].valid, true);
  assert.equal(got[1].facts, "namespace: valid (example) · equivalence key: urn:example:ok");
  // Under a URN grammar, a tag URI is no URN.
  assert.deepEqual(got[2].carets, [
    'tag:example.com,1900-02-29:x\n^ expected "urn:" at byte 0',
  ]);
  assert.equal(await page.locator("#summary").textContent(), "3 lines: 1 valid, 2 invalid");

  // Byte indexes become string positions: the caret stands under the "é" (bytes 12 and 13).
  await paste(page, "urn:example:é-x%zz");
  assert.deepEqual((await rows(page))[0].carets, [
    "urn:example:é-x%zz\n            ^ non-ASCII character 'é' in NSS must be percent-encoded at byte 12",
  ]);
  await paste(page, "urn:example:a%zz\nurn:example:ok?+r#f\ntag:example.com,1900-02-29:x");

  await page.selectOption("#grammar-select", "tag-rfc4151");
  const tags = await rows(page);
  assert.deepEqual(tags[2].carets, [
    "tag:example.com,1900-02-29:x\n                        ^ day 29 does not exist in 1900-02 at byte 24",
  ]);
  await close(opened);
});

test("the parse tree of the line under the cursor marks each rule's span", async () => {
  const opened = await open();
  const { page } = opened;
  await paste(page, "urn:example:x\nurn:example:a?+r?=q#f");
  await cursorToLine(page, 1);
  assert.equal(await page.locator("#tree-heading").textContent(), "Parse tree of line 2");
  const tree = await page.$$eval("#tree li", (items) =>
    items.map((li) => `${li.dataset.rule} ${li.dataset.span} ${li.querySelector("mark").textContent}`),
  );
  assert.deepEqual(tree, [
    "rfc8141 0..21 urn:example:a?+r?=q#f",
    "namestring 0..21 urn:example:a?+r?=q#f",
    "NID 4..11 example",
    "NSS 12..13 a",
    "r_component 15..16 r",
    "q_component 18..19 q",
    "f_component 20..21 f",
    "EOI 21..21 \u200b",
  ]);
  // A rule of the tree, chosen from the keyboard, shows that rule in the grammar pane.
  await page.locator('#tree li[data-rule="NSS"] button').focus();
  await page.keyboard.press("Enter");
  assert.equal(await page.locator("#rule-name").textContent(), `NSS (line ${lineOf("NSS")})`);
  await close(opened);
});

test("a namespace grammar checks the NSS; its tree counts bytes of the whole URN", async () => {
  const opened = await open();
  const { page } = opened;
  await page.selectOption("#grammar-select", "ns-uuid");
  await paste(page, "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6\nurn:uuid:12345\nurn:isbn:0451450523");
  const got = await rows(page);
  assert.equal(got[0].valid, true);
  assert.equal(got[0].facts, "namespace: valid (uuid) · equivalence key: urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6");
  assert.deepEqual(got[1].carets, [
    "urn:uuid:12345\n              ^ NSS breaks rule uuid_time_low of namespace uuid (namespaces/uuid.pest) at byte 14",
  ]);
  assert.deepEqual(got[2].carets, [
    'urn:isbn:0451450523\n    ^ NID "isbn" is not "uuid", the namespace of this grammar, at byte 4',
  ]);
  await cursorToLine(page, 0);
  const spans = await page.$$eval("#tree li", (items) => items.map((li) => `${li.dataset.rule} ${li.dataset.span}`));
  assert.deepEqual(spans.slice(0, 3), ["uuid 9..45", "uuid_UUID 9..45", "uuid_time_low 9..17"]);
  await close(opened);
});

test("an edited rule changes the verdict, and the difference is marked", async () => {
  const opened = await open();
  const { page } = opened;
  await paste(page, "urn:example:a^b\nurn:example:ab");
  let got = await rows(page);
  assert.equal(got[0].valid, false);
  assert.equal(got[0].edited, null);
  await editGrammar(
    page,
    'unreserved = _{ ALPHA | DIGIT | "-" | "." | "_" | "~" }',
    'unreserved = _{ ALPHA | DIGIT | "-" | "." | "_" | "~" | "^" }',
  );
  assert.equal(await page.locator("#edited-flag").isVisible(), true);
  got = await rows(page);
  assert.deepEqual(
    got.map((r) => [r.valid, r.edited, r.differs]),
    [
      [false, "true", true],
      [true, "true", false],
    ],
  );
  assert.equal(
    await page.locator("#summary").textContent(),
    "2 lines: 1 valid, 1 invalid; 1 differs under the edited grammar",
  );
  // An edit that narrows the grammar: pest's failing byte and expectation, under a caret.
  await editGrammar(page, 'NSS = @{ pchar ~ (pchar | "/")* }', 'NSS = @{ ALPHA ~ ALPHA* }');
  got = await rows(page);
  assert.deepEqual(got[1].carets, []);
  assert.equal(got[0].edited, "false");
  assert.equal(got[0].carets.at(-1), "             ^ edited grammar: expected EOI at byte 13");
  // A text that is no grammar says why, and the reset button brings the shipped one back.
  await editGrammar(page, 'NSS = @{ ALPHA ~ ALPHA* }', "NSS = @{ ALPHA ~ }");
  assert.equal(
    await page.locator("#grammar-error").textContent(),
    `   --> ${lineOf("NSS")}:18\n    |\n${lineOf("NSS")} | NSS = @{ ALPHA ~ }\n    |                  ^---\n    |\n    = expected term`,
  );
  await page.locator("#reset-grammar").click();
  assert.equal(await page.locator("#grammar-error").isVisible(), false);
  assert.equal(await page.locator("#edited-flag").isVisible(), false);
  await close(opened);
});

test("the rule under the grammar cursor shows its RFC text and railroad diagram", async () => {
  const opened = await open();
  const { page } = opened;
  await page.locator("#grammar-text").evaluate((box) => {
    const at = box.value.indexOf("\nNID = @{") + 2;
    box.focus();
    box.setSelectionRange(at, at);
    box.dispatchEvent(new KeyboardEvent("keyup"));
  });
  assert.equal(await page.locator("#rule-name").textContent(), `NID (line ${lineOf("NID")})`);
  assert.match(await page.locator("#rule-doc").textContent(), /^RFC 8141 §2:\n {4}NID {11}= \(alphanum\) 0\*30\(ldh\) \(alphanum\)/);
  assert.match(await page.locator("#rule-notes").textContent(), /^\/\/ PEG:/);
  assert.equal(await page.locator("#rule-diagram svg.railroad").count(), 1);
  await close(opened);
});

test("the registration check lists the URNs a registration's ABNF allows and RFC 8141 does not", async () => {
  const opened = await open();
  const { page } = opened;
  await page.locator("#mode-registration").click();
  assert.equal(await page.locator("#try").isVisible(), false);
  await replaceText(page, "#reg-abnf", 'nss = 1*( DIGIT / " " / "/" )');
  await page.locator("#reg-nid").fill("x-test");
  await replaceText(page, "#reg-examples", "urn:x-test:12\nurn:x-test:1 2");
  await page.locator("#reg-run").click();
  const tables = await page.$$eval("#reg-report table", (list) =>
    list.map((table) => [...table.rows].slice(1).map((row) => [...row.cells].map((cell) => cell.textContent))),
  );
  assert.deepEqual(tables[0], [
    ["urn:x-test:12", "yes", "yes", "valid"],
    ["urn:x-test:1 2", "yes", "no", "invalid character ' ' in NSS at byte 12"],
  ]);
  assert.deepEqual(tables[1].slice(0, 2), [
    ["urn:x-test: ", "no", "white space after the NSS at byte 11"],
    ["urn:x-test:/", "no", "NSS must not start with '/' at byte 11"],
  ]);
  assert.match(await page.locator("#reg-report h3 >> nth=1").textContent(), /^Generated from the ABNF: 2000 strings, \d+ of them not valid under RFC 8141$/);
  // An ABNF that cannot be compiled says why.
  await replaceText(page, "#reg-abnf", "nss = other");
  await page.locator("#reg-run").click();
  assert.equal(await page.locator("#reg-report pre").textContent(), "rule other is used but not defined");
  await close(opened);
});

test("the state survives a reload and travels in a share link", async () => {
  const first = await open();
  await first.page.selectOption("#grammar-select", "urn-rfc2141");
  await paste(first.page, "urn:example:a~b");
  await editGrammar(first.page, 'rfc2141_other = _{', 'rfc2141_other = _{ "~" |');
  await first.page.waitForTimeout(300); // the state is saved 200 ms after the last change
  await first.page.reload();
  await first.page.waitForSelector("body[data-ready=true]");
  assert.equal(await first.page.locator("#grammar-select").inputValue(), "urn-rfc2141");
  assert.equal(await first.page.locator("#inputs").inputValue(), "urn:example:a~b");
  assert.equal(await first.page.locator("#edited-flag").isVisible(), true);

  await first.page.locator("#share").click();
  await first.page.waitForFunction(() => document.getElementById("share-link").value !== "");
  const link = await first.page.locator("#share-link").inputValue();
  assert.match(link, /#s=[A-Za-z0-9_-]+$/);
  const second = await open(link);
  assert.equal(await second.page.locator("#grammar-select").inputValue(), "urn-rfc2141");
  const got = await rows(second.page);
  assert.deepEqual(got.map((r) => [r.valid, r.edited, r.differs]), [[false, "true", true]]);
  await close(first);
  await close(second);
});

test("the page works offline once loaded", async () => {
  const opened = await open();
  const { page, context } = opened;
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload(); // the service worker now keeps what it serves
  await page.waitForSelector("body[data-ready=true]");
  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
  await paste(page, "urn:example:a%zz");
  assert.equal((await rows(page))[0].valid, false);
  await close(opened);
});

test("every control is reached from the keyboard", async () => {
  const opened = await open();
  const { page } = opened;
  await paste(page, "urn:example:a");
  await cursorToLine(page, 0);
  await page.locator("#mode-try").focus();
  const reached = new Set();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    reached.add(await page.evaluate(() => document.activeElement.id || document.activeElement.closest("[id]")?.id));
  }
  for (const id of ["mode-registration", "share", "grammar-select", "inputs", "tree", "grammar-text"]) {
    assert.ok(reached.has(id), `${id} is reached with Tab (reached: ${[...reached].join(", ")})`);
  }
  await close(opened);
});

/** The median and the worst of some timings, in milliseconds. */
function spread(times) {
  const sorted = [...times].sort((a, b) => a - b);
  return `median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)}, worst ${sorted.at(-1).toFixed(1)} (${times.length} runs)`;
}

test("a 1 000-line paste, then keystrokes: timings printed, screenshot written", async () => {
  const opened = await open();
  const { page } = opened;
  const lastUpdate = () => page.evaluate(() => Number(document.body.dataset.updateMs));
  const updates = () => page.evaluate(() => Number(document.body.dataset.updates));
  // Each paste has lines the page has not seen (its verdicts are cached by line): valid
  // URNs with r-, q- and f-components, invalid ones, and ISBN URNs checked by their namespace.
  const pasted = (run) =>
    Array.from({ length: 1000 }, (_, i) =>
      i % 10 === 9
        ? `urn:example:run${run}-item-${i}%zz`
        : i % 10 === 8
          ? `urn:isbn:04514505${i % 10}3?=run${run}`
          : `urn:example:run${run}-item-${i}?+r=${i}#f`,
    ).join("\n");
  // The update's own time, and the time until the frame showing it has been drawn.
  const frames = () => page.evaluate(() => Number(document.body.dataset.frames ?? 0));
  const timed = async (action) => {
    const before = await frames();
    await action();
    await page.waitForFunction((n) => Number(document.body.dataset.frames ?? 0) > n, before);
    return page.evaluate(() => [Number(document.body.dataset.updateMs), Number(document.body.dataset.frameMs)]);
  };
  const pastes = [];
  for (let run = 0; run < 5; run++) {
    const before = await updates();
    pastes.push(await timed(() => paste(page, pasted(run))));
    assert.equal((await updates()) - before, 1, "a paste is one update");
  }
  assert.equal((await rows(page)).length, 1000);
  await page.locator("#inputs").press("End");
  const typing = [..."abcdefghij", ..."abcdefghij".split("").map(() => "Backspace")];
  const keystrokes = [];
  for (const key of typing) keystrokes.push(await timed(() => page.locator("#inputs").press(key)));
  // The same under an edited grammar, where pest_vm also runs every line.
  await editGrammar(page, 'NSS = @{ pchar ~ (pchar | "/")* }', 'NSS = @{ pchar ~ (pchar | "/" | "^")* }');
  const grammarEdit = await page.evaluate(() => Number(document.body.dataset.grammarMs));
  const grammarUpdate = await lastUpdate();
  const edited = [];
  for (const key of typing) edited.push(await timed(() => page.locator("#inputs").press(key)));
  const both = (times) =>
    `update ${spread(times.map(([update]) => update))}; to the next frame ${spread(times.map(([, frame]) => frame))}`;
  // Side by side in the page: the library's verdicts (the compiled grammar) and pest_vm's
  // (the same grammar text, interpreted) on the same 1 000 new lines, module calls alone.
  const [library, interpreter] = await page.evaluate(async (lines) => {
    const wasm = await import("./pkg/urn_tag_playground.js");
    const source = JSON.parse(wasm.entries()).find((e) => e.id === "urn-rfc8141").source;
    const grammar = new wasm.Grammar(source, "rfc8141");
    const time = (call) => {
      const started = performance.now();
      for (const line of lines) call(line);
      return performance.now() - started;
    };
    const result = [time((line) => wasm.check("urn-rfc8141", line)), time((line) => grammar.run(line))];
    grammar.free();
    return result;
  }, pasted(9).split("\n"));
  console.log(
    "playground timings, ms (performance.now() in the page, 1000 lines):\n" +
      `  paste of 1000 new lines: ${both(pastes)}\n` +
      `  keystroke after the paste: ${both(keystrokes)}\n` +
      `  grammar edit: ${grammarEdit.toFixed(1)} in all (compiling the text, reading its rules, ` +
      `then the update: ${grammarUpdate.toFixed(1)}, pest_vm on every line)\n` +
      `  keystroke under the edited grammar: ${both(edited)}\n` +
      `  1000 lines, module calls alone: the library's check ${library.toFixed(1)}, pest_vm's run ${interpreter.toFixed(1)}`,
  );

  await page.locator("#reset-grammar").click();
  await paste(
    page,
    "urn:example:foo-bar-baz-qux?+CCResolve:cc=uk\nURN:EXAMPLE:a123,z456#789\nurn:example:a%zz\nurn:ex:a?b\nurn:isbn:0451450523\ntag:yaml.org,2002:int",
  );
  await cursorToLine(page, 0);
  await page.locator('#tree li[data-rule="namestring"] button').click();
  await page.screenshot({ path: `${output}playground.png`, fullPage: false });
  await close(opened);
});
