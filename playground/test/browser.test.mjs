// The grammar playground in a real headless Chromium: the page built by playground/build.sh,
// served from 127.0.0.1, driven through its DOM as a person would (typing, moving the cursor,
// editing a rule, following a share link, reloading, going offline), and as an attacker would
// (grammars and links that recurse deeply, backtrack exponentially, nest, or are a megabyte
// long: the page starts, says what it refused, and keeps answering).
//
// Chromium is the system's (Debian's `chromium` package; CHROMIUM names another binary);
// playwright-core drives it and downloads no browser. Writes output/playground.png and
// output/registration.png, and prints the page's own timings of a 1 000-line paste and of a
// keystroke after it (benchmarks for BENCHMARKS.md, not asserted).

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
const tagPest = await readFile(new URL("../../tag.pest", import.meta.url), "utf8");
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

/** What <body> carries while the page owes answers: a grammar text being read or run on the
 * lines, a request in the worker, a saved or shared grammar being tried, a registration being
 * checked, its ABNF's rules being read. */
const SETTLED =
  "body[data-ready=true]:not([data-grammar-pending]):not([data-worker-busy]):not([data-trying]):not([data-registration-pending]):not([data-abnf-pending])";

/** Waits until the page has every answer it owes. */
async function settled(page) {
  await page.waitForSelector(SETTLED, { state: "attached" });
}

/** A fresh page (its own storage) with the playground loaded; `setup` runs on the new context
 * before the page opens (to intercept a request, say). */
async function open(address = url, { setup, wait = true } = {}) {
  const context = await browser.newContext({
    viewport: { width: 1400, height: 1000 },
    permissions: ["clipboard-read", "clipboard-write"],
  });
  await setup?.(context);
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(error));
  await page.goto(address);
  if (wait) await settled(page);
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
  // The grammar editor's text box is the editable element inside it.
  await page.locator(selector === "#grammar-text" ? "#grammar-text .cm-content" : selector).focus();
  await page.keyboard.press("ControlOrMeta+A");
  if (text === "") await page.keyboard.press("Delete");
  else await page.keyboard.press("ControlOrMeta+V");
}

/** Replaces the inputs with `text`, as a paste does, and waits for every answer. */
async function paste(page, text) {
  await replaceText(page, "#inputs", text);
  await settled(page);
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
  await settled(page);
}

/** The grammar text with one rule's body replaced, as a person edits it in the page. */
async function editGrammar(page, from, to) {
  const text = await grammarText(page);
  assert.ok(text.includes(from), `${from} is in the grammar text`);
  await replaceText(page, "#grammar-text", text.replace(from, to));
  // The worker reads the text once typing pauses, then runs it on every line.
  await settled(page);
}

/** The grammar editor's text. */
function grammarText(page) {
  return page.locator("#grammar-text").evaluate((element) => element.editor.text());
}

/** Puts the grammar editor's cursor at the start of the line that begins with `start` (at the
 * start of the text without it), and waits for every answer. */
async function grammarCursorTo(page, start) {
  await page.locator("#grammar-text").evaluate((element, start) => {
    const text = element.editor.text();
    const at = start === undefined ? 0 : text.indexOf(`\n${start}`) + 1;
    element.editor.setCursor(at, true);
  }, start);
  await settled(page);
}

/** Replaces the whole grammar text, and waits for every answer. */
async function setGrammar(page, text) {
  await replaceText(page, "#grammar-text", text);
  await settled(page);
}

/** `urn.pest` with its entry rule `rfc8141` replaced by `rules`. */
function urnPestWith(rules) {
  return urnPest.replace(/^rfc8141 = .*$/m, rules);
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
  assert.equal(await page.locator("#summary").textContent(), "1 of 3 as expected. 3 lines: 1 valid, 2 invalid");

  // Byte indexes become string positions: the caret stands under the "é" (bytes 12 and 13).
  await paste(page, "urn:example:é-x%zz");
  assert.deepEqual((await rows(page))[0].carets, [
    "urn:example:é-x%zz\n            ^ non-ASCII character 'é' in NSS must be percent-encoded at byte 12",
  ]);
  await paste(page, "urn:example:a%zz\nurn:example:ok?+r#f\ntag:example.com,1900-02-29:x");

  await page.selectOption("#grammar-select", "tag-rfc4151");
  await settled(page);
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
    "2 of 2 as expected under the edited grammar. 2 lines: 1 valid, 1 invalid; 1 differs under the edited grammar",
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
  await grammarCursorTo(page, "NID = @{");
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
  await settled(page);
  const tables = await page.$$eval("#reg-report table", (list) =>
    list.map((table) => [...table.rows].slice(1).map((row) => [...row.cells].map((cell) => cell.textContent))),
  );
  assert.deepEqual(tables[0], [
    ["urn:x-test:12", "valid", "✓ as expected", "yes", "yes", "valid"],
    ["urn:x-test:1 2", "valid", "✗ not as expected", "yes", "no", "invalid character ' ' in NSS at byte 12"],
  ]);
  // The rejects, one row for each of the library's reasons, with the shortest URNs.
  const reasons = new Map(tables[1].map(([reason, count, urns]) => [reason, [Number(count), urns.split("\n")]]));
  assert.equal(reasons.get("white space after the NSS")[1][0], "urn:x-test: ");
  assert.equal(reasons.get("NSS must not start with '/'")[1][0], "urn:x-test:/");
  assert.ok(reasons.get("invalid character ' ' in NSS")[0] > 0);
  assert.match(await page.locator("#reg-report h3 >> nth=1").textContent(), /^Generated from the ABNF: 2000 strings, \d+ of them not valid under RFC 8141$/);
  // An ABNF that cannot be compiled says why.
  await replaceText(page, "#reg-abnf", "nss = other");
  await page.locator("#reg-run").click();
  await settled(page);
  assert.equal(await page.locator("#reg-report pre").textContent(), "rule other is used but not defined");
  await close(opened);
});

/** A registration's ABNF: a rule on two lines, references, core rules, a %x range. */
const REGISTRATION_ABNF = `NSS    = number *( "." number ) [ "/" path ]
number = "0" / %x31-39 *DIGIT
path   = 1*( ALPHA / DIGIT
           / "-" )`;

/** Puts the ABNF text box's cursor at UTF-16 position `at`, as a click or an arrow key does,
 * and waits for every answer. */
async function abnfCursorTo(page, at) {
  await page.locator("#reg-abnf").evaluate((box, at) => {
    box.focus();
    box.setSelectionRange(at, at);
    box.dispatchEvent(new KeyboardEvent("keyup"));
  }, at);
  await settled(page);
}

/** The rule shown under the ABNF text box: its heading, its text, and its diagram's boxes (a
 * link's target, or the kind of a box that links nowhere, and the box's name). */
function abnfRuleShown(page) {
  return page.evaluate(() => ({
    name: document.querySelector("#abnf-rule-name").textContent,
    text: document.querySelector("#abnf-rule-text").textContent,
    svgs: document.querySelectorAll("#abnf-rule-diagram svg.railroad").length,
    boxes: [...document.querySelectorAll("#abnf-rule-diagram g.nonterminal")].map((box) => {
      const link = box.closest("a")?.getAttribute("xlink:href");
      return `${link ?? box.dataset.kind} ${box.textContent.trim()}`;
    }),
    terminals: [...document.querySelectorAll("#abnf-rule-diagram g.terminal")].map((t) => t.textContent.trim()),
  }));
}

test("the rule under the ABNF cursor shows its name, text and railroad diagram; every rule's too", async () => {
  const opened = await open();
  const { page } = opened;
  await page.locator("#mode-registration").click();
  await replaceText(page, "#reg-abnf", REGISTRATION_ABNF);
  await settled(page);
  // On its continuation line, the cursor is in rule path.
  await abnfCursorTo(page, REGISTRATION_ABNF.indexOf('/ "-"'));
  assert.deepEqual(await abnfRuleShown(page), {
    name: "path (lines 3–4)",
    text: 'path   = 1*( ALPHA / DIGIT\n           / "-" )',
    svgs: 1,
    boxes: ["core ALPHA", "core DIGIT"],
    terminals: ['"-"'],
  });
  // In the first rule, its references link to their rules.
  await abnfCursorTo(page, REGISTRATION_ABNF.indexOf("*("));
  const nss = await abnfRuleShown(page);
  assert.equal(nss.name, "NSS (line 1)");
  assert.deepEqual(nss.boxes, ["#number number", "#number number", "#path path"]);
  assert.deepEqual(nss.terminals, ['"."', '"/"']);
  // On a rule's name, that rule; a %x range reads as its characters.
  await abnfCursorTo(page, REGISTRATION_ABNF.indexOf("number )") + 2);
  const number = await abnfRuleShown(page);
  assert.equal(number.name, "number (line 2)");
  assert.deepEqual(number.terminals, ['"0"', "%x31-39 '1'..'9'"]);
  // From the keyboard: Tab from the text box reaches the first box's link (NSS's diagram
  // links `number` first), and Enter follows it to the rule.
  await abnfCursorTo(page, 0);
  await page.keyboard.press("Tab");
  assert.equal(
    await page.evaluate(() => document.activeElement?.closest("#abnf-rule-diagram a")?.getAttribute("xlink:href")),
    "#number",
  );
  await page.keyboard.press("Enter");
  await settled(page);
  assert.equal(await page.locator("#abnf-rule-name").textContent(), "number (line 2)");
  assert.equal(await page.evaluate(() => document.activeElement?.id), "reg-abnf");
  // A box that names a rule puts the cursor on it.
  await abnfCursorTo(page, 0);
  await page.locator('#abnf-rule-diagram a[*|href="#path"]').click();
  await settled(page);
  assert.equal(await page.locator("#abnf-rule-name").textContent(), "path (lines 3–4)");
  assert.equal(await page.locator("#reg-abnf").evaluate((box) => box.selectionStart), REGISTRATION_ABNF.indexOf("path   ="));
  // Every rule's diagram, under the text box and as one page.
  await page.locator("#abnf-all summary").click();
  // Drawn when the details open (their `toggle` event comes after the click).
  await page.locator("#abnf-all-diagrams h3").first().waitFor();
  assert.equal(await page.locator("#abnf-count").textContent(), "3");
  assert.deepEqual(await page.locator("#abnf-all-diagrams h3").allTextContents(), ["NSS (line 1)", "number (line 2)", "path (line 3)"]);
  assert.equal(await page.locator("#abnf-all-diagrams svg.railroad").count(), 3);
  await page.locator("#reg-nid").fill("example");
  const [download] = await Promise.all([page.waitForEvent("download"), page.locator("#abnf-export-all").click()]);
  assert.equal(download.suggestedFilename(), "example-diagrams.html");
  const html = (await readFile(await download.path())).toString();
  assert.deepEqual([...html.matchAll(/<h2>(\w+) \(line \d\)<\/h2>/g)].map((m) => m[1]), ["NSS", "number", "path"]);
  assert.equal(html.match(/<svg /g)?.length, 3);
  const [svg] = await Promise.all([page.waitForEvent("download"), page.locator("#abnf-export-svg").click()]);
  assert.equal(svg.suggestedFilename(), "path.svg");
  // A text that does not parse says why where the rule would be, and nothing is drawn.
  await replaceText(page, "#reg-abnf", "a = 1*DIGIT ]");
  await settled(page);
  assert.equal(
    await page.locator("#abnf-rule-note").textContent(),
    "ABNF syntax error at line 1, column 13: this bracket closes nothing\na = 1*DIGIT ]\n            ^",
  );
  assert.equal(await page.locator("#abnf-rule-diagram svg").count(), 0);
  assert.equal(await page.locator("#abnf-all-diagrams svg").count(), 0);
  await close(opened);
});

test("the state survives a reload and travels in a share link", async () => {
  const first = await open();
  await first.page.selectOption("#grammar-select", "urn-rfc2141");
  await paste(first.page, "urn:example:a~b");
  await editGrammar(first.page, 'rfc2141_other = _{', 'rfc2141_other = _{ "~" |');
  await first.page.waitForTimeout(300); // the state is saved 200 ms after the last change
  await first.page.reload();
  await settled(first.page);
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

test("a line marked ! is expected invalid; each row and the summary say whether it came out as expected", async () => {
  const opened = await open();
  const { page } = opened;
  await paste(page, "urn:example:a\n!urn:example:a%zz\n!urn:example:b\n\n\\!urn:example:c");
  const expectations = () =>
    page.$$eval("#results li", (items) => items.map((li) => [li.dataset.expect ?? null, li.dataset.asExpected ?? null]));
  assert.deepEqual(await expectations(), [
    ["valid", "true"],
    ["invalid", "true"],
    ["invalid", "false"],
    [null, null],
    ["valid", "false"],
  ]);
  assert.equal(await page.locator("#summary").textContent(), "2 of 4 as expected. 5 lines: 2 valid, 3 invalid");
  // The marker is not part of the identifier: the caret counts bytes of the identifier.
  assert.deepEqual((await rows(page))[1].carets, ["urn:example:a%zz\n              ^ invalid percent-encoding in NSS at byte 14"]);
  assert.equal(await page.locator("#results li >> nth=2 >> .expect").textContent(), "✗ expected invalid");
  // Under an edited grammar, its verdicts are the ones expected: NSS "b" is refused there.
  await editGrammar(page, "NSS = @{ pchar ~ (pchar | \"/\")* }", "NSS = @{ !\"b\" ~ pchar ~ (pchar | \"/\")* }");
  assert.deepEqual((await expectations()).map(([, met]) => met), ["true", "true", "true", null, "false"]);
  assert.match(await page.locator("#summary").textContent(), /^3 of 4 as expected under the edited grammar\. /);
  // An edited text that cannot be run decides nothing: its lines are not run, and say so.
  await editGrammar(page, "NSS = @{", "NSS = @{ ~");
  assert.deepEqual((await expectations()).map(([, met]) => met), ["pending", "pending", "pending", null, "pending"]);
  assert.equal(await page.locator("#results li >> nth=0 >> .expect").textContent(), "… not run");
  assert.match(
    await page.locator("#summary").textContent(),
    /^0 of 4 as expected under the edited grammar \(4 not run: the edited text has errors\)\. /,
  );
  await close(opened);
});

test("filters show only the lines not as expected, invalid or differing, and Next one steps through them", async () => {
  const opened = await open();
  const { page } = opened;
  await paste(page, "urn:example:a\n!urn:example:b\nurn:example:%\nurn:example:c\n!urn:example:d");
  const shown = () =>
    page.$$eval("#results li", (items) => items.filter((li) => li.offsetParent !== null).map((li) => Number(li.dataset.line)));
  await page.selectOption("#filter", "unexpected");
  assert.deepEqual(await shown(), [2, 3, 5]);
  await page.selectOption("#filter", "invalid");
  assert.deepEqual(await shown(), [3]);
  await page.selectOption("#filter", "unexpected");
  await cursorToLine(page, 0);
  const cursor = () => page.locator("#inputs").evaluate((box) => box.value.slice(0, box.selectionStart).split("\n").length);
  const steps = [];
  for (let i = 0; i < 4; i++) {
    await page.locator("#next-row").click();
    await settled(page);
    steps.push(await cursor());
  }
  assert.deepEqual(steps, [2, 3, 5, 2]);
  assert.equal(await page.locator("#tree-heading").textContent(), "Parse tree of line 2");
  // Only the lines the edited grammar judges differently.
  await editGrammar(page, "NSS = @{ pchar ~ (pchar | \"/\")* }", "NSS = @{ !\"b\" ~ pchar ~ (pchar | \"/\")* }");
  await page.selectOption("#filter", "differs");
  assert.deepEqual(await shown(), [2]);
  await close(opened);
});

test("the grammar editor colours pest, numbers lines, marks errors and jumps to them", async () => {
  const opened = await open();
  const { page } = opened;
  const content = page.locator("#grammar-text .cm-content");
  assert.equal(await content.getAttribute("role"), "textbox");
  assert.equal(await content.getAttribute("aria-label"), "Grammar text");
  assert.match(await page.locator(`#${await content.getAttribute("aria-describedby")}`).textContent(), /^Edit the rules;/);
  assert.ok((await page.locator("#grammar-text .cm-lineNumbers .cm-gutterElement").count()) > 10);
  // The rule being defined, a string and an operator each have their colour.
  const colour = (text) =>
    page.$$eval("#grammar-text .cm-line span", (spans, text) => {
      const span = spans.find((s) => s.textContent === text);
      return span ? getComputedStyle(span).color : null;
    }, text);
  await grammarCursorTo(page, "rfc8141 = ");
  assert.equal(await colour("rfc8141"), "rgb(149, 56, 0)");
  assert.equal(await colour("~"), "rgb(207, 34, 46)");
  assert.equal(await colour("EOI"), "rgb(130, 80, 223)");
  // A mistake: marked where pest points, and `--> line:column` jumps there.
  const text = await grammarText(page);
  await setGrammar(page, text.replace("rfc8141 = _{ SOI ~", "rfc8141 = _{ SOI ~ ~"));
  const error = await page.locator("#grammar-error").textContent();
  const [, line, column] = error.match(/--> (\d+):(\d+)/);
  assert.equal(Number(line), lineOf("rfc8141"));
  await grammarCursorTo(page);
  await page.locator("#grammar-error button.goto").click();
  assert.equal(await page.locator("#grammar-text .cm-lintRange-error").count(), 1);
  assert.equal(await page.locator("#grammar-text .cm-gutter-lint .cm-lint-marker-error").count(), 1);
  const at = await page.locator("#grammar-text").evaluate(({ editor }) => {
    const { view } = editor;
    const here = view.state.doc.lineAt(editor.cursor());
    return [here.number, editor.cursor() - here.from + 1, view.hasFocus];
  });
  assert.deepEqual(at, [Number(line), Number(column), true]);
  assert.equal(await page.locator("#rule-name").textContent(), `rfc8141 (line ${lineOf("rfc8141")})`);
  // The keyboard leaves the editor with Tab, as from any text box.
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement.closest("#grammar-text")), null);
  await close(opened);
});

test("the diff of the edited text against the shipped one", async () => {
  const opened = await open();
  const { page } = opened;
  assert.equal(await page.locator("#diff-count").textContent(), "none");
  await editGrammar(page, 'NSS = @{ pchar ~ (pchar | "/")* }', 'NSS = @{ pchar ~ (pchar | "/" | "^")* }');
  assert.equal(await page.locator("#diff-count").textContent(), "1 line removed, 1 added");
  await page.locator("#diff-view summary").click();
  const diff = await page.locator("#diff").textContent();
  const at = lineOf("NSS");
  assert.match(diff, new RegExp(`^@@ -${at - 3},7 \\+${at - 3},7 @@\\n`));
  assert.ok(diff.includes('\n-NSS = @{ pchar ~ (pchar | "/")* }\n+NSS = @{ pchar ~ (pchar | "/" | "^")* }\n'), diff);
  await page.locator("#reset-grammar").click();
  await settled(page);
  assert.equal(await page.locator("#diff-count").textContent(), "none");
  await close(opened);
});

test("a share link is not reapplied over later edits on reload, and another link opens in the same tab", async () => {
  const first = await open();
  await paste(first.page, "!urn:example:a%zz");
  await first.page.locator("#share").click();
  await first.page.waitForFunction(() => document.getElementById("share-link").value !== "");
  const link = await first.page.locator("#share-link").inputValue();
  // Share, edit, reload: the edit stays.
  await paste(first.page, "urn:example:later");
  await first.page.waitForTimeout(300);
  assert.equal(new URL(first.page.url()).hash, "");
  await first.page.reload();
  await settled(first.page);
  assert.equal(await first.page.locator("#inputs").inputValue(), "urn:example:later");
  // Opening the link in this tab, as a click on it does, opens its state.
  await first.page.evaluate((link) => {
    location.hash = new URL(link).hash;
  }, link);
  await first.page.waitForFunction(() => document.getElementById("inputs").value === "!urn:example:a%zz");
  await settled(first.page);
  assert.equal(await first.page.locator("#summary").textContent(), "1 of 1 as expected. 1 line: 0 valid, 1 invalid");
  await close(first);
});

test("the verdicts copied as a plain-text report and exported as Markdown and CSV", async () => {
  const opened = await open();
  const { page } = opened;
  await paste(page, "urn:example:a\n!urn:example:a%zz\n!urn:example:b|c");
  await page.locator("#copy-report").click();
  await page.waitForFunction(() => document.getElementById("share-status").textContent === "Report copied.");
  const report = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(
    report,
    [
      "urn-tag grammar playground: urn.pest, rule rfc8141",
      "3 of 3 as expected. 3 lines: 1 valid, 2 invalid",
      "",
      "1. urn:example:a",
      "   valid; expected valid: as expected",
      "2. !urn:example:a%zz",
      "   invalid; expected invalid: as expected",
      "    urn:example:a%zz",
      "                  ^ invalid percent-encoding in NSS at byte 14",
      "3. !urn:example:b|c",
      "   invalid; expected invalid: as expected",
      "    urn:example:b|c",
      "                 ^ invalid character '|' in NSS at byte 13",
      "",
    ].join("\n"),
  );
  const saved = async (button) => {
    const [download] = await Promise.all([page.waitForEvent("download"), page.locator(button).click()]);
    return [download.suggestedFilename(), await readFile(await download.path(), "utf8")];
  };
  assert.deepEqual(await saved("#export-md"), [
    "verdicts.md",
    [
      "| # | identifier | expected | as expected | library | reason |",
      "| --- | --- | --- | --- | --- | --- |",
      "| 1 | `urn:example:a` | valid | yes | valid |  |",
      "| 2 | `urn:example:a%zz` | invalid | yes | invalid | invalid percent-encoding in NSS at byte 14 |",
      "| 3 | `urn:example:b|c` | invalid | yes | invalid | invalid character '\\|' in NSS at byte 13 |",
      "",
    ].join("\n"),
  ]);
  assert.deepEqual(await saved("#export-csv"), [
    "verdicts.csv",
    [
      "#,identifier,expected,as expected,library,reason",
      "1,urn:example:a,valid,yes,valid,",
      "2,urn:example:a%zz,invalid,yes,invalid,invalid percent-encoding in NSS at byte 14",
      "3,urn:example:b|c,invalid,yes,invalid,invalid character '|' in NSS at byte 13",
      "",
    ].join("\r\n"),
  ]);
  await close(opened);
});

test("a rule's diagram as SVG and PNG, every rule's on one page, and the RFC ABNF of the grammar as one file the ABNF check reads", async () => {
  const opened = await open();
  const { page } = opened;
  await grammarCursorTo(page, "NID = @{");
  const saved = async (button) => {
    const [download] = await Promise.all([page.waitForEvent("download"), page.locator(button).click()]);
    return [download.suggestedFilename(), await readFile(await download.path())];
  };
  const [svgName, svg] = await saved("#export-svg");
  assert.equal(svgName, "NID.svg");
  assert.match(svg.toString(), /^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*><style>/);
  assert.match(svg.toString(), /<text [^>]*>\s*alphanum<\/text>/);
  const [pngName, png] = await saved("#export-png");
  assert.equal(pngName, "NID.png");
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // Every rule's diagram on one page, in the order of the text.
  const [allName, all] = await saved("#export-all");
  assert.equal(allName, "urn-diagrams.html");
  const names = [...all.toString().matchAll(/<h2>([A-Za-z0-9_]+) \(line \d+\)<\/h2>/g)].map((m) => m[1]);
  const rules = [...urnPest.matchAll(/^([A-Za-z0-9_]+) = /gm)].map((m) => m[1]);
  assert.deepEqual(names, rules);
  assert.equal(all.toString().match(/<svg /g)?.length, rules.length);
  const [abnfName, abnf] = await saved("#export-abnf");
  assert.equal(abnfName, "urn.abnf");
  const text = abnf.toString();
  assert.match(text, /\r\n; RFC 8141 §2\r\nNID {11}= \(alphanum\) 0\*30\(ldh\) \(alphanum\)\r\n/);
  assert.equal(text.match(/^ALPHA /gm)?.length, 1);
  // The registration check's ABNF reader takes it whole, as BAP would.
  await page.locator("#mode-registration").click();
  await replaceText(page, "#reg-abnf", text);
  await page.locator("#reg-top").fill("NSS");
  await page.locator("#reg-nid").fill("example");
  await replaceText(page, "#reg-examples", "urn:example:a");
  await page.locator("#reg-run").click();
  await settled(page);
  assert.equal(await page.locator("#reg-report pre").count(), 0, await page.locator("#reg-report").textContent());
  assert.equal(await page.locator("#reg-report").getAttribute("data-met"), "1");
  await close(opened);
});

test("a reviewer's flow: a registration's ABNF, two counterexamples, as expected, shared, opened elsewhere the same", async () => {
  const first = await open();
  const { page } = first;
  await page.locator("#mode-registration").click();
  await replaceText(page, "#reg-abnf", 'nss = part *( "-" part )\npart = 1*DIGIT');
  await page.locator("#reg-top").fill("nss");
  await page.locator("#reg-nid").fill("x-review");
  await replaceText(page, "#reg-examples", "urn:x-review:12-34\nurn:x-review:5\n!urn:x-review:12-\n!urn:x-review:a1");
  await page.locator("#reg-run").click();
  await settled(page);
  const heading = await page.locator("#reg-report h3 >> nth=0").textContent();
  assert.equal(heading, "Examples (4): 4 of 4 as expected");
  const table = () =>
    page.$$eval("#reg-report table >> nth=0", ([table]) =>
      [...table.rows].slice(1).map((row) => [...row.cells].slice(0, 3).map((cell) => cell.textContent)),
    );
  const shownFirst = await table();
  assert.deepEqual(shownFirst, [
    ["urn:x-review:12-34", "valid", "✓ as expected"],
    ["urn:x-review:5", "valid", "✓ as expected"],
    ["urn:x-review:12-", "invalid", "✓ as expected"],
    ["urn:x-review:a1", "invalid", "✓ as expected"],
  ]);
  await page.locator("#copy-report").click();
  await page.waitForFunction(() => document.getElementById("share-status").textContent === "Report copied.");
  const report = await page.evaluate(() => navigator.clipboard.readText());
  assert.ok(report.includes("Examples: 4 of 4 as expected\n"), report);
  assert.ok(report.includes("\n  as expected: urn:x-review:12- (expected invalid; the ABNF accepts it: no;"), report);
  await page.locator("#share").click();
  await page.waitForFunction(() => document.getElementById("share-link").value !== "");
  const link = await page.locator("#share-link").inputValue();
  // A fresh profile: its own storage, nothing from the first.
  const second = await open(link);
  await second.page.waitForSelector("#reg-report table", { state: "attached" });
  await settled(second.page);
  assert.equal(await second.page.locator("#registration").isVisible(), true);
  assert.equal(await second.page.locator("#reg-report h3 >> nth=0").textContent(), heading);
  const shownSecond = await second.page.$$eval("#reg-report table >> nth=0", ([table]) =>
    [...table.rows].slice(1).map((row) => [...row.cells].slice(0, 3).map((cell) => cell.textContent)),
  );
  assert.deepEqual(shownSecond, shownFirst);
  assert.equal(
    await second.page.locator("#reg-report").textContent(),
    await page.locator("#reg-report").textContent(),
  );
  // The reviewer reads a rule: the cursor on `part`'s definition shows its diagram. The
  // screenshot is docs/playground-registration.png.
  await abnfCursorTo(second.page, 'nss = part *( "-" part )\npa'.length);
  assert.equal((await abnfRuleShown(second.page)).name, "part (line 2)");
  await second.page.screenshot({ path: `${output}registration.png`, fullPage: true });
  await close(first);
  await close(second);
});

test("the page fits a phone's width and shows whole messages at a desktop's", async () => {
  const opened = await open();
  const { page } = opened;
  await paste(page, "!urn:example:a%zz\nurn:example:a-long-identifier-that-goes-on-and-on-and-on-and-on-and-on-and-on");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(100);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390);
  await page.locator("#mode-registration").click();
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390);
  await page.locator("#mode-try").click();
  await page.setViewportSize({ width: 1400, height: 1000 });
  // A caret's message is not cut off at the row's edge.
  const clipped = await page.$$eval("#results .caret, #tree-note, #summary", (items) =>
    items.filter((item) => item.scrollWidth > item.clientWidth + 1).map((item) => item.textContent),
  );
  assert.deepEqual(clipped, []);
  await close(opened);
});

test("the page works offline once loaded", async () => {
  const opened = await open();
  const { page, context } = opened;
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload(); // the service worker now keeps what it serves
  await settled(page);
  await context.setOffline(true);
  await page.reload();
  await settled(page);
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

/** The rows' edited verdicts and the carets of the edited grammar. */
async function editedRows(page) {
  return (await rows(page)).map((r) => [r.edited, r.carets.filter((c) => c.includes("edited grammar:")).join("")]);
}

/** Waits until `text` is in the element `selector`. */
async function waitForText(page, selector, text) {
  await page.waitForFunction(
    ([selector, text]) => document.querySelector(selector)?.textContent.includes(text),
    [selector, text],
  );
}

const RECURSIVE = urnPestWith('rfc8141 = { "a" ~ rfc8141 | "b" }');
const EXPONENTIAL = urnPestWith(
  'rfc8141 = { x ~ "c" }\nx = { "a" ~ x ~ "b" | "a" ~ x ~ "c" | "a" ~ x ~ "d" | "a" }',
);
/** A flat grammar of 30 000 rules after `rfc8141`: a megabyte. */
const MEGABYTE = (() => {
  let text = "rfc8141 = { q0 ~ EOI }\n";
  for (let i = 0; i < 30000; i++) text += `q${i} = { "x${i}" | ASCII_DIGIT+ }\n`;
  return text;
})();

test("an edited grammar that recurses too deep is refused on that line, and the page answers after it", async () => {
  const opened = await open();
  const { page } = opened;
  await paste(page, `${"a".repeat(3000)}b\nab\nurn:example:a`);
  await setGrammar(page, RECURSIVE);
  const got = await editedRows(page);
  assert.equal(got[0][0], "refused");
  assert.match(
    got[0][1],
    /\^ edited grammar: this grammar recursed deeper than the stack allows: its rules call one another too deep on this input \(at byte \d+\)$/,
  );
  assert.deepEqual(got.slice(1), [["true", ""], ["false", "^ edited grammar: expected rfc8141 at byte 0"]]);
  assert.match(await page.locator("#summary").textContent(), /; 1 refused$/);
  // The worker answers after it: another line, another edit, the library's verdicts.
  await paste(page, `${"a".repeat(3000)}b\naab\nurn:example:a`);
  assert.deepEqual((await editedRows(page))[1], ["true", ""]);
  await page.locator("#reset-grammar").click();
  await settled(page);
  assert.deepEqual(
    (await rows(page)).map((r) => r.valid),
    [false, false, true],
  );
  assert.equal(await page.locator("#worker-note").textContent(), "");
  await close(opened);
});

test("an exponential grammar is stopped by its budget of calls, and a run past the time limit by the time limit", async () => {
  const opened = await open();
  const { page } = opened;
  await paste(page, "aaaaaaaaaaaaaaaaaaaaaae\nac");
  await setGrammar(page, EXPONENTIAL);
  assert.deepEqual(await editedRows(page), [
    [
      "refused",
      "                      ^ edited grammar: stopped after 1 000 000 rule calls: this grammar backtracks too much on this input (at byte 22)",
    ],
    ["true", ""],
  ]);
  // Rule calls are counted, the bytes a literal compares are not: a literal of 200 000 bytes
  // compared at each of a million calls takes a minute. The worker is stopped after 2 s and replaced, the
  // line says so, and the page answered all along.
  const long = "q".repeat(200000);
  await setGrammar(
    page,
    urnPestWith(`rfc8141 = { x ~ "c" }\nx = @{ "a" ~ x ~ "b" | "a" ~ x ~ "c" | "a" ~ "${long}d" }`),
  );
  const slow = `${"a".repeat(20)}${long}e`;
  await replaceText(page, "#inputs", `${slow}\nac`);
  // While the worker is busy with the slow line, the library's verdicts are already drawn.
  await page.waitForSelector("body[data-worker-busy]", { state: "attached" });
  assert.deepEqual(
    (await rows(page)).map((r) => r.valid),
    [false, false],
  );
  // Lines the worker has not answered are pending: their expectations are not counted yet.
  assert.match(
    await page.locator("#summary").textContent(),
    /^0 of 2 as expected under the edited grammar \([12] pending\)\. 2 lines: 0 valid, 2 invalid; 0 differ under the edited grammar$/,
  );
  await settled(page);
  assert.deepEqual(await editedRows(page), [
    ["refused", "edited grammar: stopped after 2 s"],
    ["false", "^ edited grammar: expected x at byte 0"],
  ]);
  assert.equal(
    await page.locator("#worker-note").textContent(),
    `The grammar worker was replaced: stopped after 2 s on line "${"a".repeat(20)}${"q".repeat(20)}…".`,
  );
  await close(opened);
});

test("a grammar text that nests too deep is refused before it is read, with where and why", async () => {
  const opened = await open();
  const { page } = opened;
  await paste(page, "urn:example:a");
  for (const n of [1000, 2000]) {
    await setGrammar(page, `rfc8141 = { ${"(".repeat(n)}"x"${")".repeat(n)} }`);
    const error = await page.locator("#grammar-error").textContent();
    assert.match(error, /^ --> 1:140\n/);
    assert.match(error, /= this expression nests 129 levels deep here \(each parenthesis, operator, further term of a sequence or choice, and each copy a repetition makes is a level\); a rule may nest 128$/);
    assert.deepEqual(await editedRows(page), [["not run", ""]]);
  }
  // Rules that call one another 2 000 deep: refused, with the chain.
  let chain = "rfc8141 = { r0 }\n";
  for (let i = 0; i < 2000; i++) chain += `r${i} = { "x${i}" ~ r${i + 1} | "y" }\n`;
  await setGrammar(page, `${chain}r2000 = { "z" }\n`);
  assert.match(
    await page.locator("#grammar-error").textContent(),
    /= rules call one another 6002 levels deep, counting the levels of each rule's expression \(rfc8141 -> r0 -> r1 -> \.\.\. -> r1999 -> r2000, 2002 rules\); a grammar may nest 512$/,
  );
  // A usable text is read again at once.
  await setGrammar(page, urnPest);
  assert.equal(await page.locator("#grammar-error").isVisible(), false);
  assert.deepEqual((await rows(page)).map((r) => r.valid), [true]);
  assert.equal(await page.locator("#worker-note").isVisible(), false);
  await close(opened);
});

test("a grammar text at every limit is read, drawn and run in the page", async () => {
  const opened = await open();
  const { page } = opened;
  await paste(page, "x\nab");
  // The deepest a rule may nest (127 levels and its braces), in each way a text can nest.
  const atTheLimit = [
    `rfc8141 = { ${"(".repeat(127)}"x"${")".repeat(127)} }`,
    `rfc8141 = { "x"${' | "y"'.repeat(127)} }`,
    `rfc8141 = { ${"!".repeat(126)}"y" ~ "x" }`,
    `rfc8141 = { ${"(".repeat(63)}"x"${")?".repeat(63)} }`,
    `rfc8141 = { "x" ${"/*".repeat(127)}${"*/".repeat(127)} }`,
    `rfc8141 = { "${"\\n".repeat(127)}" | "x" }`,
    `rfc8141 = { "x"{126} | "x" }`,
  ];
  // Rules that call one another as deep as a grammar may nest: 1 + 3 * 170 + 1 levels.
  let chain = "rfc8141 = { r0 }\n";
  for (let i = 0; i < 170; i++) chain += `r${i} = { "x" ~ r${i + 1} | "x" }\n`;
  atTheLimit.push(`${chain}r170 = { "z" }\n`);
  for (const text of atTheLimit) {
    await setGrammar(page, text);
    assert.equal(await page.locator("#grammar-error").textContent(), "", text.slice(0, 80));
    const got = (await editedRows(page)).map(([edited]) => edited);
    assert.ok(got.every((edited) => edited === "true" || edited === "false"), `${text.slice(0, 80)}: ${got}`);
    await grammarCursorTo(page);
    assert.equal(await page.locator("#rule-diagram svg.railroad").count(), 1, text.slice(0, 80));
  }
  assert.equal(await page.locator("#worker-note").textContent(), "");
  await close(opened);
});

test("a megabyte of grammar text is read, outlined and drawn off the page's thread", async () => {
  const opened = await open();
  const { page } = opened;
  await paste(page, "x29999\n12");
  await setGrammar(page, MEGABYTE);
  assert.equal(await page.locator("#grammar-error").isVisible(), false);
  assert.deepEqual(await editedRows(page), [["false", "^ edited grammar: expected q0 at byte 0"], ["true", ""]]);
  const read = await page.evaluate(() => Number(document.body.dataset.grammarMs));
  // The rule under the cursor near the end of the text, with its diagram.
  await grammarCursorTo(page, "q29999 = ");
  assert.equal(await page.locator("#rule-name").textContent(), "q29999 (line 30001)");
  assert.equal(await page.locator("#rule-diagram svg.railroad").count(), 1);
  console.log(`a 1 MB grammar of 30 000 rules: read and outlined in the worker in ${read.toFixed(0)} ms`);
  await close(opened);
});

/** A share link holding `state`, as the page writes one. */
async function shareLink(page, state) {
  const fragment = await page.evaluate(async (state) => {
    const stream = new Blob([JSON.stringify(state)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    let binary = "";
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
  }, state);
  return `${url}#s=${fragment}`;
}

test("a hostile share link: the page starts, says what it refused, and keeps answering", async () => {
  const maker = await open();
  const hostile = [
    {
      state: { entry: "urn-rfc8141", inputs: `${"a".repeat(5000)}b\nurn:example:a`, edits: { "urn.pest": RECURSIVE } },
      refused: /^The link's edited urn\.pest was not applied: on line "a{40}…", this grammar recursed deeper than the stack allows: its rules call one another too deep on this input \(at byte \d+\)\. The shipped grammar is shown\.$/,
    },
    {
      state: { entry: "urn-rfc8141", inputs: "aaaaaaaaaaaaaaaaaaaaaa\nurn:example:a", edits: { "urn.pest": EXPONENTIAL } },
      refused: /^The link's edited urn\.pest was not applied: on line "a{22}", stopped after 1 000 000 rule calls: this grammar backtracks too much on this input \(at byte 22\)\. The shipped grammar is shown\.$/,
    },
    {
      state: { entry: "urn-rfc8141", inputs: "urn:example:a", edits: { "urn.pest": `rfc8141 = { ${"(".repeat(2000)}"x"${")".repeat(2000)} }` } },
      refused: /^The link's edited urn\.pest was not applied: reading it: this expression nests 129 levels deep here .*; a rule may nest 128 \(line 1, column 140\)\. The shipped grammar is shown\.$/,
    },
    { state: { entry: "urn-rfc8141", inputs: "x0\nurn:example:a", edits: { "urn.pest": MEGABYTE } }, refused: null },
  ];
  for (const { state, refused } of hostile) {
    const link = await shareLink(maker.page, state);
    const opened = await open(link, { wait: false });
    const { page } = opened;
    // The page starts at once, with the library's verdicts, while the link's grammar is tried.
    await page.waitForSelector("body[data-ready=true]", { state: "attached" });
    assert.equal(await page.locator("#loading").isVisible(), false);
    await settled(page);
    const lines = state.inputs.split("\n");
    assert.equal((await rows(page)).length, lines.length);
    if (refused) {
      assert.match(await page.locator("#state-note span").textContent(), refused);
      assert.equal(await page.locator("#edited-flag").isVisible(), false);
      assert.equal(await grammarText(page), urnPest);
      // It stays so after a reload from storage, the link gone.
      await page.goto(url);
      await settled(page);
      assert.equal(await grammarText(page), urnPest);
      assert.equal(await page.locator("#state-note").isVisible(), false);
    } else {
      assert.equal(await page.locator("#state-note").isVisible(), false);
      assert.equal(await page.locator("#edited-flag").isVisible(), true);
      assert.deepEqual((await editedRows(page))[0], ["true", ""]);
    }
    // And it answers: a line typed now gets its verdict.
    await page.locator("#inputs").press("ControlOrMeta+End");
    await page.locator("#inputs").pressSequentially("\nurn:example:typed");
    await settled(page);
    assert.equal((await rows(page)).at(-1).valid, true);
    await close(opened);
  }
  await close(maker);
});

test("a refused saved grammar can still be applied on purpose, and its lines are refused one by one", async () => {
  const maker = await open();
  const link = await shareLink(maker.page, { entry: "urn-rfc8141", inputs: `${"a".repeat(3000)}b\nab`, edits: { "urn.pest": RECURSIVE } });
  await close(maker);
  const opened = await open(link);
  const { page } = opened;
  assert.equal(await page.locator("#state-note").isVisible(), true);
  await page.locator("#state-note button").click();
  await settled(page);
  assert.equal(await page.locator("#edited-flag").isVisible(), true);
  assert.deepEqual((await editedRows(page)).map(([edited]) => edited), ["refused", "true"]);
  await close(opened);
});

test("a worker that traps is replaced, says so, and the next request is answered", async () => {
  // A worker whose module traps on a line holding TRAP, as a stack overflow or a failed
  // allocation would: the page's own worker.js, wrapped.
  const original = await readFile(new URL("../dist/worker.js", import.meta.url), "utf8");
  const trapping = original.replace(
    'results.push(JSON.parse(grammar.run(line)));',
    'if (line.includes("TRAP")) throw new RangeError("Maximum call stack size exceeded");\n        results.push(JSON.parse(grammar.run(line)));',
  );
  assert.notEqual(trapping, original);
  const opened = await open(url, {
    setup: (context) =>
      context.route("**/worker.js", (route) =>
        route.fulfill({ body: trapping, contentType: "text/javascript" }),
      ),
  });
  const { page } = opened;
  await paste(page, "urn:example:TRAP\nurn:example:a");
  await editGrammar(page, 'NSS = @{ pchar ~ (pchar | "/")* }', 'NSS = @{ pchar ~ (pchar | "/" | "^")* }');
  assert.deepEqual(await editedRows(page), [
    ["refused", "edited grammar: this grammar recursed deeper than the browser's stack allows (RangeError: Maximum call stack size exceeded)"],
    ["true", ""],
  ]);
  assert.equal(
    await page.locator("#worker-note").textContent(),
    `The grammar worker was replaced: this grammar recursed deeper than the browser's stack allows (RangeError: Maximum call stack size exceeded) on line "urn:example:TRAP".`,
  );
  await close(opened);
});

test("the registration check refuses ABNF that nests too deep, and answers after it", async () => {
  const opened = await open();
  const { page } = opened;
  await page.locator("#mode-registration").click();
  await replaceText(page, "#reg-abnf", `a = ${"(".repeat(2000)}"x"${")".repeat(2000)}`);
  await page.locator("#reg-nid").fill("xy");
  await page.locator("#reg-run").click();
  await settled(page);
  assert.equal(
    await page.locator("#reg-report pre").textContent(),
    "ABNF: groups and options nest more than 64 deep at line 1, column 69",
  );
  await replaceText(page, "#reg-abnf", 'a = 1*DIGIT');
  await page.locator("#reg-run").click();
  await settled(page);
  assert.match(await page.locator("#reg-summary").textContent(), /^Every generated string makes a valid RFC 8141 URN\.$/);
  await close(opened);
});

test("a failure during start-up is shown where the page would be", async () => {
  const opened = await open(url, {
    wait: false,
    setup: (context) => context.route("**/*.wasm", (route) => route.fulfill({ status: 404, body: "not found" })),
  });
  const { page } = opened;
  await page.waitForSelector("body[data-failed=true]", { state: "attached" });
  assert.equal(await page.locator("#loading").isVisible(), true);
  assert.match(await page.locator("#loading").textContent(), /^The playground could not start: /);
  assert.equal(await page.locator("#loading").getAttribute("role"), "alert");
  await close(opened);
});

test("without its worker, the page still gives the library's verdicts and says what is missing", async () => {
  const opened = await open(url, {
    setup: (context) => context.route("**/worker.js", (route) => route.fulfill({ status: 404, body: "not found" })),
  });
  const { page } = opened;
  await paste(page, "urn:example:a\nurn:example:a%zz");
  assert.deepEqual((await rows(page)).map((r) => r.valid), [true, false]);
  assert.match(await page.locator("#grammar-error").textContent(), /the grammar worker/);
  assert.match(await page.locator("#worker-note").textContent(), /^The grammar worker was replaced: the grammar worker failed/);
  await close(opened);
});

test("the sample fits the grammar, the rule shown is the entry rule, long lines scroll", async () => {
  const opened = await open();
  const { page } = opened;
  // URNs under a URN grammar; a tag grammar swaps in tag URIs while the sample is untouched.
  const sample = await page.locator("#inputs").inputValue();
  assert.ok(sample.split("\n").every((line) => /^!?urn:/i.test(line)), sample);
  assert.equal(await page.locator("#rule-name").textContent(), `rfc8141 (line ${lineOf("rfc8141")})`);
  assert.equal(await page.locator("#grammar-name").textContent(), "urn.pest, rule rfc8141");
  // The text opens on the entry rule, not on the file's header.
  const shown = await page.locator("#grammar-text").evaluate(({ editor: { view } }) => {
    const top = view.lineBlockAtHeight(view.scrollDOM.scrollTop + 1);
    return view.state.doc.lineAt(top.from).number;
  });
  assert.ok(Math.abs(shown - (lineOf("rfc8141") - 2)) <= 1, `${shown}`);
  await page.selectOption("#grammar-select", "tag-rfc4151");
  await settled(page);
  assert.ok((await page.locator("#inputs").inputValue()).split("\n").every((line) => /^!?tag:/.test(line)));
  assert.equal(await page.locator("#rule-name").textContent(), `rfc4151 (line ${tagPest.split("\n").findIndex((l) => l.startsWith("rfc4151 = ")) + 1})`);
  // A namespace grammar shows its own entry rule.
  await page.selectOption("#grammar-select", "ns-isbn");
  await settled(page);
  assert.match(await page.locator("#rule-name").textContent(), /^isbn \(line \d+\)$/);
  // An edited sample stays when the grammar changes.
  await paste(page, "urn:example:mine");
  await page.selectOption("#grammar-select", "tag-rfc4151");
  await settled(page);
  assert.equal(await page.locator("#inputs").inputValue(), "urn:example:mine");
  // A line longer than its row scrolls: nothing of it is cut off.
  await page.selectOption("#grammar-select", "urn-rfc8141");
  await paste(page, `urn:example:${"x".repeat(300)}%zz`);
  const line = page.locator("#results li .line").first();
  const [scrollWidth, clientWidth, overflow] = await line.evaluate((el) => [el.scrollWidth, el.clientWidth, getComputedStyle(el).overflowX]);
  assert.ok(scrollWidth > clientWidth, `${scrollWidth} > ${clientWidth}`);
  assert.equal(overflow, "auto");
  await line.evaluate((el) => (el.scrollLeft = el.scrollWidth));
  assert.ok(await line.evaluate((el) => el.scrollLeft > 0));
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
  const [grammarEdit, grammarAll] = await page.evaluate(() => [
    Number(document.body.dataset.grammarMs),
    Number(document.body.dataset.grammarAllMs),
  ]);
  const edited = [];
  for (const key of typing) edited.push(await timed(() => page.locator("#inputs").press(key)));
  const both = (times) =>
    `update ${spread(times.map(([update]) => update))}; to the next frame ${spread(times.map(([, frame]) => frame))}`;
  // Side by side in the page: the library's verdicts (the compiled grammar) and pest_vm's
  // (the same grammar text, interpreted) on the same 1 000 new lines, module calls alone.
  const [library, interpreter] = await page.evaluate(async (lines) => {
    const wasm = await import("./pkg/urn_tag_playground.js");
    const source = JSON.parse(wasm.entries()).find((e) => e.id === "urn-rfc8141").source;
    const grammar = new wasm.Grammar(source, "urn-rfc8141");
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
      `  grammar edit: read by the worker in ${grammarEdit.toFixed(1)}, ` +
      `every line run by pest_vm in the worker ${grammarAll.toFixed(1)} after the edit\n` +
      `  keystroke under the edited grammar: ${both(edited)}\n` +
      `  1000 lines, module calls alone: the library's check ${library.toFixed(1)}, pest_vm's run ${interpreter.toFixed(1)}`,
  );

  await page.locator("#reset-grammar").click();
  await paste(
    page,
    [
      "urn:example:foo-bar-baz-qux?+CCResolve:cc=uk",
      "URN:EXAMPLE:a123,z456#789",
      "!urn:example:a%zz",
      "!urn:ex:a?b",
      "urn:isbn:0451450523",
      "!urn:example:a/b",
    ].join("\n"),
  );
  await cursorToLine(page, 0);
  await page.locator('#tree li[data-rule="namestring"] button').click();
  await page.screenshot({ path: `${output}playground.png`, fullPage: false });
  await close(opened);
});

test("an ABNF syntax error is one message: line, column, what is wrong, a caret under the fault", async () => {
  const opened = await open();
  const { page } = opened;
  await page.locator("#mode-registration").click();
  await replaceText(page, "#reg-abnf", 'NSS = 1*part\npart = ALPHA / DIGIT / "-" )\n');
  await page.locator("#reg-nid").fill("xy");
  await page.locator("#reg-run").click();
  await settled(page);
  assert.equal(
    await page.locator("#reg-report pre").textContent(),
    "ABNF syntax error at line 2, column 28: this bracket closes nothing\n" +
      'part = ALPHA / DIGIT / "-" )\n' +
      "                           ^",
  );
  await close(opened);
});

test("an invalid line shows its deepest attempt, at the byte and in the words of the library's error", async () => {
  const opened = await open();
  const { page } = opened;
  await paste(page, "urn:example:a\nurn:example:a%zz");
  await cursorToLine(page, 1);
  await settled(page);
  await waitForText(
    page,
    "#tree-note",
    "invalid percent-encoding in NSS at byte 14. The deepest attempt of rfc8141 under the grammar stopped there too, expecting '0'..'9', 'A'..'F', 'a'..'f' or NSS:",
  );
  const steps = () =>
    page.$$eval("#tree li", (items) =>
      items.map((li) => `${li.dataset.rule} ${li.dataset.span} ${li.querySelector("mark").textContent}`),
    );
  // Each rule the run was inside, marked up to the byte where it stopped; those that matched,
  // with their spans.
  assert.deepEqual(await steps(), [
    "rfc8141 0.. urn:example:a%",
    "namestring 0.. urn:example:a%",
    "assigned_name 0.. urn:example:a%",
    "NID 4..11 example",
    "NSS 12.. a%",
    "pchar 12..13 a",
    "pchar 13.. %",
    "pct_encoded 13.. %",
    "HEXDIG 14.. \u200b",
  ]);
  // Where the edited grammar and the library disagree, the note says which says what.
  await editGrammar(page, 'pct_encoded = _{ "%" ~ HEXDIG ~ HEXDIG }', 'pct_encoded = _{ "%" ~ "z" ~ HEXDIG }');
  await cursorToLine(page, 0);
  await cursorToLine(page, 1);
  await settled(page);
  await waitForText(
    page,
    "#tree-note",
    "The library (the shipped grammar) says: invalid percent-encoding in NSS at byte 14; rfc8141 under the edited grammar got no further than byte 15, expecting",
  );
  assert.equal((await steps()).at(-1), "HEXDIG 15.. \u200b");
  await close(opened);
});

test("the registration report warns as BAP does: undefined rules, names in another case, unused rules", async () => {
  const opened = await open();
  const { page } = opened;
  await page.locator("#mode-registration").click();
  await replaceText(page, "#reg-abnf", 'NSS = part *( "." Part )\npart = 1*digit\nspare = ALPHA\n');
  await page.locator("#reg-top").fill("NSS");
  await page.locator("#reg-nid").fill("xy");
  await page.locator("#reg-run").click();
  await settled(page);
  assert.deepEqual(await page.locator("#reg-warnings li").allTextContents(), [
    "line 1: rule part is written Part here, but defined as part (line 2)",
    "line 2: rule digit is written digit here, but defined as DIGIT (RFC 5234's core rules)",
    "line 3: rule spare is defined but not used",
  ]);
  await close(opened);
});

test("the registration report samples the generated URNs RFC 8141 accepts, not only the rejects", async () => {
  const opened = await open();
  const { page } = opened;
  await page.locator("#mode-registration").click();
  await replaceText(page, "#reg-abnf", "nss = 1*3DIGIT\n");
  await page.locator("#reg-top").fill("nss");
  await page.locator("#reg-nid").fill("xy");
  await page.locator("#reg-run").click();
  await settled(page);
  const accepted = await page.locator("#reg-accepted li").allTextContents();
  assert.equal(accepted.length, 25);
  assert.ok(accepted.every((urn) => /^urn:xy:[0-9]{1,3}$/.test(urn)), accepted.join(" "));
  assert.equal(accepted[0].length, "urn:xy:0".length);
  assert.equal(accepted.at(-1).length, "urn:xy:000".length);
  await close(opened);
});

test("the registration report sums up its counts and groups the rejects by reason, case variants folded", async () => {
  const opened = await open();
  const { page } = opened;
  await page.locator("#mode-registration").click();
  await replaceText(page, "#reg-abnf", 'nss = 1*2( "a" / "A" / " " )\n');
  await page.locator("#reg-top").fill("nss");
  await page.locator("#reg-nid").fill("xy");
  await replaceText(page, "#reg-examples", "urn:xy:a\nurn:xy:b\n!urn:xy:a a");
  await page.locator("#reg-run").click();
  await settled(page);
  const generated = (await page.locator("#reg-report h3 >> nth=1").textContent()).match(/(\d+) strings, (\d+) of them/);
  assert.equal(
    await page.locator("#reg-totals").textContent(),
    `3 examples: the ABNF accepts 1 and rejects 2. ${generated[1]} strings generated from the ABNF: RFC 8141 rejects ${generated[2]}.`,
  );
  // `urn:xy:A ` and `urn:xy:a ` are one finding; so are `urn:xy: A` and `urn:xy: a`.
  const rows = await page.$$eval("#reg-reasons tr", (list) => list.slice(1).map((row) => [...row.cells].map((cell) => cell.textContent)));
  assert.deepEqual(rows, [
    ["white space after the NSS", "3", "urn:xy: \nurn:xy:  \nurn:xy:A "],
    ["invalid character ' ' in NSS", "1", "urn:xy: A"],
  ]);
  assert.equal(await page.locator("#reg-summary").textContent(), "The registration's syntax allows URNs that RFC 8141 does not, for 2 reasons:");
  // The plain-text report says the same.
  await page.locator("#copy-report").click();
  const report = await page.evaluate(() => navigator.clipboard.readText());
  assert.ok(report.includes(`\n3 examples: the ABNF accepts 1 and rejects 2.`), report);
  assert.ok(report.includes("\n  white space after the NSS (3): urn:xy: , urn:xy:  , urn:xy:A \n"), report);
  await close(opened);
});

test("an example the registration's ABNF rejects shows where, with a caret, and the rule that failed, in the report and its plain text", async () => {
  const opened = await open();
  const { page } = opened;
  await page.locator("#mode-registration").click();
  await replaceText(page, "#reg-abnf", 'nss = part *( "-" part )\npart = 1*DIGIT');
  await page.locator("#reg-top").fill("nss");
  await page.locator("#reg-nid").fill("x-review");
  await replaceText(page, "#reg-examples", "urn:x-review:12-34\n!urn:x-review:12-\n!urn:x-review:1é-2");
  await page.locator("#reg-run").click();
  await settled(page);
  const failures = await page.$$eval("#reg-report table >> nth=0", ([table]) =>
    [...table.rows].slice(1).map((row) => row.cells[3].querySelector(".abnf-failure")?.textContent ?? null),
  );
  assert.deepEqual(failures, [
    null,
    // The rule reading at the failing byte, and the rules around it.
    "urn:x-review:12-\n                ^ byte 16 (the end): in core rule DIGIT of rule part (within nss): expected '0'..'9'",
    // The caret counts characters; the message counts bytes, as the library's errors do.
    "urn:x-review:1é-2\n              ^ byte 14 (%C3): in rule nss: expected '-', '0'..'9' or the end",
  ]);
  await page.locator("#copy-report").click();
  await page.waitForFunction(() => document.getElementById("share-status").textContent === "Report copied.");
  const report = await page.evaluate(() => navigator.clipboard.readText());
  assert.ok(
    report.includes(
      "\n  The ABNF fails on urn:x-review:12-:\n    urn:x-review:12-\n                    ^ byte 16 (the end): in core rule DIGIT of rule part (within nss): expected '0'..'9'\n",
    ),
    report,
  );
  await close(opened);
});

test("examples drawn from the grammar: valid lines and near misses, each judged by the grammar, one click to add one", async () => {
  const opened = await open();
  const { page } = opened;
  const draw = async () => {
    await page.locator("#draw-examples").click();
    await page.waitForSelector("#drawn-list li", { state: "attached" });
    await settled(page);
    return page.$$eval("#drawn-list li", (items) =>
      items.map((li) => ({ line: li.querySelector("code").textContent, valid: li.dataset.valid === "true" })),
    );
  };
  await page.locator("#drawn summary").click();
  // The isbn grammar leaves an ISBN's check digit and hyphens to the library, which refuses
  // most lines the grammar matches: the valid lines drawn are those the library accepts too,
  // and the note says how many it refused.
  await page.selectOption("#grammar-select", "ns-isbn");
  await settled(page);
  const isbn = await draw();
  assert.ok(isbn.length > 0 && isbn.every((row) => row.line.startsWith("urn:isbn:")), JSON.stringify(isbn));
  const kinds = await page.locator("#drawn-list li .kind").allTextContents();
  const drawnValid = isbn.filter((row, i) => kinds[i] === " valid ");
  assert.equal(drawnValid.length, 8, kinds.join("|"));
  assert.ok(drawnValid.every((row) => row.valid), JSON.stringify(drawnValid));
  const [, refusedCount, matchedCount] = (await page.locator("#drawn-note").textContent()).match(
    /^8 valid, \d+ near misses, each run by the grammar\. The library refused (\d+) of the (\d+) lines drawn that the grammar matches \(checks the grammar leaves to Rust\); the valid ones listed are lines it accepts too\.$/,
  );
  assert.equal(Number(matchedCount), Number(refusedCount) + 8);
  // A near miss the grammar matches and the library refuses is said so, and counted invalid.
  const refusedByRust = kinds.map((kind) => kind.includes("the grammar matches it but the library refuses it"));
  assert.ok(isbn.every((row, i) => !refusedByRust[i] || !row.valid));
  // The page's own verdicts, the library's, on the valid lines drawn: all valid.
  await paste(page, drawnValid.map((row) => row.line).join("\n"));
  assert.deepEqual((await rows(page)).map((row) => row.valid), drawnValid.map(() => true));

  await page.selectOption("#grammar-select", "urn-rfc8141");
  await settled(page);
  const drawn = await draw();
  const valid = drawn.filter((row) => row.valid);
  const refused = drawn.filter((row) => !row.valid);
  assert.ok(valid.length > 0 && refused.length > 0, JSON.stringify(drawn));
  assert.match(await page.locator("#drawn-note").textContent(), /^\d+ valid, \d+ near misses, each run by the grammar\.$/);
  // The page's own verdicts on every drawn line agree with what the list says.
  await paste(page, drawn.map((row) => row.line).join("\n"));
  const verdicts = await rows(page);
  assert.deepEqual(
    verdicts.map((row) => row.valid),
    drawn.map((row) => row.valid),
    JSON.stringify(verdicts),
  );
  // One click adds a line as a test case; a near miss the grammar refuses gets its `!`.
  await paste(page, "");
  const addValid = page.locator("#drawn-list li[data-valid=true] button").first();
  const addRefused = page.locator("#drawn-list li[data-valid=false] button").first();
  await addValid.click();
  await addRefused.click();
  await settled(page);
  assert.equal(await page.locator("#inputs").inputValue(), `${valid[0].line}\n!${refused[0].line}`);
  assert.equal(await addValid.isDisabled(), true);
  assert.match(await page.locator("#summary").textContent(), /^2 of 2 as expected\./);
  await close(opened);
});

test("stepping through a failing line, forwards and backwards, ends on the byte of its trace", async () => {
  const opened = await open();
  const { page } = opened;
  await paste(page, "urn:example:a%zz");
  await cursorToLine(page, 0);
  await waitForText(page, "#tree-note", "invalid percent-encoding in NSS at byte 14. The deepest attempt");
  // The trace's byte: where its deepest rule stopped.
  const traced = await page.locator("#tree li").last().getAttribute("data-span");
  assert.equal(traced, "14..");
  await page.locator("#step-run").click();
  await page.waitForSelector("#stepper:not([hidden])");
  await settled(page);
  const position = () => page.locator("#step-position").textContent();
  const state = () =>
    page.locator("#stepper").evaluate((root) => ({
      step: Number(root.dataset.step),
      at: Number(root.dataset.at),
      kind: root.dataset.kind,
      stack: document.getElementById("step-stack").textContent,
      mark: root.querySelector("#step-line mark").textContent,
    }));
  const first = await position();
  const total = Number(first.match(/^Event 1 of (\d+):/)[1]);
  assert.equal(first, `Event 1 of ${total}: entered rfc8141 at byte 0.`);
  assert.equal(await page.locator("#step-position").getAttribute("aria-live"), "polite");
  assert.equal(await page.locator("#step-back").isDisabled(), true);
  // The keys step from the focused controls: each step moves the grammar editor to its rule.
  assert.equal(await page.evaluate(() => document.activeElement.id), "step-next");
  await page.keyboard.press("ArrowRight");
  assert.equal(await position(), `Event 2 of ${total}: entered namestring at byte 0.`);
  assert.deepEqual(await state(), { step: 2, at: 0, kind: "entered", stack: "rfc8141 › namestring", mark: "u" });
  await settled(page);
  assert.equal(await page.locator("#rule-name").textContent(), `namestring (line ${lineOf("namestring")})`);
  await page.keyboard.press("ArrowLeft");
  assert.equal(await position(), `Event 1 of ${total}: entered rfc8141 at byte 0.`);
  // Step by step to the end: no event gets past the trace's byte, and the last step is there.
  const seen = [];
  for (let i = 1; i < total; i++) {
    await page.locator("#step-next").click();
    seen.push(await state());
  }
  const last = seen.at(-1);
  assert.equal(last.step, total);
  assert.equal(last.kind, "stopped");
  assert.equal(last.at, 14);
  assert.ok(seen.every((step) => step.at <= 14), JSON.stringify(seen));
  const matched = seen.find((step) => step.kind === "matched" && step.stack.endsWith("NID"));
  assert.deepEqual(matched, { ...matched, at: 11, mark: "example" });
  assert.equal(
    await position(),
    `Event ${total} of ${total}: the run got no further than byte 14, expecting '0'..'9', 'A'..'F', 'a'..'f' or NSS.`,
  );
  assert.equal(await page.locator("#step-next").isDisabled(), true);
  await page.locator("#step-back").focus();
  await page.keyboard.press("ArrowLeft");
  assert.equal(await position(), `Event ${total - 1} of ${total}: rfc8141 failed; back to byte 0.`);
  await page.keyboard.press("Home");
  assert.equal((await state()).step, 1);
  // Back went disabled under the focus, which moved to Step: the keys still work.
  assert.equal(await page.evaluate(() => document.activeElement.id), "step-next");
  await page.keyboard.press("End");
  assert.equal((await state()).at, 14);
  // A breakpoint on a rule: Step and Back go to its events, and past the last one, to the end.
  await page.locator("#step-first").click();
  await page.selectOption("#step-break", "pct_encoded");
  await page.locator("#step-next").click();
  assert.match(await position(), /^Event \d+ of \d+: entered pct_encoded at byte 13\.$/);
  await page.locator("#step-next").click();
  assert.match(await position(), /^Event \d+ of \d+: pct_encoded failed; back to byte 13\.$/);
  await page.locator("#step-next").click();
  assert.equal((await state()).kind, "stopped");
  await page.locator("#step-back").click();
  assert.match(await position(), /^Event \d+ of \d+: pct_encoded failed; back to byte 13\.$/);
  // Another line puts the stepper away.
  await paste(page, "urn:example:a%zz\nurn:x");
  await cursorToLine(page, 1);
  assert.equal(await page.locator("#stepper").isHidden(), true);
  await close(opened);
});

test("a run of more events than are kept says how many it made and where it was cut", async () => {
  const opened = await open();
  const { page } = opened;
  await setGrammar(page, urnPestWith('rfc8141 = { x* ~ "!" }\nx = { "a" }'));
  await paste(page, "a".repeat(3000));
  await cursorToLine(page, 0);
  await page.locator("#step-run").click();
  await page.waitForSelector("#stepper:not([hidden])");
  await settled(page);
  // rfc8141 entered, x entered and matched for each `a`, one more x entered and failed, then
  // rfc8141 failed: 6 004 events, of which the first 5 000 are kept, and where it stopped.
  assert.equal(
    await page.locator("#step-cut").textContent(),
    "The run made 6 004 events; the first 5 000 are kept, cut after byte 2499, then where it stopped.",
  );
  assert.equal(await page.locator("#step-position").textContent(), "Event 1 of 5 001: entered rfc8141 at byte 0.");
  await page.keyboard.press("End");
  assert.equal(
    await page.locator("#step-position").textContent(),
    "Event 5 001 of 5 001: the run got no further than byte 3000, expecting \"!\", \"a\" or x.",
  );
  await close(opened);
});
