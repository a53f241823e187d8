// The registration report's warnings: what BAP, the IETF's ABNF checker, would warn of in the
// pasted ABNF (rules used but not defined, names written in another case than their
// definition, rules defined but not used). The worker's module finds them
// (`check_registration`'s `warnings`); this draws them into the report and its plain text.

/**
 * Appends the warnings to the report `out` (a heading and a list, `#reg-warnings`) and to the
 * lines of its plain-text form; nothing when there are none.
 *
 * @param {HTMLElement} out
 * @param {string[]} warnings
 * @param {string[]} text
 */
export function showWarnings(out, warnings, text) {
  if (!warnings?.length) return;
  const heading = document.createElement("h3");
  heading.textContent = `Warnings (${warnings.length}), as BAP gives them`;
  const list = document.createElement("ul");
  list.id = "reg-warnings";
  for (const warning of warnings) {
    const li = document.createElement("li");
    li.textContent = warning;
    list.append(li);
  }
  out.append(heading, list);
  text.push("", `Warnings (${warnings.length}):`, ...warnings.map((warning) => `  ${warning}`));
}

/**
 * Appends a sample of the generated URNs that RFC 8141 accepts (`#reg-accepted`), shortest
 * first, to the report and its plain text: what the registration's syntax allows, not only
 * what it allows wrongly.
 *
 * @param {HTMLElement} out
 * @param {string[]} accepted
 * @param {string[]} text
 */
export function showAccepted(out, accepted, text) {
  if (!accepted?.length) return;
  const heading = document.createElement("h3");
  heading.textContent = `Generated URNs that RFC 8141 accepts too: a sample of ${accepted.length}, shortest first`;
  const list = document.createElement("ul");
  list.id = "reg-accepted";
  for (const urn of accepted) {
    const li = document.createElement("li");
    const code = document.createElement("code");
    code.textContent = urn;
    li.append(code);
    list.append(li);
  }
  out.append(heading, list);
  text.push("", `Generated URNs that RFC 8141 accepts too (a sample of ${accepted.length}):`, ...accepted.map((urn) => `  ${urn}`));
}

/**
 * The report's summary line: how many examples, how many of them the ABNF accepts and
 * rejects, how many strings were generated from the ABNF and how many of those RFC 8141
 * rejects.
 *
 * @param {{examples: {abnf: boolean}[], generated: number, rejected_count: number}} report
 * @returns {string}
 */
export function summaryLine(report) {
  const examples = report.examples.length;
  const accepted = report.examples.filter((example) => example.abnf).length;
  const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
  return (
    `${plural(examples, "example", "examples")}: the ABNF accepts ${accepted} and rejects ${examples - accepted}. ` +
    `${plural(report.generated, "string", "strings")} generated from the ABNF: RFC 8141 rejects ${report.rejected_count}.`
  );
}

/**
 * Appends the generated URNs that RFC 8141 rejects, grouped by the library's reason
 * (`#reg-reasons`: reason, how many, the shortest few), to the report and its plain text. The
 * module counts URNs that differ only in the case of their letters once.
 *
 * @param {HTMLElement} out
 * @param {{reason: string, count: number, urns: string[]}[]} reasons
 * @param {string[]} text
 * @param {(rows: string[][], columns: string[]) => HTMLElement} table draws a table into `out`
 */
export function showReasons(out, reasons, text, table) {
  if (!reasons?.length) return;
  table(
    reasons.map((group) => [group.reason, String(group.count), group.urns.join("\n")]),
    ["the library's reason, under RFC 8141", "generated URNs (case variants once)", "the shortest"],
  ).id = "reg-reasons";
  for (const group of reasons) {
    text.push(`  ${group.reason} (${group.count}): ${group.urns.join(", ")}`);
  }
}

/** The example with a caret under its byte `index` (a UTF-8 byte offset), and `message`. */
function caret(urn, index, message) {
  const bytes = new TextEncoder().encode(urn);
  const column = [...new TextDecoder().decode(bytes.slice(0, index))].length;
  return `${urn}\n${" ".repeat(column)}^ ${message}`;
}

/**
 * Adds to `cell` (the example's "the ABNF accepts it" cell, which says "no") where the ABNF
 * fails on an example it rejects: the example with a caret under the failing byte and what
 * the ABNF would have taken there (`.abnf-failure`).
 *
 * @param {HTMLTableCellElement} cell
 * @param {{urn: string, abnf_failure?: {index: number | null, message: string}}} example
 */
export function showFailure(cell, example) {
  const failure = example.abnf_failure;
  if (!failure || !cell) return;
  const pre = document.createElement("pre");
  pre.className = "caret abnf-failure";
  pre.textContent = failure.index === null ? failure.message : caret(example.urn, failure.index, failure.message);
  cell.append(pre);
}

/**
 * Appends where the ABNF fails on an example it rejects to the plain-text report, caret and
 * all; nothing for an example it accepts.
 *
 * @param {{urn: string, abnf_failure?: {index: number | null, message: string}}} example
 * @param {string[]} text
 */
export function failureText(example, text) {
  const failure = example.abnf_failure;
  if (!failure) return;
  const shown = failure.index === null ? failure.message : caret(example.urn, failure.index, failure.message);
  text.push(`  The ABNF fails on ${example.urn}:`, ...shown.split("\n").map((line) => `    ${line}`));
}
