// The grammar playground: a grammar from the menu, identifiers one per line, and for each
// line the library's verdict (and, with the grammar text edited, pest's verdict under the
// edited text), the parse tree of the line under the cursor, and the rule under the grammar
// editor's cursor with its railroad diagram. All answers come from the WebAssembly module
// (wasm/src/lib.rs); this file only keeps state and draws.

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

// --- State: what is kept across reloads and put in share links. ---

const STORAGE_KEY = "urn-tag-playground";
const EXAMPLES = [
  "urn:example:foo-bar-baz-qux?+CCResolve:cc=uk",
  "URN:EXAMPLE:a123,z456#789",
  "urn:example:a%zz",
  "urn:ex:a?b",
  "urn:isbn:0451450523",
  "tag:yaml.org,2002:int",
].join("\n");

const state = {
  mode: "try",
  entry: "urn-rfc8141",
  inputs: EXAMPLES,
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

function restore(saved) {
  if (!saved || typeof saved !== "object") return;
  for (const key of ["mode", "entry", "inputs"]) {
    if (typeof saved[key] === "string") state[key] = saved[key];
  }
  if (saved.edits && typeof saved.edits === "object") {
    state.edits = Object.fromEntries(
      Object.entries(saved.edits).filter(([, text]) => typeof text === "string"),
    );
  }
  if (saved.registration && typeof saved.registration === "object") {
    for (const key of Object.keys(state.registration)) {
      if (typeof saved.registration[key] === "string") {
        state.registration[key] = saved.registration[key];
      }
    }
  }
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

// --- Verdicts, cached by line: a keystroke changes one line, and only that one is asked. ---

/** The current grammar text compiled for pest_vm, or null with `grammarError` set. */
let compiled = null;
let grammarError = "";
/** Line text -> { shipped, edited } for the current entry and grammar text. */
let cache = new Map();
/** Counts compilations, so that a parse tree drawn under an older text is drawn again. */
let grammarVersion = 0;
/** Whether the text compiled is an edited one: the verdicts follow what was compiled, not
 * the editor's text while it waits to be compiled. */
let compiledEdited = false;

function compile() {
  compiled?.free();
  compiled = null;
  grammarError = "";
  try {
    compiled = new wasm.Grammar(currentText(), entry.rule);
  } catch (error) {
    grammarError = String(error);
  }
  cache = new Map();
  grammarVersion++;
  compiledEdited = isEdited();
}

/** What pest makes of `line` under the current text: the rule's run on the whole line, or
 * for a namespace grammar on the URN's NSS, its spans moved to count from the line's start. */
function run(line, shipped) {
  if (!compiled) return null;
  if (entry.kind !== "namespace") return JSON.parse(compiled.run(line));
  if (!shipped.nss || shipped.error?.kind === "other_namespace") return null;
  const [start, end] = shipped.nss;
  const nss = new TextDecoder().decode(encoder.encode(line).slice(start, end));
  const result = JSON.parse(compiled.run(nss));
  for (const node of result.tree) {
    node.start += start;
    node.end += start;
  }
  if (result.index !== null) {
    result.index += start;
    result.message = result.message.replace(/at byte \d+$/, `at byte ${result.index}`);
  }
  return result;
}

function verdicts(line) {
  let found = cache.get(line);
  if (found) return found;
  const shipped = JSON.parse(wasm.check(entry.id, line));
  // pest's verdict is shown only for an edited text: on the shipped one the library decides.
  const edited = compiledEdited ? run(line, shipped) : null;
  found = { shipped, edited };
  if (cache.size > 50000) cache.clear();
  cache.set(line, found);
  return found;
}

// --- Drawing the verdicts. ---

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const escape = (text) => text.replace(/[&<>"]/g, (ch) => ESCAPES[ch]);

/** A caret under byte `index` of `text` and the message after it, as HTML; with `withText`,
 * the line itself above them. */
function caretHtml(text, index, message, withText = true) {
  const under = `${" ".repeat(position(text, index))}^ ${message}`;
  return `<pre class="caret">${escape(withText ? `${text}\n${under}` : under)}</pre>`;
}

/** The row of one line, as HTML: a thousand rows are parsed at once much faster than they
 * are built node by node. Every text in it is escaped. */
function verdictRow(number, line, { shipped, edited }) {
  let data = `data-line="${number}" data-valid="${shipped.valid}"`;
  let badges = `<span class="no">${number}</span><span class="verdict ${shipped.valid ? "valid" : "invalid"}">${shipped.valid ? "valid" : "invalid"}</span>`;
  if (compiledEdited) {
    const matched = edited?.matched ?? false;
    data += ` data-edited="${edited ? matched : "not run"}"`;
    const said = edited ? (matched ? "edited: match" : "edited: no match") : "edited: not run";
    badges += ` <span class="edited ${matched ? "match" : "no-match"}">${said}</span>`;
    if (edited && matched !== shipped.valid) {
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
  if (edited && !edited.matched && edited.message) {
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
  const results = lines.map((line) => verdicts(line));
  const changed = [];
  results.forEach((result, i) => {
    if (result.shipped.valid) valid++;
    if (result.edited && result.edited.matched !== result.shipped.valid) differing++;
    const old = drawn[i];
    if (!old || old.line !== lines[i] || old.result !== result) changed.push(i);
  });
  if (changed.length > REDRAW_FROM) {
    const from = changed[0];
    if (from === 0) list.textContent = "";
    for (const old of drawn.splice(from)) old.li.remove();
    let html = "";
    for (let i = from; i < lines.length; i++) html += verdictRow(i + 1, lines[i], results[i]);
    list.insertAdjacentHTML("beforeend", html);
    const rows = list.children;
    for (let i = from; i < lines.length; i++) drawn[i] = { line: lines[i], result: results[i], li: rows[i] };
  } else {
    for (const i of changed) {
      rowTemplate.innerHTML = verdictRow(i + 1, lines[i], results[i]);
      const li = rowTemplate.content.firstElementChild;
      if (drawn[i]) drawn[i].li.replaceWith(li);
      else list.append(li);
      drawn[i] = { line: lines[i], result: results[i], li };
    }
  }
  for (const old of drawn.splice(lines.length)) old.li.remove();
  const invalid = lines.length - valid;
  let summary = `${lines.length} line${lines.length === 1 ? "" : "s"}: ${valid} valid, ${invalid} invalid`;
  if (compiledEdited) summary += `; ${differing} differ${differing === 1 ? "s" : ""} under the edited grammar`;
  $("summary").textContent = summary;
}

/** The line of the inputs box that holds its cursor (0-based). */
function cursorLine() {
  const box = $("inputs");
  return box.value.slice(0, box.selectionStart).split("\n").length - 1;
}

let treeLine = -1;
let treeKey = "";

function drawTree(lines) {
  const index = Math.min(cursorLine(), lines.length - 1);
  const line = lines[index] ?? "";
  const key = `${index}\n${line}\n${grammarVersion}`;
  for (const [i, item] of drawn.entries()) item.li.classList.toggle("current", i === index);
  if (index === treeLine && key === treeKey) return;
  treeLine = index;
  treeKey = key;
  const list = $("tree");
  list.replaceChildren();
  $("tree-heading").textContent = `Parse tree of line ${index + 1}`;
  if (!compiled) {
    $("tree-note").textContent = "The grammar text is not usable; see the error under it.";
    return;
  }
  const result = run(line, verdicts(line).shipped);
  if (!result) {
    $("tree-note").textContent =
      "The namespace grammar parses the NSS of a URN of its namespace; this line has none.";
    return;
  }
  if (result.tree.length === 0) {
    $("tree-note").textContent = `${entry.rule} does not match: ${result.message}`;
    return;
  }
  $("tree-note").textContent = result.matched
    ? `${entry.rule} matches the line${compiledEdited ? " under the edited grammar" : ""}. Each rule's span is marked in the line; choose a rule to see it in the grammar text.`
    : `${entry.rule} matches a prefix only: ${result.message}`;
  for (const node of result.tree) {
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
  drawTree(lines);
  const took = performance.now() - started;
  document.body.dataset.updateMs = took.toFixed(3);
  document.body.dataset.updates = String(Number(document.body.dataset.updates ?? 0) + 1);
  return took;
}

// --- The grammar editor: errors, the rule under the cursor, its diagram. ---

let outlineRules = [];
let shownRule = "";

/** How long the grammar text must be left alone before it is compiled again. */
const GRAMMAR_SETTLE_MS = 150;
let grammarTimer = 0;

/** Recompiles the grammar text and redraws everything; the milliseconds it took are kept in
 * `data-grammar-ms` on <body>. */
function grammarChanged() {
  clearTimeout(grammarTimer);
  delete document.body.dataset.grammarPending;
  const started = performance.now();
  $("grammar-name").textContent = `${entry.file}, rule ${entry.rule}`;
  $("edited-flag").hidden = !isEdited();
  $("reset-grammar").disabled = !isEdited();
  compile();
  const outline = JSON.parse(wasm.outline(currentText()));
  const error = grammarError || outline.error || "";
  $("grammar-error").hidden = !error;
  $("grammar-error").textContent = error;
  if (!outline.error) outlineRules = outline.rules;
  shownRule = "";
  drawn.forEach((item) => item.li.remove());
  drawn = [];
  treeKey = "";
  update();
  drawRuleUnderCursor();
  document.body.dataset.grammarMs = (performance.now() - started).toFixed(3);
}

function drawRuleUnderCursor() {
  const at = $("grammar-text").selectionStart;
  const rule =
    outlineRules.find((r) => at >= r.start && at <= r.end) ??
    [...outlineRules].reverse().find((r) => r.start <= at) ??
    outlineRules.find((r) => r.name === entry.rule);
  if (!rule || rule.name === shownRule) return;
  shownRule = rule.name;
  $("rule-name").textContent = `${rule.name} (line ${rule.line})`;
  $("rule-doc").hidden = rule.doc.length === 0;
  $("rule-doc").textContent = rule.doc.join("\n");
  $("rule-notes").hidden = rule.notes.length === 0;
  $("rule-notes").textContent = rule.notes.join("\n");
  // The SVG is the railroad crate's, drawn from pest_meta's syntax tree of the rule; its text
  // is escaped there.
  $("rule-diagram").innerHTML = wasm.diagram(currentText(), rule.name);
  for (const link of $("rule-diagram").querySelectorAll("a")) {
    const name = (link.getAttribute("xlink:href") ?? link.getAttribute("href") ?? "").slice(1);
    link.addEventListener("click", (event) => {
      event.preventDefault();
      jumpToRule(name);
    });
  }
}

/** Moves the grammar editor's cursor to rule `name`, which shows its diagram. */
function jumpToRule(name) {
  const rule = outlineRules.find((r) => r.name === name);
  if (!rule) return;
  const box = $("grammar-text");
  box.focus();
  box.setSelectionRange(rule.start, rule.start);
  const lineHeight = box.scrollHeight / box.value.split("\n").length;
  box.scrollTop = Math.max(0, (rule.line - 3) * lineHeight);
  drawRuleUnderCursor();
}

// --- The registration check. ---

function runRegistration() {
  const reg = state.registration;
  const report = JSON.parse(
    wasm.check_registration(reg.abnf, reg.top, reg.nid, reg.scope === "urn", reg.examples),
  );
  const out = $("reg-report");
  out.replaceChildren();
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
    out.append(t);
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
  entry = entries.find((e) => e.id === id) ?? entries[0];
  state.entry = entry.id;
  $("grammar-select").value = entry.id;
  $("grammar-text").value = currentText();
  save();
  grammarChanged();
}

async function main() {
  await init();
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

  try {
    restore(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "null"));
  } catch {
    // A stored state that does not parse is ignored.
  }
  const shared = location.hash.match(/^#s=([A-Za-z0-9_-]+)$/);
  if (shared) {
    try {
      restore(await decodeState(shared[1]));
    } catch {
      $("share-status").textContent = "The link's state could not be read; the last state is shown.";
    }
  }

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
    // Compiling the text and running it on every line takes tens of milliseconds with a
    // thousand lines: done once typing pauses, so that typing in the editor stays quick.
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
  selectEntry(state.entry);
  document.body.dataset.ready = "true";
}

main().catch((error) => {
  $("loading").textContent = `The playground could not start: ${error}`;
});

if ("serviceWorker" in navigator && location.protocol !== "file:") {
  // Keeps the page's files for use offline once it has loaded.
  navigator.serviceWorker.register("sw.js").catch(() => {});
}
