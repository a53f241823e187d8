// Why a line fails: the deepest attempt of the grammar text's run on the line (the rules it was
// inside when it got furthest, with those that had matched under each), the furthest byte and
// what was expected there, said beside the library's own error for the line. The worker's
// module computes the trace (`Grammar.trace`); this draws it into the parse-tree pane.

/** A list of names as a sentence: "a", "a or b", "a, b or c". */
export function either(names) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}

/**
 * The sentence above a trace: the library's error and the trace's byte in one vocabulary, and
 * where the library (compiled from the shipped grammar) and the grammar text disagree, which
 * says what.
 *
 * @param {{trace: {index: number, expected: string[]} | null, message: string | null}} answer
 * @param {{valid: boolean, error: {message: string, index: number} | null}} library
 * @param {{rule: string, edited: boolean}} context
 */
export function traceNote(answer, library, { rule, edited }) {
  const trace = answer.trace;
  const grammar = edited ? "the edited grammar" : "the grammar";
  if (!trace) return `${rule} does not match: ${answer.message}.`;
  const expecting = trace.expected.length ? `, expecting ${either(trace.expected)}` : "";
  const stopped = `${rule} under ${grammar} got no further than byte ${trace.index}${expecting}`;
  if (library.valid) {
    return `The library (the shipped grammar) accepts this line; ${stopped}. The deepest attempt:`;
  }
  const error = library.error;
  if (error.index === trace.index) {
    return `${error.message}. The deepest attempt of ${rule} under ${grammar} stopped there too${expecting}:`;
  }
  return `The library (the shipped grammar) says: ${error.message}; ${stopped}. The deepest attempt:`;
}

/**
 * Draws a trace's deepest attempt into `list` (one item a rule: its name, its span or where it
 * stopped, and the span marked in the line) and its sentence into `note`.
 *
 * @param {HTMLElement} list
 * @param {HTMLElement} note
 * @param {object} answer the worker's `{trace, message}`
 * @param {object} library the library's verdict on the line
 * @param {{rule: string, edited: boolean, line: string, marked: Function, jump: Function}} context
 */
export function showTrace(list, note, answer, library, context) {
  list.replaceChildren();
  note.textContent = traceNote(answer, library, context);
  const trace = answer.trace;
  if (!trace) return;
  for (const step of trace.attempt) {
    const end = step.end ?? trace.index;
    const li = document.createElement("li");
    li.dataset.rule = step.rule;
    li.dataset.span = step.end === null ? `${step.start}..` : `${step.start}..${step.end}`;
    li.classList.toggle("stopped", step.end === null);
    const button = document.createElement("button");
    button.type = "button";
    const span = step.end === null ? `${step.start}.. stopped at ${trace.index}` : `${step.start}..${step.end}`;
    button.textContent = `${"  ".repeat(step.depth - 1)}${step.rule} ${span}`;
    button.addEventListener("click", () => context.jump(step.rule));
    li.append(button, " ", context.marked(context.line, step.start, end));
    list.append(li);
  }
}
