/*! This bundle holds CodeMirror 6 (@codemirror/state, view, commands, language, lint,
 * streamparser; @lezer/common, lr, highlight; style-mod, w3c-keyname, crelt), each under the
 * MIT License: Copyright (C) 2016-2021 by Marijn Haverbeke <marijn@haverbeke.berlin> and
 * others.
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy of this
 * software and associated documentation files (the "Software"), to deal in the Software
 * without restriction, including without limitation the rights to use, copy, modify, merge,
 * publish, distribute, sublicense, and/or sell copies of the Software, and to permit persons
 * to whom the Software is furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all copies or
 * substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED,
 * INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR
 * PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE
 * FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR
 * OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER
 * DEALINGS IN THE SOFTWARE.
 */

// The grammar playground's editor for grammar texts: CodeMirror 6 with line numbers, pest's
// syntax coloured, the errors of the last reading marked where they are, undo history, search
// and the usual keys. build.sh bundles this file and CodeMirror into dist/editor.js with
// esbuild; app.js uses only `createEditor`.
//
// Tab is left to move the focus (CodeMirror's default without `indentWithTab`), so that the
// page is still crossed with the keyboard; the editable part is a text box with a label for
// screen readers. The notice above is CodeMirror's licence, which esbuild keeps in the bundle
// (a comment opening with `/*!`).

import { EditorState } from "@codemirror/state";
import {
  EditorView,
  drawSelection,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from "@codemirror/view";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { HighlightStyle, StreamLanguage, bracketMatching, syntaxHighlighting } from "@codemirror/language";
import { lintGutter, setDiagnostics } from "@codemirror/lint";
import { tags } from "@lezer/highlight";

/**
 * pest's grammar syntax, for colouring only: what a token is (a comment, a string, a rule's
 * name, a built-in rule, an operator) is all this knows. Whether a text is a grammar is for
 * pest_meta to say, in the worker.
 */
const pest = StreamLanguage.define({
  name: "pest",
  startState: () => ({ comment: 0 }),
  token(stream, state) {
    if (state.comment > 0) {
      while (!stream.eol()) {
        if (stream.match("/*")) state.comment++;
        else if (stream.match("*/")) {
          state.comment--;
          if (state.comment === 0) break;
        } else stream.next();
      }
      return "comment";
    }
    if (stream.eatSpace()) return null;
    if (stream.match(/^\/\/[/!].*/)) return "docComment";
    if (stream.match(/^\/\/.*/)) return "lineComment";
    if (stream.match("/*")) {
      state.comment = 1;
      return "comment";
    }
    if (stream.match(/^\^?"(?:[^"\\]|\\.)*"?/)) return "string";
    if (stream.match(/^'(?:[^'\\]|\\.)*'?/)) return "character";
    if (stream.match(/^[A-Z][A-Z0-9_]*\b/)) return "standard";
    if (stream.match(/^[A-Za-z_][A-Za-z0-9_]*/)) {
      // A name followed by `=` is the rule being defined.
      return stream.match(/^\s*=/, false) ? "definition" : "variableName";
    }
    if (stream.match(/^[0-9]+/)) return "number";
    if (stream.match(/^[_@$!]?\{|^\}/)) return "brace";
    if (stream.match(/^[~|*+?!&=]|^\.\./)) return "operator";
    stream.next();
    return null;
  },
  tokenTable: {
    docComment: tags.docComment,
    lineComment: tags.lineComment,
    comment: tags.blockComment,
    string: tags.string,
    character: tags.character,
    standard: tags.standard(tags.variableName),
    definition: tags.definition(tags.variableName),
    variableName: tags.variableName,
    number: tags.number,
    brace: tags.brace,
    operator: tags.operator,
  },
  languageData: { commentTokens: { line: "//", block: { open: "/*", close: "*/" } } },
});

/** Colours with at least 4.5:1 contrast on white. */
const colours = HighlightStyle.define([
  { tag: tags.docComment, color: "#116329" },
  { tag: [tags.lineComment, tags.blockComment], color: "#57606a", fontStyle: "italic" },
  { tag: [tags.string, tags.character], color: "#0a3069" },
  { tag: tags.standard(tags.variableName), color: "#8250df" },
  { tag: tags.definition(tags.variableName), color: "#953800", fontWeight: "bold" },
  { tag: tags.number, color: "#0550ae" },
  { tag: [tags.operator, tags.brace], color: "#cf222e" },
]);

/**
 * An editor in `parent`, holding `text`. `label` names its text box for screen readers, and
 * `describedBy` is the id of the element that says how to use it;
 * `onChange(text)` is told of every edit, `onCursor()` of every move of the cursor.
 */
export function createEditor(parent, { text = "", label, describedBy, onChange, onCursor }) {
  let quiet = false;
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: text,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightSpecialChars(),
        history(),
        drawSelection(),
        bracketMatching(),
        highlightActiveLine(),
        lintGutter(),
        pest,
        syntaxHighlighting(colours),
        keymap.of([...defaultKeymap, ...historyKeymap]),
        EditorView.contentAttributes.of({
          "aria-label": label,
          ...(describedBy ? { "aria-describedby": describedBy } : {}),
          spellcheck: "false",
          autocapitalize: "off",
          autocorrect: "off",
        }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged && !quiet) onChange?.(update.state.doc.toString());
          if (update.selectionSet || update.focusChanged) onCursor?.();
        }),
      ],
    }),
  });

  /** UTF-16 position of pest's `line:column` (both from 1; columns count characters). */
  const positionOf = (line, column) => {
    const doc = view.state.doc;
    const at = doc.line(Math.min(Math.max(line, 1), doc.lines));
    // pest counts characters; CodeMirror, UTF-16 units.
    let offset = 0;
    let chars = 1;
    for (const ch of at.text) {
      if (chars >= column) break;
      offset += ch.length;
      chars++;
    }
    return at.from + offset;
  };

  return {
    view,
    /** The text as it is now. */
    text: () => view.state.doc.toString(),
    /** Replaces the whole text (a grammar chosen, a reset): not an edit `onChange` hears of. */
    setText(next) {
      quiet = true;
      try {
        view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: next } });
      } finally {
        quiet = false;
      }
    },
    /** Where the cursor is, in UTF-16 units from the start. */
    cursor: () => view.state.selection.main.head,
    /** Puts the cursor at `at` and scrolls it to near the top; with `focus`, takes the focus. */
    setCursor(at, focus = false) {
      const pos = Math.min(Math.max(at, 0), view.state.doc.length);
      view.dispatch({
        selection: { anchor: pos },
        effects: EditorView.scrollIntoView(pos, { y: "start", yMargin: 40 }),
      });
      if (focus) view.focus();
    },
    positionOf,
    /** Marks `errors` (`{line, column, message}`) in the text and its gutter. */
    setErrors(errors) {
      const diagnostics = errors.map(({ line, column, message }) => {
        const from = positionOf(line, column);
        const end = view.state.doc.lineAt(from).to;
        return { from, to: Math.min(end, from + 1), severity: "error", message };
      });
      view.dispatch(setDiagnostics(view.state, diagnostics));
    },
    focus: () => view.focus(),
  };
}
