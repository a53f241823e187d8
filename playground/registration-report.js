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
