// The grammar playground: a grammar from the menu, identifiers one per line, and for each
// line the library's verdict (and, with the grammar text edited, pest's verdict under the
// edited text), the parse tree of the line under the cursor, and the rule under the grammar
// editor's cursor with its railroad diagram. All answers come from the WebAssembly module
// (wasm/src/lib.rs): the library's verdicts from this thread, since the library answers any
// input in linear time; whatever runs a grammar text (reading it, pest_vm, diagrams, the
// registration check) from a worker (worker.js) under a time limit, since a text can be
// anything. This file keeps state, supervises the worker and draws.

import init, * as wasm from "./pkg/urn_tag_playground.js";
import { createEditor } from "./editor.js";
import { showTrace } from "./trace.js";
import { stepper } from "./stepper.js";
import { failureText, showAccepted, showFailure, showReasons, showWarnings, summaryLine } from "./registration-report.js";

const $ = (id) => document.getElementById(id);

// --- Byte offsets (the library's and pest's) to string positions (the page's). ---

const encoder = new TextEncoder();
const ASCII = /^[\x00-\x7f]*$/;

/** The UTF-16 position in `text` of its UTF-8 byte offset `byte`. */
function position(text, byte) {
  if (ASCII.test(text)) return Math.min(byte, text.length);
  let bytes = 0;
  let at = 0;
  for (const ch of text) {
    if (bytes >= byte) break;
    bytes += encoder.encode(ch).length;
    at += ch.length;
  }
  return at;
}

/** `text` with the bytes `start..end` marked. */
function marked(text, start, end) {
  const from = position(text, start);
  const to = position(text, end);
  const code = document.createElement("code");
  code.append(text.slice(0, from));
  const mark = document.createElement("mark");
  // An empty span (EOI, an empty match) still shows where it is.
  mark.textContent = to > from ? text.slice(from, to) : "\u200b";
  code.append(mark, text.slice(to));
  return code;
}

// --- The worker, supervised: a time limit on every request, a new worker when one stops. ---

/** How long the worker may take over one request (for a run of lines: over one line) before
 * it is stopped and replaced; reading a grammar text, up to two megabytes of it, gets longer
 * (pest_meta reads a megabyte in about a second). */
const TIME_LIMIT_MS = 2000;
const READ_TIME_LIMIT_MS = 5000;

/** What a trap of the module says, in words. */
function trapMessage(trapped) {
  if (trapped.startsWith("RangeError")) {
    return `this grammar recursed deeper than the browser's stack allows (${trapped})`;
  }
  return `the module stopped (${trapped})`;
}

/** Whether a worker request is about the grammar text (it needs the worker to hold the text,
 * and is dropped for a newer one), rather than about a registration's ABNF, which comes with
 * the request. */
function aboutTheGrammar(op) {
  return op !== "registration" && op !== "abnf-outline";
}

/**
 * The grammar worker (worker.js) and its queue: one request at a time, each under
 * `TIME_LIMIT_MS`. A worker that runs over, traps or fails is terminated and a new one
 * started, which is given the grammar text again; the request that stopped it is answered
 * with `{refused}`, and `onRestart` is told why.
 */
class GrammarWorker {
  constructor(onRestart, onBusy) {
    this.onRestart = onRestart;
    this.onBusy = onBusy;
    this.queue = [];
    this.job = null;
    this.nextId = 1;
    /** The grammar text asked for last, `{text, entry}`, and whether this worker holds it. */
    this.wanted = null;
    this.holds = false;
    /** Errors of the worker's own script since it last answered; past a few, it is not
     * started again (it cannot load, and would fail the same way each time). */
    this.errors = 0;
    this.broken = null;
    this.start();
  }

  start() {
    this.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    this.worker.onmessage = ({ data }) => this.answered(data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      if (++this.errors >= 3) this.broken = `the grammar worker could not start (${event.message ?? "no reason given"})`;
      this.stopped(`the grammar worker failed: ${event.message ?? "no reason given"}`);
    };
    this.holds = false;
  }

  /** Reads a grammar text in the worker: `{error, outline, refused}`. Requests queued for an
   * older text are dropped, and one under way is stopped (with its worker: a run of a
   * thousand lines, or a text that takes long to read, would hold up the new text). */
  load(text, entry) {
    const kept = [];
    for (const job of this.queue.splice(0)) {
      if (!aboutTheGrammar(job.message.op)) kept.push(job);
      else job.resolve({ superseded: true });
    }
    this.queue = kept;
    if (this.job && aboutTheGrammar(this.job.message.op)) {
      const job = this.job;
      clearTimeout(this.timer);
      this.job = null;
      this.worker.terminate();
      if (!this.broken) this.start();
      job.resolve({ superseded: true });
    }
    this.wanted = { text, entry };
    this.holds = false;
    return this.request({ op: "load", text, entry });
  }

  /** Stops the worker for good. */
  close() {
    clearTimeout(this.timer);
    this.worker.terminate();
  }

  /** Queues a request; resolves to the worker's answer or to `{refused}`. With `key`, a
   * request still queued under the same key is dropped (the latest wins). */
  request(message, { key, onPartial } = {}) {
    return new Promise((resolve) => {
      if (key) {
        const old = this.queue.findIndex((job) => job.key === key);
        if (old >= 0) this.queue.splice(old, 1)[0].resolve({ superseded: true });
      }
      this.queue.push({ message, key, onPartial, resolve });
      this.pump();
    });
  }

  pump() {
    if (this.job) return;
    let job = this.queue.shift();
    if (!job) {
      this.onBusy(false);
      return;
    }
    if (this.broken) {
      job.resolve({ refused: this.broken });
      this.pump();
      return;
    }
    // A request about the grammar text needs the worker to hold it: after a restart, the new
    // worker reads it first.
    if (job.message.op !== "load" && aboutTheGrammar(job.message.op) && !this.holds) {
      if (!this.wanted || this.wanted.failed) {
        job.resolve({ refused: this.wanted?.failed ?? "no grammar text" });
        this.pump();
        return;
      }
      this.queue.unshift(job);
      job = { message: { op: "load", ...this.wanted }, resolve: () => {} };
    }
    this.onBusy(true);
    job.id = this.nextId++;
    job.received = 0;
    this.job = job;
    this.worker.postMessage({ ...job.message, id: job.id });
    this.arm();
  }

  arm() {
    clearTimeout(this.timer);
    const limit = this.job.message.op === "load" ? READ_TIME_LIMIT_MS : TIME_LIMIT_MS;
    this.timer = setTimeout(() => this.stopped(`stopped after ${limit / 1000} s`), limit);
  }

  answered(data) {
    const job = this.job;
    if (!job || data.id !== job.id) return;
    if (data.partial) {
      job.received += data.partial.length;
      job.onPartial?.(data.partial, data.from);
      this.arm();
      return;
    }
    clearTimeout(this.timer);
    this.job = null;
    this.errors = 0;
    if (data.trapped) {
      this.replace(job, trapMessage(data.trapped));
      return;
    }
    if (job.message.op === "load") {
      this.holds = true;
      if (data.limit) this.wanted.failed = oneLine(data.error);
    }
    job.resolve(data);
    this.pump();
  }

  /** The worker ran over or failed during the current request. */
  stopped(reason) {
    const job = this.job;
    clearTimeout(this.timer);
    this.job = null;
    if (job) this.replace(job, reason);
  }

  replace(job, reason) {
    this.worker.terminate();
    if (!this.broken) this.start();
    if (job.message.op === "load" && this.wanted) this.wanted.failed = reason;
    // For a run of lines, the line it stopped on is the first it had not answered.
    const stuck = job.received;
    const where = job.message.op === "run" ? ` on line ${shorten(job.message.lines[stuck])}` : "";
    this.onRestart(`The grammar worker was replaced: ${reason}${where}.`);
    job.resolve({ refused: reason, stuck });
    this.pump();
  }
}

/** pest's report of an error (`--> line:column`, the line, a caret, `= message`) in one line. */
function oneLine(report) {
  const found = report.match(/--> (\d+):(\d+)[\s\S]*\n\s*= (.*)$/);
  return found ? `${found[3]} (line ${found[1]}, column ${found[2]})` : report;
}

/** A line as a note quotes it: in quotes, and cut short when long. */
function shorten(line) {
  return JSON.stringify(line.length > 40 ? `${line.slice(0, 40)}…` : line);
}

// --- State: what is kept across reloads and put in share links. ---

const STORAGE_KEY = "urn-tag-playground";
/** What the inputs box starts with, for each kind of grammar: identifiers of that kind, valid
 * and not, the invalid ones marked so (see `testCase`). */
const SAMPLES = {
  urn: [
    "urn:example:foo-bar-baz-qux?+CCResolve:cc=uk",
    "URN:EXAMPLE:a123,z456#789",
    "!urn:example:a%zz",
    "!urn:ex:a?b",
    "urn:isbn:0451450523",
  ].join("\n"),
  tag: [
    "tag:yaml.org,2002:int",
    "tag:timothy@hpl.hp.com,2001:web/externalHome",
    "!tag:example.com,1900-02-29:x",
    "!tag:example.com,2000-13:x",
  ].join("\n"),
};
const sampleOf = (kind) => SAMPLES[kind === "tag" ? "tag" : "urn"];

const state = {
  mode: "try",
  entry: "urn-rfc8141",
  inputs: SAMPLES.urn,
  /** Edited grammar texts by file name; a file not here is as shipped. */
  edits: {},
  registration: { abnf: "", top: "", nid: "", scope: "nss", examples: "" },
};

let entries = [];
let entry = null;

function currentText() {
  return state.edits[entry.file] ?? entry.source;
}

function isEdited() {
  return entry.file in state.edits;
}

let saveTimer = 0;
function save() {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(saveNow, 200);
}

/** Keeps the state in storage now. A share link's state, once kept, leaves the address bar:
 * a reload then opens the state as it is, later edits included, not the link's snapshot. */
function saveNow({ keepLink = false } = {}) {
  clearTimeout(saveTimer);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Storage full or refused (a private window): the page works on without it.
  }
  // While the link's grammar text is tried, the state kept lacks it: the link stays.
  if (keepLink || document.body.dataset.trying) return;
  if (location.hash.startsWith("#s=")) history.replaceState(null, "", location.pathname + location.search);
}

/** A saved or shared state as far as it has the right shape; anything else in it is left. */
function parseState(saved) {
  const parsed = { registration: {} };
  if (!saved || typeof saved !== "object") return parsed;
  for (const key of ["mode", "entry", "inputs"]) {
    if (typeof saved[key] === "string") parsed[key] = saved[key];
  }
  if (saved.edits && typeof saved.edits === "object") {
    parsed.edits = Object.fromEntries(
      Object.entries(saved.edits).filter(([, text]) => typeof text === "string"),
    );
  }
  if (saved.registration && typeof saved.registration === "object") {
    for (const key of Object.keys(state.registration)) {
      if (typeof saved.registration[key] === "string") {
        parsed.registration[key] = saved.registration[key];
      }
    }
  }
  return parsed;
}

function applyState(parsed) {
  for (const key of ["mode", "entry", "inputs"]) {
    if (key in parsed) state[key] = parsed[key];
  }
  if (parsed.edits) state.edits = parsed.edits;
  Object.assign(state.registration, parsed.registration);
}

// Share links hold the state in the fragment, deflated and base64url-encoded, so that an
// edited grammar fits: `#s=...`.
async function encodeState() {
  const stream = new Blob([JSON.stringify(state)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

async function decodeState(text) {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return JSON.parse(await new Response(stream).text());
}

// --- Test cases: a line of the inputs and the verdict expected of it. ---

/**
 * A line of the inputs as a test case: the identifier it holds and the verdict expected of
 * it. A line is expected to be valid; a leading `!` says that it is expected to be invalid (a
 * counterexample); a leading `\` is dropped, so that `\!x` checks `!x` and expects it valid.
 * An empty line expects nothing.
 */
function testCase(line) {
  if (line.startsWith("!")) return { text: line.slice(1), expect: "invalid" };
  if (line.startsWith("\\")) return { text: line.slice(1), expect: "valid" };
  return { text: line, expect: line === "" ? null : "valid" };
}

/** A line's verdict under the grammar being tried: pest's under an edited text once it has
 * answered (null until then, or when the text cannot be run), else the library's. */
function outcome(shipped, edited) {
  if (!loaded.edited) return shipped.valid ? "valid" : "invalid";
  if (!loaded.runnable || edited === undefined || edited.status === "not run") return null;
  if (edited.status === "refused") return "refused";
  return edited.status === "match" ? "valid" : "invalid";
}

// --- Verdicts: the library's, cached by line; pest's under the grammar text, from the worker. ---

/** Line text -> the library's verdict under the current entry. */
let shippedCache = new Map();

function shippedVerdict(line) {
  let found = shippedCache.get(line);
  if (!found) {
    found = JSON.parse(wasm.check(entry.id, line));
    if (shippedCache.size > 50000) shippedCache.clear();
    shippedCache.set(line, found);
  }
  return found;
}

/** The grammar text as the worker read it last: its version (counting loads), whether it is
 * an edited text (verdicts follow what was read, not the editor's text while it waits to be
 * read), whether it can be run, and why not. */
const loaded = { version: 0, edited: false, runnable: false, error: "" };
/** Line text -> pest's result under the loaded text; lines asked for and not answered yet. */
let editedResults = new Map();
let asked = new Set();

/** Asks the worker to run the loaded text on the lines it has not answered yet. */
function runMissing(lines) {
  if (!loaded.edited || !loaded.runnable) return;
  const missing = [...new Set(lines)].filter((line) => !editedResults.has(line) && !asked.has(line));
  if (missing.length) runLines(missing, loaded.version);
}

async function runLines(lines, version) {
  for (const line of lines) asked.add(line);
  const store = (results, from) => {
    if (version !== loaded.version) return;
    results.forEach((result, i) => {
      editedResults.set(lines[from + i], result);
      asked.delete(lines[from + i]);
    });
    scheduleUpdate();
  };
  const answer = await worker.request({ op: "run", lines }, { onPartial: store });
  if (version !== loaded.version || answer.superseded) return;
  if (answer.results) store(answer.results, answer.from);
  if (answer.refused !== undefined) {
    const stuck = answer.stuck ?? 0;
    store([{ status: "refused", index: null, message: answer.refused }], stuck);
    const rest = lines.slice(stuck + 1);
    for (const line of rest) asked.delete(line);
    if (rest.length) runLines(rest, version);
  }
  // The rows are drawn at the next frame, which then clears `data-grammar-pending`.
  scheduleUpdate();
}

/** Whether a result is a refusal: stopped by a limit, a time limit or a trap. */
const isRefused = (result) => result?.status === "refused";

// --- Drawing the verdicts. ---

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const escape = (text) => text.replace(/[&<>"]/g, (ch) => ESCAPES[ch]);

/** A caret under byte `index` of `text` and the message after it, as HTML; with `withText`,
 * the line itself above them. Without an index, the message alone. */
function caretHtml(text, index, message, withText = true) {
  // The message wraps at the row's edge rather than being cut off; the line above it and the
  // caret keep their columns (and a long line scrolls).
  const said = `<span class="message">${escape(message)}</span>`;
  const under = index === null ? said : `${" ".repeat(position(text, index))}^ ${said}`;
  return `<pre class="caret">${withText ? `${escape(text)}\n` : ""}${under}</pre>`;
}

/** The badge of pest's result under an edited text. */
function editedBadge(edited) {
  if (edited === undefined) return ["pending", "edited: …", "pending"];
  switch (edited.status) {
    case "match":
      return ["true", "edited: match", "match"];
    case "refused":
      return ["refused", "edited: refused", "refused"];
    case "not run":
      return ["not run", "edited: not run", "no-match"];
    default:
      return ["false", "edited: no match", "no-match"];
  }
}

/** The row of one line, as HTML: a thousand rows are parsed at once much faster than they
 * are built node by node. Every text in it is escaped. */
function verdictRow(number, test, shipped, edited) {
  const line = test.text;
  const got = outcome(shipped, edited);
  let data = `data-line="${number}" data-valid="${shipped.valid}"`;
  if (!shipped.valid || got === "invalid" || got === "refused") data += ' data-invalid="true"';
  let badges = `<span class="no">${number}</span>`;
  if (test.expect) {
    const met = got === null ? null : got === test.expect;
    data += ` data-expect="${test.expect}" data-as-expected="${met ?? "pending"}"`;
    const mark = met === null ? "…" : met ? "✓" : "✗";
    // Without an answer yet, or none to come (an edited text that cannot be run).
    const waiting = loaded.runnable ? "pending" : "not run";
    const said = met === null ? waiting : met ? "as expected" : `expected ${test.expect}`;
    badges += `<span class="expect ${met === false ? "unexpected" : met ? "met" : ""}" title="${test.expect === "invalid" ? "marked ! : expected invalid" : "expected valid"}">${mark} ${said}</span> `;
  }
  badges += `<span class="verdict ${shipped.valid ? "valid" : "invalid"}">${shipped.valid ? "valid" : "invalid"}</span>`;
  if (loaded.edited) {
    const [value, said, style] = loaded.runnable ? editedBadge(edited) : ["not run", "edited: not run", "no-match"];
    data += ` data-edited="${value}"`;
    badges += ` <span class="edited ${style}">${said}</span>`;
    if (differs(shipped, edited)) {
      data += ' data-differs="true"';
      badges += ' <span class="differs">differs</span>';
    }
  }
  // The line, and under it a caret at each failing byte: the library's, then pest's under
  // the edited grammar.
  let block;
  const namespace = shipped.namespace?.status === "invalid" ? shipped.namespace : null;
  if (shipped.error) {
    block = caretHtml(line, shipped.error.index, shipped.error.message);
  } else if (namespace) {
    // A valid URN whose namespace's rules it breaks.
    block = caretHtml(line, namespace.index, `namespace check: ${namespace.message}`);
  } else {
    block = `<pre class="text">${escape(line)}</pre>`;
  }
  if (loaded.edited && edited && edited.status !== "match" && edited.status !== "not run" && edited.message) {
    block += caretHtml(line, edited.index, `edited grammar: ${edited.message}`, false);
  }
  const facts = [];
  if (shipped.namespace) {
    const ns = shipped.namespace;
    facts.push(`namespace: ${ns.status}${ns.nid ? ` (${ns.nid})` : ""}`);
  }
  if (shipped.equivalence_key !== null) facts.push(`equivalence key: ${shipped.equivalence_key}`);
  if (facts.length) block += `<div class="facts">${escape(facts.join(" · "))}</div>`;
  const marker = test.expect === "invalid" ? '<span class="marker" title="expected invalid">!</span>' : "";
  return `<li ${data}><div class="row"><span class="badges">${badges}</span><div class="line">${marker}${block}</div></div></li>`;
}

/** Whether pest's verdict under the edited text is not the library's. */
function differs(shipped, edited) {
  if (!edited || edited.status === "refused" || edited.status === "not run") return false;
  return (edited.status === "match") !== shipped.valid;
}

/** The lines as drawn: the row of each, and what it was drawn from. */
let drawn = [];
const rowTemplate = document.createElement("template");

/** Past this many changed rows, the rows from the first changed one on are drawn again in one
 * piece of HTML (a paste), rather than replaced one by one (a keystroke). */
const REDRAW_FROM = 20;

function drawResults(lines) {
  const list = $("results");
  let valid = 0;
  let differing = 0;
  let refused = 0;
  let expected = 0;
  let met = 0;
  let pending = 0;
  const tests = lines.map(testCase);
  const shipped = tests.map((test) => shippedVerdict(test.text));
  const edited = tests.map((test) => (loaded.edited ? editedResults.get(test.text) : undefined));
  const changed = [];
  lines.forEach((line, i) => {
    if (shipped[i].valid) valid++;
    if (differs(shipped[i], edited[i])) differing++;
    if (isRefused(edited[i])) refused++;
    if (tests[i].expect) {
      expected++;
      const got = outcome(shipped[i], edited[i]);
      if (got === tests[i].expect) met++;
      if (got === null) pending++;
    }
    const old = drawn[i];
    if (!old || old.line !== line || old.shipped !== shipped[i] || old.edited !== edited[i]) changed.push(i);
  });
  const remember = (i, li) => {
    drawn[i] = { line: lines[i], shipped: shipped[i], edited: edited[i], li };
  };
  if (changed.length > REDRAW_FROM) {
    const from = changed[0];
    if (from === 0) list.textContent = "";
    for (const old of drawn.splice(from)) old.li.remove();
    let html = "";
    for (let i = from; i < lines.length; i++) html += verdictRow(i + 1, tests[i], shipped[i], edited[i]);
    list.insertAdjacentHTML("beforeend", html);
    const rows = list.children;
    for (let i = from; i < lines.length; i++) remember(i, rows[i]);
  } else {
    for (const i of changed) {
      rowTemplate.innerHTML = verdictRow(i + 1, tests[i], shipped[i], edited[i]);
      const li = rowTemplate.content.firstElementChild;
      if (drawn[i]) drawn[i].li.replaceWith(li);
      else list.append(li);
      remember(i, li);
    }
  }
  for (const old of drawn.splice(lines.length)) old.li.remove();
  const invalid = lines.length - valid;
  let summary = `${met} of ${expected} as expected${loaded.edited ? " under the edited grammar" : ""}`;
  summary += `${pending ? ` (${pending} ${loaded.runnable ? "pending" : "not run: the edited text has errors"})` : ""}. `;
  summary += `${lines.length} line${lines.length === 1 ? "" : "s"}: ${valid} valid, ${invalid} invalid`;
  if (loaded.edited) summary += `; ${differing} differ${differing === 1 ? "s" : ""} under the edited grammar`;
  if (refused) summary += `; ${refused} refused`;
  $("summary").textContent = summary;
  $("summary").dataset.met = String(met);
  $("summary").dataset.expected = String(expected);
}

/** The line of the inputs box that holds its cursor (0-based). */
function cursorLine() {
  const box = $("inputs");
  return box.value.slice(0, box.selectionStart).split("\n").length - 1;
}

let treeKey = "";
/** The line the tree pane is about, which "Step through the run" steps through. */
let treeLine = "";

/** The tree pane's step-through of the run on its line (stepper.js). */
const steps = stepper(
  {
    root: $("stepper"),
    position: $("step-position"),
    stack: $("step-stack"),
    line: $("step-line"),
    cut: $("step-cut"),
    breakAt: $("step-break"),
    buttons: { first: $("step-first"), back: $("step-back"), next: $("step-next"), last: $("step-last") },
  },
  { marked, jump: (rule) => jumpToRule(rule, false) },
);

/** Asks the worker for the events of the run on the tree pane's line, and steps through them
 * from the first. */
async function stepThrough() {
  const key = treeKey;
  const line = treeLine;
  const answer = await worker.request({ op: "steps", line }, { key: "steps" });
  if (answer.superseded || key !== treeKey) return;
  steps.show(line, answer.result ?? { events: [], total: 0, trace: null, message: answer.refused });
  // The Step button, where the arrow keys work too; the stepper itself when there is no
  // step to take.
  ($("step-next").disabled ? $("stepper") : $("step-next")).focus();
}

/** Draws the parse tree of the line under the cursor, which the worker gives. */
async function drawTree(lines) {
  const index = Math.min(cursorLine(), lines.length - 1);
  const line = testCase(lines[index] ?? "").text;
  const key = `${index}\n${line}\n${loaded.version}`;
  for (const [i, item] of drawn.entries()) item.li.classList.toggle("current", i === index);
  if (key === treeKey) return;
  treeKey = key;
  treeLine = line;
  steps.hide();
  $("step-run").hidden = !loaded.runnable;
  $("tree-heading").textContent = `Parse tree of line ${index + 1}`;
  const list = $("tree");
  if (!loaded.runnable) {
    list.replaceChildren();
    $("tree-note").textContent = "The grammar text is not usable; see the error under it.";
    return;
  }
  const result = await worker.request({ op: "tree", line }, { key: "tree" });
  if (result.superseded || key !== treeKey) return;
  list.replaceChildren();
  const tree = result.result ?? { status: "refused", message: result.refused, tree: [] };
  if (tree.status === "not run") {
    $("tree-note").textContent = `${tree.message}.`;
    return;
  }
  if (tree.tree.length === 0 && tree.status === "no match") {
    // Why the line fails: the deepest attempt (trace.js).
    const traced = await worker.request({ op: "trace", line }, { key: "tree" });
    if (traced.superseded || key !== treeKey) return;
    const answer = traced.result ?? { trace: null, message: traced.refused };
    const context = { rule: entry.rule, edited: loaded.edited, line, marked, jump: jumpToRule };
    showTrace(list, $("tree-note"), answer, shippedVerdict(line), context);
    return;
  }
  if (tree.tree.length === 0) {
    $("tree-note").textContent =
      tree.status === "refused" ? `Refused: ${tree.message}` : `${entry.rule} does not match: ${tree.message}`;
    return;
  }
  $("tree-note").textContent =
    tree.status === "match"
      ? `${entry.rule} matches the line${loaded.edited ? " under the edited grammar" : ""}. Each rule's span is marked in the line; choose a rule to see it in the grammar text.`
      : `${entry.rule} matches a prefix only: ${tree.message}`;
  for (const node of tree.tree) {
    const li = document.createElement("li");
    li.dataset.rule = node.rule;
    li.dataset.span = `${node.start}..${node.end}`;
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = `${"  ".repeat(node.depth - 1)}${node.rule} ${node.start}..${node.end}`;
    button.addEventListener("click", () => jumpToRule(node.rule));
    li.append(button, " ", marked(line, node.start, node.end));
    list.append(li);
  }
}

/** Updates everything that depends on the inputs; returns the milliseconds it took, which
 * the page keeps in `data-update-ms` on <body> (and the count of updates in `data-updates`)
 * for the benchmark to read. */
function update() {
  const started = performance.now();
  const lines = $("inputs").value.split("\n");
  drawResults(lines);
  runMissing(lines.map((line) => testCase(line).text));
  drawTree(lines);
  settle();
  const took = performance.now() - started;
  document.body.dataset.updateMs = took.toFixed(3);
  document.body.dataset.updates = String(Number(document.body.dataset.updates ?? 0) + 1);
  return took;
}

let updateFrame = 0;
/** Draws again at the next frame, once however many answers came in before it. */
function scheduleUpdate() {
  if (updateFrame) return;
  updateFrame = requestAnimationFrame(() => {
    updateFrame = 0;
    update();
  });
}

/** Clears `data-grammar-pending` on <body> once the grammar text has been read and every line
 * has its verdict under it. */
function settle() {
  if (grammarTimer || loading || asked.size > 0) return;
  if (document.body.dataset.grammarPending && grammarStarted) {
    document.body.dataset.grammarAllMs = (performance.now() - grammarStarted).toFixed(3);
  }
  delete document.body.dataset.grammarPending;
}

// --- The grammar editor: errors, the rule under the cursor, its diagram. ---

/** The rules of the text last read, in the order of the text (so by `start`). */
let outlineRules = [];
let shownRule = "";

/** How long the grammar text must be left alone before it is read again. */
const GRAMMAR_SETTLE_MS = 150;
let grammarTimer = 0;
let loading = false;
/** Counts requests to read a text, so that only the answer to the last one is drawn. */
let loads = 0;
/** Whether the next outline should put the grammar cursor on the entry rule (a grammar just
 * chosen, or the page just opened). */
let cursorToEntry = true;

/** When the text being read was asked for. */
let grammarStarted = 0;

/** Has the worker read the grammar text, then draws everything again; the milliseconds from
 * the request to the answer are kept in `data-grammar-ms` on <body>, and those until every
 * line has its verdict under the text in `data-grammar-all-ms`. */
async function grammarChanged() {
  clearTimeout(grammarTimer);
  grammarTimer = 0;
  document.body.dataset.grammarPending = "true";
  const started = performance.now();
  grammarStarted = started;
  $("grammar-name").textContent = `${entry.file}, rule ${entry.rule}`;
  $("edited-flag").hidden = !isEdited();
  $("reset-grammar").disabled = !isEdited();
  const edited = isEdited();
  loading = true;
  const mine = ++loads;
  const answer = await worker.load(currentText(), entry.id);
  if (answer.superseded || mine !== loads) return;
  loading = false;
  loaded.version++;
  loaded.edited = edited;
  loaded.runnable = !answer.refused && !answer.error;
  loaded.error = answer.refused ?? answer.error ?? "";
  editedResults = new Map();
  asked = new Set();
  showGrammarError(loaded.error);
  drawDiff();
  if (answer.outline?.rules) outlineRules = answer.outline.rules;
  shownRule = "";
  drawn.forEach((item) => item.li.remove());
  drawn = [];
  treeKey = "";
  if (cursorToEntry) {
    cursorToEntry = false;
    jumpToRule(entry.rule, false);
  }
  update();
  drawRuleUnderCursor();
  document.body.dataset.grammarMs = (performance.now() - started).toFixed(3);
  settle();
}

/**
 * Shows the errors of the text last read under the editor, and marks them in it: pest points
 * at each with `--> line:column`, which becomes a button that puts the cursor there, and the
 * `= message` after it becomes the mark's message.
 */
function showGrammarError(error) {
  const box = $("grammar-error");
  box.hidden = !error;
  box.replaceChildren();
  const marks = [];
  let last = 0;
  for (const found of error.matchAll(/--> (\d+):(\d+)/g)) {
    const line = Number(found[1]);
    const column = Number(found[2]);
    box.append(error.slice(last, found.index));
    const button = document.createElement("button");
    button.type = "button";
    button.className = "goto";
    button.textContent = found[0];
    button.title = `Go to line ${line}, column ${column} of the grammar text`;
    button.addEventListener("click", () => grammarEditor.setCursor(grammarEditor.positionOf(line, column), true));
    box.append(button);
    last = found.index + found[0].length;
    const message = error.slice(last).match(/\n\s*= (.*)/)?.[1] ?? error;
    marks.push({ line, column, message });
  }
  box.append(error.slice(last));
  grammarEditor.setErrors(marks);
}

/** The rule whose text holds UTF-16 position `at`, or the last one before it, or the entry
 * rule: found by bisection, since a text may hold tens of thousands of rules. */
function ruleAt(at) {
  let low = 0;
  let high = outlineRules.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (outlineRules[mid].start <= at) low = mid + 1;
    else high = mid;
  }
  return outlineRules[low - 1] ?? outlineRules.find((r) => r.name === entry.rule);
}

async function drawRuleUnderCursor() {
  const rule = ruleAt(grammarEditor.cursor());
  if (!rule || rule.name === shownRule) return;
  shownRule = rule.name;
  $("rule-name").textContent = `${rule.name} (line ${rule.line})`;
  $("rule-doc").hidden = rule.doc.length === 0;
  $("rule-doc").textContent = rule.doc.join("\n");
  $("rule-notes").hidden = rule.notes.length === 0;
  $("rule-notes").textContent = rule.notes.join("\n");
  $("rule-diagram").replaceChildren();
  $("diagram-exports").hidden = true;
  const answer = await worker.request({ op: "diagram", rule: rule.name }, { key: "diagram" });
  if (answer.superseded || shownRule !== rule.name) return;
  // The SVG is the railroad crate's, drawn from pest_meta's syntax tree of the rule; its text
  // is escaped there.
  $("rule-diagram").innerHTML = answer.svg ?? "";
  $("diagram-exports").hidden = !answer.svg;
  if (answer.refused) $("rule-diagram").textContent = `No diagram: ${answer.refused}`;
  for (const link of $("rule-diagram").querySelectorAll("a")) {
    const name = (link.getAttribute("xlink:href") ?? link.getAttribute("href") ?? "").slice(1);
    link.addEventListener("click", (event) => {
      event.preventDefault();
      jumpToRule(name);
    });
  }
}

/** Moves the grammar editor's cursor to rule `name` and scrolls to it, which shows its
 * diagram; with `focus`, the editor takes the focus. */
function jumpToRule(name, focus = true) {
  const rule = outlineRules.find((r) => r.name === name);
  if (!rule) return;
  grammarEditor.setCursor(rule.start, focus);
  drawRuleUnderCursor();
}

// --- The registration's ABNF: the rule under the cursor, its diagram, every rule's. ---

/** The definitions of the ABNF last read, in the order of the text: `{name, incremental,
 * line, last_line, start, end, svg}`, `start..end` in UTF-16 units of the text box. */
let abnfRules = [];
/** Why the ABNF last read has no rules to show (its syntax error, a limit), or "". */
let abnfError = "";
/** The definition shown under the text box, or null. */
let shownAbnfRule = null;
let abnfTimer = 0;
/** Counts requests to read the ABNF, so that only the answer to the last one is drawn. */
let abnfReads = 0;

/** Has the worker read the registration's ABNF (its rules, their places, their diagrams),
 * then shows the rule under the cursor again. */
async function abnfChanged() {
  clearTimeout(abnfTimer);
  abnfTimer = 0;
  const mine = ++abnfReads;
  document.body.dataset.abnfPending = "true";
  const answer = await worker.request({ op: "abnf-outline", abnf: state.registration.abnf }, { key: "abnf-outline" });
  if (answer.superseded || mine !== abnfReads) return;
  delete document.body.dataset.abnfPending;
  abnfRules = answer.outline?.rules ?? [];
  abnfError = answer.outline?.error ?? (answer.refused ? `The ABNF's rules were not drawn: ${answer.refused}` : "");
  shownAbnfRule = null;
  $("abnf-count").textContent = abnfRules.length ? String(abnfRules.length) : "none";
  drawAbnfRuleUnderCursor();
  if ($("abnf-all").open) drawAllAbnfDiagrams();
}

/** The name written around UTF-16 position `at` of `text`, when it is a rule name there (not
 * in a quoted string, a prose value, a comment or a `%x` value), or "". */
function abnfNameAt(text, at) {
  const left = text.slice(0, at).match(/[A-Za-z0-9-]*$/)[0];
  const right = text.slice(at).match(/^[A-Za-z0-9-]*/)[0];
  // A repetition's count is written against the name (`2DIGIT`).
  const word = (left + right).replace(/^[0-9]+/, "");
  if (!/^[A-Za-z]/.test(word)) return "";
  const lineStart = text.lastIndexOf("\n", at - left.length - 1) + 1;
  const before = text.slice(lineStart, at - left.length).replace(/"[^"]*"|<[^>]*>/g, "");
  if (/["<;]/.test(before) || before.endsWith("%")) return "";
  return word;
}

/** The definition to show for the cursor at `at`: the rule whose name is under it, when the
 * text defines one (its first definition, or the one the cursor is in); else the definition
 * whose text holds the cursor, or the last one before it; else the first. */
function abnfRuleAt(text, at) {
  const holding = abnfRules.find((rule) => rule.start <= at && at <= rule.end);
  const name = abnfNameAt(text, at).toLowerCase();
  if (name) {
    const named = abnfRules.filter((rule) => rule.name.toLowerCase() === name);
    if (named.length) return named.includes(holding) ? holding : named[0];
  }
  return holding ?? abnfRules.findLast((rule) => rule.start <= at) ?? abnfRules[0] ?? null;
}

function drawAbnfRuleUnderCursor() {
  const box = $("reg-abnf");
  const rule = abnfRuleAt(box.value, box.selectionStart);
  if (rule === shownAbnfRule && rule) return;
  shownAbnfRule = rule;
  $("abnf-rule-note").hidden = !abnfError;
  $("abnf-rule-note").textContent = abnfError;
  $("abnf-rule-text").hidden = !rule;
  $("abnf-diagram-exports").hidden = !rule;
  if (!rule) {
    $("abnf-rule-name").textContent = "";
    $("abnf-rule-diagram").replaceChildren();
    return;
  }
  const lines = rule.line === rule.last_line ? `line ${rule.line}` : `lines ${rule.line}–${rule.last_line}`;
  $("abnf-rule-name").textContent = `${rule.name}${rule.incremental ? " =/" : ""} (${lines})`;
  $("abnf-rule-text").textContent = box.value.slice(rule.start, rule.end);
  // The SVG is the railroad crate's, drawn from the abnf crate's syntax tree of the rule; its
  // text is escaped there.
  $("abnf-rule-diagram").innerHTML = rule.svg;
  linkAbnfDiagram($("abnf-rule-diagram"));
}

/** Makes the boxes of a diagram that name a rule of the text put the cursor on that rule. */
function linkAbnfDiagram(container) {
  for (const link of container.querySelectorAll("a")) {
    const name = (link.getAttribute("xlink:href") ?? link.getAttribute("href") ?? "").slice(1);
    link.addEventListener("click", (event) => {
      event.preventDefault();
      jumpToAbnfRule(name);
    });
  }
}

/** Puts the ABNF text box's cursor at the start of rule `name` (its first definition), which
 * shows its diagram, and gives the box the focus. */
function jumpToAbnfRule(name) {
  const rule = abnfRules.find((r) => r.name.toLowerCase() === name.toLowerCase());
  if (!rule) return;
  const box = $("reg-abnf");
  box.focus();
  box.setSelectionRange(rule.start, rule.start);
  drawAbnfRuleUnderCursor();
}

/** Every rule's diagram under the text box, in the order of the text. */
function drawAllAbnfDiagrams() {
  const out = $("abnf-all-diagrams");
  out.replaceChildren();
  if (abnfError) out.textContent = abnfError;
  for (const rule of abnfRules) {
    const section = document.createElement("section");
    const heading = document.createElement("h3");
    heading.textContent = `${rule.name}${rule.incremental ? " =/" : ""} (line ${rule.line})`;
    const diagram = document.createElement("div");
    diagram.className = "abnf-diagram";
    diagram.innerHTML = rule.svg;
    section.append(heading, diagram);
    out.append(section);
    linkAbnfDiagram(diagram);
  }
}

/** Every rule's diagram of the registration's ABNF as one HTML page: each definition's name,
 * its ABNF text, its diagram. */
function allAbnfDiagramsHtml() {
  const text = $("reg-abnf").value;
  const parts = abnfRules.map((rule) => {
    const written = `<pre>${escape(text.slice(rule.start, rule.end))}</pre>`;
    return `<section><h2>${escape(rule.name)}${rule.incremental ? " =/" : ""} (line ${rule.line})</h2>${written}${rule.svg}</section>`;
  });
  const title = `${state.registration.nid ? `urn:${state.registration.nid}` : "A registration"}'s ABNF: railroad diagrams`;
  return `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title><style>${wasm.diagram_css()}\n${NAME_KIND_CSS}\nbody { font-family: system-ui, sans-serif; } pre { background: #f6f8fa; padding: 0.4rem; }</style></head><body><h1>${escape(title)}</h1>\n${parts.join("\n")}\n</body></html>\n`;
}

// --- The registration check. ---

/** The last registration report, as plain text (for "Copy as plain-text report"). */
let registrationText = "";

async function runRegistration() {
  const reg = state.registration;
  // Examples are test cases as the identifiers are: `!` before one that must be rejected.
  const expectations = new Map();
  const examples = reg.examples
    .split("\n")
    .map((line) => {
      const test = testCase(line.trim());
      if (test.expect) expectations.set(test.text.trim(), test.expect);
      return test.text;
    })
    .join("\n");
  const out = $("reg-report");
  out.replaceChildren();
  out.textContent = "Checking…";
  document.body.dataset.registrationPending = "true";
  const answer = await worker.request({
    op: "registration",
    abnf: reg.abnf,
    top: reg.top,
    nid: reg.nid,
    wholeUrn: reg.scope === "urn",
    examples,
  });
  delete document.body.dataset.registrationPending;
  out.replaceChildren();
  const report = answer.report ?? { error: `The check was refused: ${answer.refused}` };
  if (report.error) {
    const pre = document.createElement("pre");
    pre.className = "caret";
    pre.textContent = report.error;
    out.append(pre);
    registrationText = `Registration check of ${reg.nid || "a namespace"}: the ABNF cannot be used.\n${report.error}\n`;
    return;
  }
  const text = [`Registration check of urn:${reg.nid || "?"}: top rule ${reg.top || "?"}, matching ${reg.scope === "urn" ? "the whole URN" : "the NSS"}`];
  // One line with the counts first, as BAP's and a reviewer's summary would read.
  const totals = document.createElement("p");
  totals.id = "reg-totals";
  totals.textContent = summaryLine(report);
  out.append(totals);
  text.push(totals.textContent);
  // What BAP would warn of (registration-report.js).
  showWarnings(out, report.warnings, text);
  const heading = (text) => {
    const h = document.createElement("h3");
    h.textContent = text;
    out.append(h);
  };
  const table = (rows, columns) => {
    const t = document.createElement("table");
    const head = t.insertRow();
    for (const c of columns) {
      const th = document.createElement("th");
      th.textContent = c;
      head.append(th);
    }
    for (const row of rows) {
      const tr = t.insertRow();
      for (const cell of row) tr.insertCell().textContent = cell;
    }
    const wrapper = document.createElement("div");
    wrapper.className = "table";
    wrapper.append(t);
    out.append(wrapper);
    return t;
  };
  const yesNo = (value) => (value === null ? "no NSS" : value ? "yes" : "no");
  const columns = ["the ABNF accepts it", "RFC 8141's NSS rule", "the library, under RFC 8141"];
  // An example is valid when the registration's ABNF accepts it and it is a valid RFC 8141
  // URN; one marked `!` is expected not to be.
  let met = 0;
  const exampleRows = report.examples.map((e) => {
    const expect = expectations.get(e.urn) ?? "valid";
    const got = e.abnf && e.rfc8141 === null ? "valid" : "invalid";
    if (got === expect) met++;
    return [e.urn, expect, got === expect ? "✓ as expected" : "✗ not as expected", yesNo(e.abnf), yesNo(e.rfc8141_nss), e.rfc8141 ?? "valid"];
  });
  heading(`Examples (${report.examples.length}): ${met} of ${report.examples.length} as expected`);
  table(exampleRows, ["example", "expected", "as expected", ...columns]);
  out.querySelectorAll("table")[0]?.querySelectorAll("tr").forEach((tr, i) => {
    if (i > 0 && exampleRows[i - 1][2].startsWith("✗")) tr.className = "unexpected";
    // Where the ABNF fails on an example it rejects, with a caret (registration-report.js).
    if (i > 0) showFailure(tr.cells[3], report.examples[i - 1]);
  });
  out.dataset.met = String(met);
  out.dataset.examples = String(report.examples.length);
  text.push("", `Examples: ${met} of ${report.examples.length} as expected`);
  for (const [urn, expect, said, abnf, nss, library] of exampleRows) {
    text.push(`  ${said.slice(2)}: ${urn} (expected ${expect}; the ABNF accepts it: ${abnf}; RFC 8141's NSS rule: ${nss}; the library: ${library})`);
  }
  for (const example of report.examples) failureText(example, text);
  heading(
    `Generated from the ABNF: ${report.generated} strings, ${report.rejected_count} of them not valid under RFC 8141`,
  );
  const summary = document.createElement("p");
  summary.id = "reg-summary";
  summary.textContent = report.rejected_count
    ? `The registration's syntax allows URNs that RFC 8141 does not, for ${report.reasons.length === 1 ? "one reason" : `${report.reasons.length} reasons`}:`
    : "Every generated string makes a valid RFC 8141 URN.";
  out.append(summary);
  text.push("", `Generated from the ABNF: ${report.generated} strings, ${report.rejected_count} of them not valid under RFC 8141`);
  // The rejects grouped by the library's reason, URNs differing only in case counted once
  // (registration-report.js).
  showReasons(out, report.reasons, text, table);
  // A sample of what the syntax allows (registration-report.js).
  showAccepted(out, report.accepted, text);
  registrationText = `${text.join("\n")}\n`;
}

// --- Examples drawn from the grammar. ---

/** Which drawing the next "Draw examples" makes: each click draws others. */
let drawSeed = 1;

/** Draws valid lines and near misses (one character changed, dropped or added) from the
 * grammar in use, each judged by the grammar in the worker, and lists them, each with a
 * button that adds it to the identifiers as a test case (`!` before a line the page judges
 * invalid). */
async function drawExamples() {
  const list = $("drawn-list");
  const note = $("drawn-note");
  list.replaceChildren();
  note.textContent = "Drawing…";
  const wanted = 8;
  const answer = await worker.request({ op: "examples", seed: drawSeed++, wanted }, { key: "examples" });
  if (!answer.result) {
    note.textContent = `Nothing drawn: ${answer.refused ?? "the grammar text is not usable"}.`;
    return;
  }
  const { valid, near_misses: nearMisses, matched, refused, steered } = answer.result;
  // A line's verdict is the page's (`outcome`): under the shipped text the library's, which
  // also makes the checks the grammar leaves to Rust (an ISBN's check digit, say), so a line
  // the grammar matches can still be invalid; under an edited text the grammar's. Under the
  // shipped text the worker keeps as valid only lines the library accepts too (`steered`), so
  // only a near miss can be one the grammar matches and the library refuses.
  const judged = (line, matches, kind) => {
    const verdict = outcome(shippedVerdict(line), { status: matches ? "match" : "no match" });
    const refusedByRust = matches && verdict !== "valid";
    return { line, valid: verdict === "valid", kind: refusedByRust ? `${kind}, the grammar matches it but the library refuses it` : kind };
  };
  const rows = [
    ...valid.map((line) => judged(line, true, "valid")),
    ...nearMisses.map(({ line, valid }) => judged(line, valid, valid ? "near miss, still valid" : "near miss, invalid")),
  ];
  let said = `${valid.length} valid, ${nearMisses.length} near misses, each run by the grammar.`;
  if (steered && refused > 0) {
    said += ` The library refused ${refused} of the ${matched} lines drawn that the grammar matches (checks the grammar leaves to Rust); the valid ones listed are lines it accepts too.`;
  }
  if (valid.length < wanted) {
    said += ` Asked for ${wanted} valid lines: ${valid.length} found within the drawings allowed.`;
  }
  note.textContent = said;
  for (const row of rows) {
    const li = document.createElement("li");
    li.dataset.valid = String(row.valid);
    const code = document.createElement("code");
    code.textContent = row.line;
    const kind = document.createElement("span");
    kind.className = "kind";
    kind.textContent = ` ${row.kind} `;
    const add = document.createElement("button");
    add.type = "button";
    add.textContent = "Add";
    add.setAttribute("aria-label", `Add ${row.line} as a test case`);
    add.addEventListener("click", () => {
      // A test case: `!` before a line that must be invalid, `\` before a valid one that
      // starts with a marker.
      const marked = row.valid ? (/^[!\\]/.test(row.line) ? `\\${row.line}` : row.line) : `!${row.line}`;
      const inputs = $("inputs");
      inputs.value = inputs.value === "" || inputs.value.endsWith("\n") ? `${inputs.value}${marked}` : `${inputs.value}\n${marked}`;
      inputs.dispatchEvent(new Event("input"));
      add.disabled = true;
    });
    li.append(code, kind, add);
    list.append(li);
  }
}

// --- Review aids: filters, the next line shown, the diff against the shipped text. ---

/** Moves the inputs' cursor to the next line the filter shows, after the one it is on (from
 * the top after the last), and scrolls its row into view. */
function nextRow() {
  const rows = [...$("results").children];
  const shown = rows.filter((li) => li.offsetParent !== null);
  if (shown.length === 0) return;
  const here = cursorLine();
  const next = shown.find((li) => Number(li.dataset.line) - 1 > here) ?? shown[0];
  const n = Number(next.dataset.line) - 1;
  const box = $("inputs");
  const at = box.value.split("\n").slice(0, n).join("\n").length + (n > 0 ? 1 : 0);
  box.focus();
  box.setSelectionRange(at, at);
  next.scrollIntoView({ block: "nearest" });
  drawTree(box.value.split("\n"));
}

/** Past this many line pairs, the lines between the common head and tail of two texts are
 * shown as replaced whole rather than matched (a diff stays quick for a megabyte of text). */
const DIFF_LIMIT = 1_000_000;

/**
 * `after` against `before`, line by line, as a unified diff: hunks headed `@@ -a,b +c,d @@`,
 * with three lines of context. The common head and tail are set aside, and the lines between
 * matched by their longest common subsequence.
 */
function unifiedDiff(before, after) {
  const a = before.split("\n");
  const b = after.split("\n");
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let endA = a.length;
  let endB = b.length;
  while (endA > head && endB > head && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  // Each step: its kind (" ", "-", "+") and the lines of `a` and `b` before it.
  const steps = [];
  const n = endA - head;
  const m = endB - head;
  if (n * m <= DIFF_LIMIT) {
    const width = m + 1;
    const common = new Uint32Array((n + 1) * width);
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        common[i * width + j] =
          a[head + i] === b[head + j]
            ? common[(i + 1) * width + j + 1] + 1
            : Math.max(common[(i + 1) * width + j], common[i * width + j + 1]);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && a[head + i] === b[head + j]) steps.push([" ", head + i++, head + j++]);
      else if (i < n && (j === m || common[(i + 1) * width + j] >= common[i * width + j + 1])) steps.push(["-", head + i++, head + j]);
      else steps.push(["+", head + i, head + j++]);
    }
  } else {
    for (let i = head; i < endA; i++) steps.push(["-", i, head]);
    for (let j = head; j < endB; j++) steps.push(["+", endA, j]);
  }
  if (steps.length === 0) return { text: "", removed: 0, added: 0 };
  // Context: up to three unchanged lines before and after the changed ones.
  const before3 = Math.max(0, head - 3);
  const after3 = Math.min(a.length - endA, 3);
  const all = [];
  for (let i = before3; i < head; i++) all.push([" ", i, i]);
  all.push(...steps);
  for (let k = 0; k < after3; k++) all.push([" ", endA + k, endB + k]);
  // Hunks: runs of changes closer than seven unchanged lines stay together.
  let text = "";
  let removed = 0;
  let added = 0;
  let start = 0;
  while (start < all.length) {
    while (start < all.length && all[start][0] === " ") start++;
    if (start === all.length) break;
    let end = start;
    let quiet = 0;
    for (let k = start; k < all.length; k++) {
      if (all[k][0] === " ") {
        if (++quiet > 6) break;
      } else {
        quiet = 0;
        end = k;
      }
    }
    const from = Math.max(0, start - 3);
    const to = Math.min(all.length, end + 4);
    const hunk = all.slice(from, to);
    const lengthA = hunk.filter((step) => step[0] !== "+").length;
    const lengthB = hunk.filter((step) => step[0] !== "-").length;
    text += `@@ -${hunk[0][1] + 1},${lengthA} +${hunk[0][2] + 1},${lengthB} @@\n`;
    for (const [kind, i, j] of hunk) {
      text += `${kind}${kind === "+" ? b[j] : a[i]}\n`;
      if (kind === "-") removed++;
      if (kind === "+") added++;
    }
    start = end + 1;
  }
  return { text, removed, added };
}

/** Draws the diff of the edited text against the shipped one. */
function drawDiff() {
  const { text, removed, added } = isEdited() ? unifiedDiff(entry.source, currentText()) : { text: "", removed: 0, added: 0 };
  $("diff-count").textContent = text ? `${removed} line${removed === 1 ? "" : "s"} removed, ${added} added` : "none";
  const pre = $("diff");
  pre.replaceChildren();
  for (const line of text.split("\n").slice(0, -1)) {
    const span = document.createElement("span");
    span.className = line[0] === "+" ? "add" : line[0] === "-" ? "del" : line[0] === "@" ? "hunk" : "";
    span.textContent = `${line}\n`;
    pre.append(span);
  }
}

// --- Exports and the plain-text report. ---

/** Offers `data` (a string or a Blob) for download as `name`. */
function download(name, type, data) {
  const blob = data instanceof Blob ? data : new Blob([data], { type });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/** The verdict of every line, as the table shows it. */
function verdictTable() {
  return $("inputs").value.split("\n").map((line, i) => {
    const test = testCase(line);
    const shipped = shippedVerdict(test.text);
    const edited = loaded.edited ? editedResults.get(test.text) : undefined;
    const got = outcome(shipped, edited);
    // The messages name the byte themselves.
    let reason = shipped.error?.message ?? "";
    if (!reason && shipped.namespace?.status === "invalid") reason = `namespace check: ${shipped.namespace.message}`;
    return {
      number: i + 1,
      text: test.text,
      expect: test.expect ?? "",
      library: shipped.valid ? "valid" : "invalid",
      edited: loaded.edited ? (edited ? editedBadge(edited)[1].replace("edited: ", "") : "pending") : "",
      asExpected: !test.expect || got === null ? "" : got === test.expect ? "yes" : "no",
      reason,
      editedReason: edited && edited.status !== "match" && edited.message ? edited.message : "",
      shipped,
      editedResult: edited,
    };
  });
}

function verdictColumns() {
  const columns = [["#", "number"], ["identifier", "text"], ["expected", "expect"], ["as expected", "asExpected"], ["library", "library"]];
  if (loaded.edited) columns.push(["edited grammar", "edited"]);
  columns.push(["reason", "reason"]);
  if (loaded.edited) columns.push(["edited grammar's reason", "editedReason"]);
  return columns;
}

function verdictsMarkdown() {
  const columns = verdictColumns();
  const cell = (value) => String(value).replaceAll("\\", "\\\\").replaceAll("|", "\\|").replaceAll("`", "\\`");
  const lines = [`| ${columns.map(([title]) => title).join(" | ")} |`, `|${columns.map(() => " --- |").join("")}`];
  for (const row of verdictTable()) {
    lines.push(`| ${columns.map(([, key]) => (key === "text" ? `\`${row.text.replaceAll("`", "\\`")}\`` : cell(row[key]))).join(" | ")} |`);
  }
  return `${lines.join("\n")}\n`;
}

function verdictsCsv() {
  const columns = verdictColumns();
  const cell = (value) => {
    const text = String(value);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const lines = [columns.map(([title]) => cell(title)).join(",")];
  for (const row of verdictTable()) lines.push(columns.map(([, key]) => cell(row[key])).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** The verdicts as plain text for a mailing list or a review: each line, whether it came out as
 * expected, and a caret under the failing byte with the reason. */
function plainTextReport() {
  const rows = verdictTable();
  const edited = loaded.edited ? " (edited)" : "";
  const out = [`urn-tag grammar playground: ${entry.file}${edited}, rule ${entry.rule}`, $("summary").textContent, ""];
  for (const row of rows) {
    const said = row.asExpected === "yes" ? "as expected" : row.asExpected === "no" ? "NOT AS EXPECTED" : "";
    const verdicts = `${row.library}${loaded.edited ? `, edited grammar: ${row.edited}` : ""}`;
    out.push(`${row.number}. ${row.expect === "invalid" ? "!" : ""}${row.text}`);
    out.push(`   ${verdicts}${row.expect ? `; expected ${row.expect}: ${said}` : ""}`);
    const carets = [];
    const error = row.shipped.error ?? (row.shipped.namespace?.status === "invalid" ? row.shipped.namespace : null);
    if (error) carets.push([error.index, row.reason]);
    if (row.editedReason) carets.push([row.editedResult.index, `edited grammar: ${row.editedResult.message}`]);
    for (const [index, message] of carets) {
      if (index === null || index === undefined) {
        out.push(`   ${message}`);
      } else {
        out.push(`   ${row.expect === "invalid" ? " " : ""}${row.text}`);
        out.push(`   ${row.expect === "invalid" ? " " : ""}${" ".repeat(position(row.text, index))}^ ${message}`);
      }
    }
  }
  return `${out.join("\n")}\n`;
}

/**
 * The ABNF the grammar text quotes in its `///` lines, as one RFC 5234 file: each rule once
 * (the first quotation of a name wins; a later one is left out, as an ABNF file may define a
 * rule only once), with the line naming its source above it as a comment.
 */
function gatheredAbnf(text) {
  const out = [`; The ABNF quoted in ${entry.file}, gathered by the urn-tag grammar playground.`];
  const seen = new Set();
  let source = "";
  let keeping = false;
  for (const line of text.split("\n")) {
    const doc = line.match(/^\s*\/\/\/(.*)$/);
    if (!doc) {
      keeping = false;
      continue;
    }
    const body = doc[1];
    const rule = body.match(/^ {2,}([A-Za-z][A-Za-z0-9-]*)\s*=(\/?)/);
    if (rule) {
      const name = rule[1].toLowerCase();
      keeping = rule[2] === "/" || !seen.has(name);
      seen.add(name);
      if (keeping) {
        out.push("", `; ${source}`.trimEnd());
        out.push(body.replace(/^ {5}/, ""));
      }
    } else if (/^ {6,}\S/.test(body) && keeping) {
      out.push(body.replace(/^ {5}/, ""));
    } else {
      keeping = false;
      const said = body.trim();
      if (said.endsWith(":")) source = said.slice(0, -1);
    }
  }
  return `${out.join("\r\n")}\r\n`;
}

/** The style of the boxes of an ABNF diagram that are not rules of the text (their
 * `data-kind`): RFC 5234's core rules, tinted; names the text does not define, dashed. Beside
 * the railroad crate's own style sheet wherever a diagram is shown or exported. */
const NAME_KIND_CSS = `svg.railroad g.nonterminal[data-kind="core"] > rect { fill: #e6f4ea; }
svg.railroad g.nonterminal[data-kind="undefined"] > rect { fill: #fff0f0; stroke-dasharray: 4 3; }`;

/** The diagram shown in element `id`, as a stand-alone SVG file (its style sheet inside it). */
function diagramSvg(id = "rule-diagram") {
  const svg = $(id).querySelector("svg");
  if (!svg) return null;
  const copy = svg.cloneNode(true);
  copy.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  copy.setAttribute("xmlns:xlink", "http://www.w3.org/1999/xlink");
  const style = document.createElementNS("http://www.w3.org/2000/svg", "style");
  style.textContent = `${wasm.diagram_css()}\n${NAME_KIND_CSS}`;
  copy.prepend(style);
  return new XMLSerializer().serializeToString(copy);
}

/** Every rule's diagram, in the order of the text, as one HTML page: the name of each rule,
 * its `///` lines, its diagram. Each diagram is the worker's, asked for in turn. */
async function allDiagramsHtml() {
  const parts = [];
  for (const rule of outlineRules) {
    const answer = await worker.request({ op: "diagram", rule: rule.name });
    if (answer.superseded) return null;
    const doc = rule.doc.length ? `<pre>${escape(rule.doc.join("\n"))}</pre>` : "";
    const drawing = answer.svg ?? `<p>No diagram: ${escape(answer.refused ?? "none")}</p>`;
    parts.push(`<section id="${escape(rule.name)}"><h2>${escape(rule.name)} (line ${rule.line})</h2>${doc}${drawing}</section>`);
  }
  const title = `${entry.file}${isEdited() ? " (edited)" : ""}: railroad diagrams`;
  return `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title><style>${wasm.diagram_css()}\nbody { font-family: system-ui, sans-serif; } pre { background: #f6f8fa; padding: 0.4rem; }</style></head><body><h1>${escape(title)}</h1>\n${parts.join("\n")}\n</body></html>\n`;
}

/** The diagram shown in element `id`, as a PNG at twice its size. */
async function diagramPng(id = "rule-diagram") {
  const svg = diagramSvg(id);
  const image = new Image();
  image.src = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = image.naturalWidth * 2;
  canvas.height = image.naturalHeight * 2;
  const context = canvas.getContext("2d");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  URL.revokeObjectURL(image.src);
  return new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
}

// --- Wiring. ---

function setMode(mode) {
  state.mode = mode;
  $("try").hidden = mode !== "try";
  $("registration").hidden = mode !== "registration";
  $("mode-try").setAttribute("aria-pressed", String(mode === "try"));
  $("mode-registration").setAttribute("aria-pressed", String(mode === "registration"));
  save();
}

function selectEntry(id) {
  const before = entry;
  entry = entries.find((e) => e.id === id) ?? entries[0];
  state.entry = entry.id;
  // The sample of one kind of identifier, untouched, gives way to the sample of the other.
  if (before && before.kind !== entry.kind && state.inputs === sampleOf(before.kind)) {
    state.inputs = sampleOf(entry.kind);
    $("inputs").value = state.inputs;
  }
  shippedCache = new Map();
  $("grammar-select").value = entry.id;
  grammarEditor.setText(currentText());
  cursorToEntry = true;
  save();
  grammarChanged();
}

/** Shows a note about the state the page was opened with; with `refusedEdits`, a button that
 * applies them anyway. */
function stateNote(text, refusedEdits) {
  const note = $("state-note");
  note.hidden = false;
  note.querySelector("span").textContent = text;
  const button = note.querySelector("button");
  button.hidden = !refusedEdits;
  button.onclick = () => {
    Object.assign(state.edits, refusedEdits);
    note.hidden = true;
    grammarEditor.setText(currentText());
    save();
    grammarChanged();
  };
}

/**
 * Tries the grammar text a saved or shared state edits, for the grammar it opens with, in a
 * worker of its own: reads it and runs it on the state's lines. Resolves to null when all ran
 * cleanly, or to what was refused (the nesting limit, a run's limits, the time limit, a trap).
 */
async function trial(parsed, chosen) {
  const text = parsed.edits?.[chosen.file];
  if (text === undefined) return null;
  const tester = new GrammarWorker(() => {}, () => {});
  try {
    const answer = await tester.load(text, chosen.id);
    if (answer.refused) return `reading it, ${answer.refused}`;
    if (answer.limit) return `reading it: ${oneLine(answer.error)}`;
    if (answer.error) return null;
    const lines = [...new Set((parsed.inputs ?? state.inputs).split("\n").map((line) => testCase(line).text))];
    const results = [];
    const collect = (partial, from) => partial.forEach((result, i) => (results[from + i] = result));
    const ran = await tester.request({ op: "run", lines }, { onPartial: collect });
    if (ran.results) collect(ran.results, ran.from);
    if (ran.refused) return `on line ${shorten(lines[ran.stuck ?? 0])}, ${ran.refused}`;
    const at = results.findIndex(isRefused);
    if (at >= 0) return `on line ${shorten(lines[at])}, ${results[at].message}`;
    return null;
  } finally {
    tester.close();
  }
}

/** The state the page opens with: a share link's, else the one kept in storage. */
async function openingState() {
  const shared = location.hash.match(/^#s=([A-Za-z0-9_-]+)$/);
  if (shared) {
    try {
      return { from: "link", parsed: parseState(await decodeState(shared[1])) };
    } catch {
      $("share-status").textContent = "The link's state could not be read; the last state is shown.";
    }
  }
  try {
    return { from: "saved", parsed: parseState(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "null")) };
  } catch {
    // A stored state that does not parse is ignored.
    return { from: "saved", parsed: parseState(null) };
  }
}

let worker;
/** The grammar text's editor (editor/editor.js). */
let grammarEditor;

async function main() {
  await init();
  worker = new GrammarWorker(
    (message) => {
      $("worker-note").hidden = false;
      $("worker-note").textContent = message;
    },
    (busy) => {
      if (busy) document.body.dataset.workerBusy = "true";
      else delete document.body.dataset.workerBusy;
    },
  );
  $("diagram-css").textContent = `${wasm.diagram_css()}\n${NAME_KIND_CSS}`;
  grammarEditor = createEditor($("grammar-text"), {
    label: "Grammar text",
    describedBy: "grammar-hint",
    onChange: (text) => grammarEdited(text),
    onCursor: () => drawRuleUnderCursor(),
  });
  // For scripts and tests: the editor behind the element.
  $("grammar-text").editor = grammarEditor;
  entries = JSON.parse(wasm.entries());
  const groups = { urn: "URN", tag: "tag URI", namespace: "URN namespaces" };
  for (const [kind, label] of Object.entries(groups)) {
    const group = document.createElement("optgroup");
    group.label = label;
    for (const e of entries.filter((e) => e.kind === kind)) {
      group.append(new Option(`${e.label} (${e.file})`, e.id));
    }
    $("grammar-select").append(group);
  }

  // The state the page opens with is applied at once, but for the edited grammar text of the
  // grammar it opens with: that is tried in the worker first, and applied only once it has
  // read and run cleanly. A text that stopped the worker falls back to the shipped grammar,
  // with a note that says what was refused.
  const opening = await openingState();
  const untried = opening.parsed.edits ?? {};
  applyState({ ...opening.parsed, edits: {} });
  entry = entries.find((e) => e.id === state.entry) ?? entries[0];

  $("inputs").value = state.inputs;
  const reg = state.registration;
  $("reg-abnf").value = reg.abnf;
  $("reg-top").value = reg.top;
  $("reg-nid").value = reg.nid;
  $("reg-examples").value = reg.examples;
  document.querySelector(`input[name="reg-scope"][value="${reg.scope === "urn" ? "urn" : "nss"}"]`).checked = true;

  $("inputs").addEventListener("input", () => {
    const started = performance.now();
    state.inputs = $("inputs").value;
    update();
    save();
    // Until the frame that shows the answer has been drawn (style, layout and paint after the
    // update): a task queued from the next animation frame runs after it. Kept in
    // `data-frame-ms` on <body>, with the count of such frames in `data-frames`.
    requestAnimationFrame(() =>
      setTimeout(() => {
        document.body.dataset.frameMs = (performance.now() - started).toFixed(3);
        document.body.dataset.frames = String(Number(document.body.dataset.frames ?? 0) + 1);
      }),
    );
  });
  for (const event of ["keyup", "click", "focus", "select"]) {
    $("inputs").addEventListener(event, () => drawTree($("inputs").value.split("\n")));
  }
  $("grammar-select").addEventListener("change", () => {
    // Lines drawn from another grammar would be judged by this one: drop them.
    $("drawn-list").replaceChildren();
    $("drawn-note").textContent = "";
    selectEntry($("grammar-select").value);
  });
  $("draw-examples").addEventListener("click", drawExamples);
  $("step-run").addEventListener("click", stepThrough);
  function grammarEdited(text) {
    if (text === entry.source) delete state.edits[entry.file];
    else state.edits[entry.file] = text;
    save();
    // Reading the text and running it on every line is the worker's, once typing pauses.
    // `data-grammar-pending` on <body> says that it is yet to be done.
    clearTimeout(grammarTimer);
    document.body.dataset.grammarPending = "true";
    grammarTimer = setTimeout(grammarChanged, GRAMMAR_SETTLE_MS);
  }
  $("reset-grammar").addEventListener("click", () => {
    delete state.edits[entry.file];
    grammarEditor.setText(entry.source);
    save();
    grammarChanged();
  });
  $("mode-try").addEventListener("click", () => setMode("try"));
  $("mode-registration").addEventListener("click", () => setMode("registration"));
  $("share").addEventListener("click", async () => {
    const link = `${location.origin}${location.pathname}#s=${await encodeState()}`;
    history.replaceState(null, "", link);
    $("share-link").hidden = false;
    $("share-link").value = link;
    $("share-link").select();
    try {
      await navigator.clipboard.writeText(link);
      $("share-status").textContent = "Link copied.";
    } catch {
      $("share-status").textContent = "Copy the link above.";
    }
  });
  const regFields = { abnf: "reg-abnf", top: "reg-top", nid: "reg-nid", examples: "reg-examples" };
  for (const [key, id] of Object.entries(regFields)) {
    $(id).addEventListener("input", () => {
      state.registration[key] = $(id).value;
      save();
    });
  }
  for (const radio of document.querySelectorAll('input[name="reg-scope"]')) {
    radio.addEventListener("change", () => {
      state.registration.scope = radio.value;
      save();
    });
  }
  $("reg-run").addEventListener("click", runRegistration);
  // The ABNF is read again once it is left alone, and the rule under the cursor follows the
  // cursor (selectionchange: where the browser fires it at a text box; the others elsewhere).
  $("reg-abnf").addEventListener("input", () => {
    document.body.dataset.abnfPending = "true";
    clearTimeout(abnfTimer);
    abnfTimer = setTimeout(abnfChanged, GRAMMAR_SETTLE_MS);
  });
  for (const event of ["selectionchange", "keyup", "mouseup", "focus"]) {
    $("reg-abnf").addEventListener(event, drawAbnfRuleUnderCursor);
  }
  $("abnf-all").addEventListener("toggle", () => {
    if ($("abnf-all").open) drawAllAbnfDiagrams();
  });
  const abnfRuleFile = () => (shownAbnfRule?.name ?? "rule").replace(/[^A-Za-z0-9-]/g, "_");
  $("abnf-export-svg").addEventListener("click", () => {
    const svg = diagramSvg("abnf-rule-diagram");
    if (svg) download(`${abnfRuleFile()}.svg`, "image/svg+xml", svg);
  });
  $("abnf-export-png").addEventListener("click", async () => {
    if (diagramSvg("abnf-rule-diagram")) download(`${abnfRuleFile()}.png`, "image/png", await diagramPng("abnf-rule-diagram"));
  });
  $("abnf-export-all").addEventListener("click", () =>
    download(`${state.registration.nid.trim().replace(/[^A-Za-z0-9-]/g, "_") || "registration"}-diagrams.html`, "text/html", allAbnfDiagramsHtml()),
  );
  $("filter").addEventListener("change", () => {
    $("results").dataset.filter = $("filter").value;
  });
  $("next-row").addEventListener("click", nextRow);
  $("export-md").addEventListener("click", () => download("verdicts.md", "text/markdown", verdictsMarkdown()));
  $("export-csv").addEventListener("click", () => download("verdicts.csv", "text/csv", verdictsCsv()));
  $("export-abnf").addEventListener("click", () =>
    download(entry.file.replace(/\.pest$/, ".abnf").replace(/.*\//, ""), "text/plain", gatheredAbnf(currentText())),
  );
  $("export-svg").addEventListener("click", () => {
    const svg = diagramSvg();
    if (svg) download(`${shownRule}.svg`, "image/svg+xml", svg);
  });
  $("export-all").addEventListener("click", async () => {
    $("export-all").disabled = true;
    try {
      const html = await allDiagramsHtml();
      if (html) download(`${entry.file.replace(/\.pest$/, "").replace(/.*\//, "")}-diagrams.html`, "text/html", html);
    } finally {
      $("export-all").disabled = false;
    }
  });
  $("export-png").addEventListener("click", async () => {
    if (diagramSvg()) download(`${shownRule}.png`, "image/png", await diagramPng());
  });
  $("copy-report").addEventListener("click", async () => {
    const text = state.mode === "registration" ? registrationText || "No registration checked yet.\n" : plainTextReport();
    $("share-link").hidden = true;
    try {
      await navigator.clipboard.writeText(text);
      $("share-status").textContent = "Report copied.";
    } catch {
      $("share-status").textContent = "The report could not be copied (no access to the clipboard).";
    }
  });
  // Another share link opened in this tab: the page opens it as it opens any link.
  window.addEventListener("hashchange", () => {
    if (!location.hash.startsWith("#s=")) return;
    saveNow({ keepLink: true });
    location.reload();
  });

  $("loading").hidden = true;
  setMode(state.mode === "registration" ? "registration" : "try");
  document.body.dataset.ready = "true";

  // A registration check opens with its report.
  if (state.mode === "registration" && state.registration.abnf.trim()) runRegistration();
  if (state.registration.abnf.trim()) abnfChanged();

  // The grammar as shipped answers while the edited text is tried.
  selectEntry(state.entry);
  if (!(entry.file in untried)) {
    state.edits = untried;
    return;
  }
  document.body.dataset.trying = "true";
  const refused = await trial(opening.parsed, entry);
  delete document.body.dataset.trying;
  const file = entry.file;
  state.edits = { ...untried };
  if (refused) {
    delete state.edits[file];
    const what = opening.from === "link" ? "The link's" : "The saved";
    stateNote(`${what} edited ${file} was not applied: ${refused}. The shipped grammar is shown.`, {
      [file]: untried[file],
    });
  }
  grammarEditor.setText(currentText());
  save();
  grammarChanged();
}

main().catch((error) => {
  // Shown where the page would have been: the loading note, shown again.
  const loading = $("loading");
  loading.hidden = false;
  loading.setAttribute("role", "alert");
  loading.textContent = `The playground could not start: ${error}`;
  document.body.dataset.failed = "true";
});

if ("serviceWorker" in navigator && location.protocol !== "file:") {
  // Keeps the page's files for use offline once it has loaded.
  navigator.serviceWorker.register("sw.js").catch(() => {});
}
