// The grammar worker: everything the page does with a grammar text it did not ship, off the
// page's own thread. It reads the text (its outline, its diagrams) and runs its entry rule with
// pest_vm on lines; it checks a registration's ABNF, and reads its rules and their diagrams. A
// text can be anything a visitor typed or a link carried, so the page gives each request a time
// limit, and replaces this worker when it runs over or when the module traps (app.js,
// `GrammarWorker`); the module bounds what it can itself (nesting, rule calls, stack:
// wasm/src/lib.rs).
//
// Requests are `{id, op, ...}`; each is answered by `{id, ...}`, a run of many lines also by
// `{id, partial}` messages as it goes, so that the page sees it working and can tell which
// line a run that stops answering is stuck on.

import init, { Grammar, abnf_outline, check_registration } from "./pkg/urn_tag_playground.js";

const ready = init();
/** The grammar text last loaded, read once. */
let grammar = null;
/** How long a run of lines goes on before it says how far it got. */
const PROGRESS_MS = 50;

self.onmessage = async ({ data }) => {
  await ready;
  const { id, op } = data;
  try {
    if (op === "load") {
      grammar?.free();
      grammar = null;
      const loaded = new Grammar(data.text, data.entry);
      grammar = loaded;
      self.postMessage({
        id,
        error: loaded.error() ?? null,
        // Refused for nesting too deep, rather than read and found wrong.
        limit: loaded.refused(),
        outline: JSON.parse(loaded.outline()),
      });
    } else if (op === "run") {
      let results = [];
      let from = 0;
      let last = performance.now();
      for (const line of data.lines) {
        results.push(JSON.parse(grammar.run(line)));
        if (performance.now() - last > PROGRESS_MS) {
          self.postMessage({ id, partial: results, from });
          from += results.length;
          results = [];
          last = performance.now();
        }
      }
      self.postMessage({ id, results, from });
    } else if (op === "tree") {
      self.postMessage({ id, result: JSON.parse(grammar.tree(data.line)) });
    } else if (op === "trace") {
      self.postMessage({ id, result: JSON.parse(grammar.trace(data.line)) });
    } else if (op === "steps") {
      self.postMessage({ id, result: JSON.parse(grammar.steps(data.line)) });
    } else if (op === "examples") {
      self.postMessage({ id, result: JSON.parse(grammar.examples(data.seed, data.wanted)) });
    } else if (op === "diagram") {
      self.postMessage({ id, svg: grammar.diagram(data.rule) });
    } else if (op === "registration") {
      const { abnf, top, nid, wholeUrn, examples } = data;
      self.postMessage({ id, report: JSON.parse(check_registration(abnf, top, nid, wholeUrn, examples)) });
    } else if (op === "abnf-outline") {
      // A registration's ABNF: its rules, their places in the text and their diagrams.
      self.postMessage({ id, outline: JSON.parse(abnf_outline(data.abnf)) });
    }
  } catch (error) {
    // A trap (a stack overflow the module's own checks did not foresee, a failed allocation,
    // a panic): the module is not usable any more, and the page replaces this worker.
    self.postMessage({ id, trapped: `${error?.name ?? "Error"}: ${error?.message ?? error}` });
  }
};
