// Stepping through a run of the grammar text on a line, event by event, as pest's debugger
// and regex101's do: each rule entered, matched (its span) or failed (the run backtracks to
// where it was entered), forwards and backwards, with the rules open at the event, the line
// with the event's byte marked, and the grammar editor on the event's rule. The worker's module
// gives the events (`Grammar.steps`, at most 5 000 of them, all counted); a run that fails
// ends on one more step, where it got no further: the byte of its trace, which is the byte of
// the trace beside it in the tree pane.

import { either } from "./trace.js";

/** A count as this project writes counts: a space between groups of three digits. */
function grouped(n) {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, " ");
}

/**
 * The steps of a run, each with the rules open at it: the worker's events, then, for a run
 * that failed, where it stopped.
 *
 * @param {{events: {kind: string, rule: string, start: number, at: number, depth: number}[],
 *   total: number, trace: {index: number, expected: string[]} | null}} answer
 */
export function stepsOf(answer) {
  const open = [];
  const steps = answer.events.map((event) => {
    // The rules open at the event, its own rule last: after it is entered, before it ends.
    if (event.kind === "entered") open.push(event.rule);
    const stack = open.slice(0, event.depth);
    if (event.kind !== "entered") open.length = Math.max(0, event.depth - 1);
    return { ...event, stack };
  });
  if (answer.trace) {
    const { index, expected } = answer.trace;
    steps.push({ kind: "stopped", rule: null, start: index, at: index, depth: 0, stack: [], expected });
  }
  return steps;
}

/** What step `step` says, in words. */
export function describe(step) {
  switch (step.kind) {
    case "entered":
      return `entered ${step.rule} at byte ${step.start}`;
    case "matched":
      return `${step.rule} matched bytes ${step.start}..${step.at}`;
    case "failed":
      return `${step.rule} failed; back to byte ${step.start}`;
    default: {
      const expecting = step.expected.length ? `, expecting ${either(step.expected)}` : "";
      return `the run got no further than byte ${step.at}${expecting}`;
    }
  }
}

/**
 * The stepper of the tree pane: `show` gives it a run, the buttons and keys move through it;
 * with a breakpoint on a rule (`breakAt`), Step and Back go to that rule's next or previous
 * event.
 *
 * @param {{root: HTMLElement, position: HTMLElement, stack: HTMLElement, line: HTMLElement,
 *   cut: HTMLElement, breakAt: HTMLSelectElement, buttons: {first: HTMLButtonElement, back: HTMLButtonElement,
 *   next: HTMLButtonElement, last: HTMLButtonElement}}} parts
 * @param {{marked: Function, jump: Function}} page the page's line marking and its jump to a
 *   rule in the grammar editor (without taking the focus)
 */
export function stepper(parts, page) {
  let run = null;
  let at = 0;

  function draw() {
    const step = run.steps[at];
    parts.root.dataset.step = String(at + 1);
    parts.root.dataset.at = String(step.at);
    parts.root.dataset.kind = step.kind;
    parts.position.textContent = `Event ${grouped(at + 1)} of ${grouped(run.steps.length)}: ${describe(step)}.`;
    parts.stack.textContent = step.stack.length ? step.stack.join(" › ") : "(none)";
    // A match marks its span; any other step the byte the run is at (nothing past the end).
    const [start, end] = step.kind === "matched" ? [step.start, step.at] : [step.at, step.at + 1];
    parts.line.replaceChildren(page.marked(run.line, start, end));
    const focused = document.activeElement;
    parts.buttons.first.disabled = parts.buttons.back.disabled = at === 0;
    parts.buttons.next.disabled = parts.buttons.last.disabled = at === run.steps.length - 1;
    // A button disabled under the focus would drop it to the page, and the keys with it: it
    // goes to the button that leads the other way (Step at the first event, Back at the last).
    if (focused?.disabled && parts.root.contains(focused)) {
      const other = at === 0 ? parts.buttons.next : parts.buttons.back;
      (other.disabled ? parts.root : other).focus();
    }
    if (step.rule) page.jump(step.rule);
  }

  function go(to) {
    if (!run || run.steps.length === 0) return;
    at = Math.max(0, Math.min(run.steps.length - 1, to));
    draw();
  }

  /** The next step (`direction` 1) or the one before (-1): with a breakpoint on a rule, the
   * next or previous event of that rule, or else the last or first step, as a debugger runs on
   * to the end when no breakpoint stops it. */
  function step(direction) {
    const rule = parts.breakAt.value;
    if (!run || !rule) return at + direction;
    for (let i = at + direction; i >= 0 && i < run.steps.length; i += direction) {
      if (run.steps[i].rule === rule) return i;
    }
    return direction > 0 ? Infinity : 0;
  }

  parts.buttons.first.addEventListener("click", () => go(0));
  parts.buttons.back.addEventListener("click", () => go(step(-1)));
  parts.buttons.next.addEventListener("click", () => go(step(1)));
  parts.buttons.last.addEventListener("click", () => go(Infinity));
  // The keys of a media player's transport: arrows step, Home and End go to either end.
  parts.root.addEventListener("keydown", (event) => {
    if (event.target === parts.breakAt) return;
    const keys = { ArrowRight: () => step(1), ArrowLeft: () => step(-1), Home: () => 0, End: () => Infinity };
    if (!(event.key in keys) || !run) return;
    event.preventDefault();
    go(keys[event.key]());
  });

  return {
    /** Shows the run of `line` the worker answered, at its first step. */
    show(line, answer) {
      run = { line, steps: stepsOf(answer) };
      at = 0;
      // The breakpoint's choices: the rules of the run, by name.
      const rules = [...new Set(answer.events.map((event) => event.rule))].sort();
      parts.breakAt.replaceChildren(new Option("no rule (every event)", ""), ...rules.map((rule) => new Option(rule, rule)));
      parts.root.hidden = false;
      const kept = answer.events.length;
      parts.cut.textContent =
        answer.total > kept
          ? `The run made ${grouped(answer.total)} events; the first ${grouped(kept)} are kept, cut after byte ${answer.events.at(-1)?.at ?? 0}${answer.trace ? ", then where it stopped" : ""}.`
          : "";
      parts.cut.hidden = parts.cut.textContent === "";
      if (run.steps.length === 0) {
        parts.position.textContent = answer.message ? `No events: ${answer.message}.` : "No events.";
        parts.stack.textContent = "";
        parts.line.replaceChildren();
        for (const button of Object.values(parts.buttons)) button.disabled = true;
        return;
      }
      draw();
    },
    /** Hides the stepper (another line, another grammar text). */
    hide() {
      run = null;
      parts.root.hidden = true;
    },
  };
}
