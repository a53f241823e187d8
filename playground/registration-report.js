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
