//! Shared output helpers: colour and the caret drawing under an offending byte.

use std::io::IsTerminal;

/// Whether to colour what goes to standard output: only on a terminal, never with NO_COLOR.
pub fn colour_stdout() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty())
        && std::io::stdout().is_terminal()
}

/// ANSI styles, or nothing when colour is off.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    pub on: bool,
}

impl Style {
    fn paint(self, code: &str, text: &str) -> String {
        if self.on {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_owned()
        }
    }

    pub fn good(self, text: &str) -> String {
        self.paint("32", text)
    }

    pub fn bad(self, text: &str) -> String {
        self.paint("31", text)
    }

    pub fn dim(self, text: &str) -> String {
        self.paint("2", text)
    }
}

/// The input on one line (control characters shown as U+FFFD so that columns stay aligned),
/// and a caret under the character that holds byte `index` (or just past the end).
pub fn caret(input: &str, index: usize, indent: &str) -> String {
    let shown: String = input
        .chars()
        .map(|c| if c.is_control() { '\u{FFFD}' } else { c })
        .collect();
    let column = input
        .char_indices()
        .take_while(|&(at, _)| at < index)
        .count();
    format!("{indent}{shown}\n{indent}{}^", " ".repeat(column))
}

#[cfg(test)]
mod tests {
    use super::caret;

    #[test]
    fn caret_points_at_the_character_holding_the_byte() {
        assert_eq!(caret("urn:é:%zz", 9, ""), "urn:é:%zz\n        ^");
        assert_eq!(caret("ab", 2, "  "), "  ab\n    ^");
        assert_eq!(caret("a\tb", 2, ""), "a\u{FFFD}b\n  ^");
    }
}
