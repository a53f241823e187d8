// The grammar playground: a grammar from the menu, identifiers one per line, and for each
// line the library's verdict (and, with the grammar text edited, pest's verdict under the
// edited text), the parse tree of the line under the cursor, and the rule under the grammar
// editor's cursor with its railroad diagram. All answers come from the WebAssembly module
// (wasm/src/lib.rs): the library's verdicts from this thread, since the library answers any
// input in linear time; whatever runs a grammar text (reading it, pest_vm, diagrams, the
// registration check) from a worker (worker.js) under a time limit, since a text can be
// anything. This file keeps state, supervises the worker and draws.

import init, * as wasm from "./pkg/urn_tag_playground.js";

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
      if (job.message.op === "registration") kept.push(job);
      else job.resolve({ superseded: true });
    }
    this.queue = kept;
    if (this.job && this.job.message.op !== "registration") {
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
    if (job.message.op !== "load" && job.message.op !== "registration" && !this.holds) {
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
 * and not. */
const SAMPLES = {
  urn: [
    "urn:example:foo-bar-baz-qux?+CCResolve:cc=uk",
    "URN:EXAMPLE:a123,z456#789",
    "urn:example:a%zz",
    "urn:ex:a?b",
    "urn:isbn:0451450523",
  ].join("\n"),
  tag: [
    "tag:yaml.org,2002:int",
    "tag:timothy@hpl.hp.com,2001:web/externalHome",
    "tag:example.com,1900-02-29:x",
    "tag:example.com,2000-13:x",
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
  saveTimer = setTimeout(() => {
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
    } catch {
      // Storage full or refused (a private window): the page works on without it.
    }
  }, 200);
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
  const under = index === null ? message : `${" ".repeat(position(text, index))}^ ${message}`;
  return `<pre class="caret">${escape(withText ? `${text}\n${under}` : under)}</pre>`;
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
function verdictRow(number, line, shipped, edited) {
  let data = `data-line="${number}" data-valid="${shipped.valid}"`;
  let badges = `<span class="no">${number}</span><span class="verdict ${shipped.valid ? "valid" : "invalid"}">${shipped.valid ? "valid" : "invalid"}</span>`;
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
  return `<li ${data}><div class="row"><span class="badges">${badges}</span><div class="line">${block}</div></div></li>`;
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
  const shipped = lines.map(shippedVerdict);
  const edited = lines.map((line) => (loaded.edited ? editedResults.get(line) : undefined));
  const changed = [];
  lines.forEach((line, i) => {
    if (shipped[i].valid) valid++;
    if (differs(shipped[i], edited[i])) differing++;
    if (isRefused(edited[i])) refused++;
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
    for (let i = from; i < lines.length; i++) html += verdictRow(i + 1, lines[i], shipped[i], edited[i]);
    list.insertAdjacentHTML("beforeend", html);
    const rows = list.children;
    for (let i = from; i < lines.length; i++) remember(i, rows[i]);
  } else {
    for (const i of changed) {
      rowTemplate.innerHTML = verdictRow(i + 1, lines[i], shipped[i], edited[i]);
      const li = rowTemplate.content.firstElementChild;
      if (drawn[i]) drawn[i].li.replaceWith(li);
      else list.append(li);
      remember(i, li);
    }
  }
  for (const old of drawn.splice(lines.length)) old.li.remove();
  const invalid = lines.length - valid;
  let summary = `${lines.length} line${lines.length === 1 ? "" : "s"}: ${valid} valid, ${invalid} invalid`;
  if (loaded.edited) summary += `; ${differing} differ${differing === 1 ? "s" : ""} under the edited grammar`;
  if (refused) summary += `; ${refused} refused`;
  $("summary").textContent = summary;
}

/** The line of the inputs box that holds its cursor (0-based). */
function cursorLine() {
  const box = $("inputs");
  return box.value.slice(0, box.selectionStart).split("\n").length - 1;
}

let treeKey = "";

/** Draws the parse tree of the line under the cursor, which the worker gives. */
async function drawTree(lines) {
  const index = Math.min(cursorLine(), lines.length - 1);
  const line = lines[index] ?? "";
  const key = `${index}\n${line}\n${loaded.version}`;
  for (const [i, item] of drawn.entries()) item.li.classList.toggle("current", i === index);
  if (key === treeKey) return;
  treeKey = key;
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
  runMissing(lines);
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
  $("grammar-error").hidden = !loaded.error;
  $("grammar-error").textContent = loaded.error;
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
  const rule = ruleAt($("grammar-text").selectionStart);
  if (!rule || rule.name === shownRule) return;
  shownRule = rule.name;
  $("rule-name").textContent = `${rule.name} (line ${rule.line})`;
  $("rule-doc").hidden = rule.doc.length === 0;
  $("rule-doc").textContent = rule.doc.join("\n");
  $("rule-notes").hidden = rule.notes.length === 0;
  $("rule-notes").textContent = rule.notes.join("\n");
  $("rule-diagram").replaceChildren();
  const answer = await worker.request({ op: "diagram", rule: rule.name }, { key: "diagram" });
  if (answer.superseded || shownRule !== rule.name) return;
  // The SVG is the railroad crate's, drawn from pest_meta's syntax tree of the rule; its text
  // is escaped there.
  $("rule-diagram").innerHTML = answer.svg ?? "";
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
  const box = $("grammar-text");
  if (focus) box.focus();
  box.setSelectionRange(rule.start, rule.start);
  const lineHeight = parseFloat(getComputedStyle(box).lineHeight) || 16;
  box.scrollTop = Math.max(0, (rule.line - 3) * lineHeight);
  drawRuleUnderCursor();
}

// --- The registration check. ---

async function runRegistration() {
  const reg = state.registration;
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
    examples: reg.examples,
  });
  delete document.body.dataset.registrationPending;
  out.replaceChildren();
  const report = answer.report ?? { error: `The check was refused: ${answer.refused}` };
  if (report.error) {
    const pre = document.createElement("pre");
    pre.className = "caret";
    pre.textContent = report.error;
    out.append(pre);
    return;
  }
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
  };
  const yesNo = (value) => (value === null ? "no NSS" : value ? "yes" : "no");
  const columns = ["the ABNF accepts it", "RFC 8141's NSS rule", "the library, under RFC 8141"];
  heading(`Examples (${report.examples.length})`);
  table(
    report.examples.map((e) => [e.urn, yesNo(e.abnf), yesNo(e.rfc8141_nss), e.rfc8141 ?? "valid"]),
    ["example", ...columns],
  );
  heading(
    `Generated from the ABNF: ${report.generated} strings, ${report.rejected_count} of them not valid under RFC 8141`,
  );
  const summary = document.createElement("p");
  summary.id = "reg-summary";
  summary.textContent = report.rejected_count
    ? `The registration's syntax allows URNs that RFC 8141 does not; the first ${report.rejected.length}:`
    : "Every generated string makes a valid RFC 8141 URN.";
  out.append(summary);
  if (report.rejected.length) {
    table(
      report.rejected.map((r) => [r.urn, yesNo(r.rfc8141_nss), r.rfc8141 ?? "valid"]),
      ["generated URN", columns[1], columns[2]],
    );
  }
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
  $("grammar-text").value = currentText();
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
    $("grammar-text").value = currentText();
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
    const lines = [...new Set((parsed.inputs ?? state.inputs).split("\n"))];
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
  $("diagram-css").textContent = wasm.diagram_css();
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
  $("grammar-select").addEventListener("change", () => selectEntry($("grammar-select").value));
  $("grammar-text").addEventListener("input", () => {
    const text = $("grammar-text").value;
    if (text === entry.source) delete state.edits[entry.file];
    else state.edits[entry.file] = text;
    save();
    // Reading the text and running it on every line is the worker's, once typing pauses.
    // `data-grammar-pending` on <body> says that it is yet to be done.
    clearTimeout(grammarTimer);
    document.body.dataset.grammarPending = "true";
    grammarTimer = setTimeout(grammarChanged, GRAMMAR_SETTLE_MS);
  });
  for (const event of ["keyup", "click", "focus"]) {
    $("grammar-text").addEventListener(event, drawRuleUnderCursor);
  }
  $("reset-grammar").addEventListener("click", () => {
    delete state.edits[entry.file];
    $("grammar-text").value = entry.source;
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

  $("loading").hidden = true;
  setMode(state.mode === "registration" ? "registration" : "try");
  document.body.dataset.ready = "true";

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
  $("grammar-text").value = currentText();
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
