//! Text that came from input, made safe to show in a message: cut short, with control
//! characters (and the invisible characters that reorder text) escaped, so that a 10 MB action
//! gives a short message and no input can drive the terminal.

/// Most characters of one piece of input (a name, an action, a number) quoted in a message.
pub const QUOTED: usize = 100;

/// Most characters of a whole message from a library that may quote input (a JSON parser's,
/// an engine's), and of a path.
pub const MESSAGE: usize = 300;

/// `text` as a message may show it: at most [`QUOTED`] characters, then `…`; control characters
/// escaped (`\n`, `\u{1b}`).
///
/// ```
/// use cards::text::shown;
/// assert_eq!(shown("vote\u{1b}[2J"), "vote\\u{1b}[2J");
/// assert_eq!(shown(&"x".repeat(10_000)).chars().count(), 101);
/// ```
pub fn shown(text: &str) -> String {
    shown_up_to(text, QUOTED)
}

/// `text` as a message may show it, cut after `limit` characters (escapes counted).
pub fn shown_up_to(text: &str, limit: usize) -> String {
    let (pieces, whole) = take(text.chars(), limit);
    let mut out = pieces.concat();
    if !whole {
        out.push('…');
    }
    out
}

/// A whole message that may quote input (a parser's, an engine's, the argument parser's), as it
/// may be shown: if longer than `limit` characters, its beginning and its end (where the reason
/// usually is) with `…` between them; control characters escaped.
pub fn shown_message(text: &str, limit: usize) -> String {
    let (pieces, whole) = take(text.chars(), limit);
    if whole {
        return pieces.concat();
    }
    let (head, _) = take(text.chars(), limit / 2);
    let (mut tail, _) = take(text.chars().rev(), limit - limit / 2);
    tail.reverse();
    format!("{}…{}", head.concat(), tail.concat())
}

/// Every line of a multi-line message, each as [`shown_message`] makes it (the line breaks
/// kept).
pub fn shown_lines(text: &str, limit: usize) -> String {
    text.split('\n')
        .map(|line| shown_message(line, limit))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The characters of `chars`, escaped where they must be, while they fit in `limit`
/// characters; and whether all of them did.
fn take(chars: impl Iterator<Item = char>, limit: usize) -> (Vec<String>, bool) {
    let mut pieces = Vec::new();
    let mut count = 0;
    for c in chars {
        let piece: String = if hides_or_steers(c) {
            c.escape_default().collect()
        } else {
            c.to_string()
        };
        count += piece.chars().count();
        if count > limit {
            return (pieces, false);
        }
        pieces.push(piece);
    }
    (pieces, true)
}

/// Control characters, and the format characters that reorder or hide text (bidirectional
/// overrides and isolates, zero-width marks).
fn hides_or_steers(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_plain_text_is_unchanged() {
        assert_eq!(shown("play 5C"), "play 5C");
        assert_eq!(shown("vote l’Animal ♥"), "vote l’Animal ♥");
    }

    #[test]
    fn control_and_reordering_characters_are_escaped() {
        assert_eq!(shown("a\nb\tc\u{7}"), "a\\nb\\tc\\u{7}");
        assert_eq!(shown("x\u{202E}y"), "x\\u{202e}y");
    }

    #[test]
    fn long_text_is_cut_with_an_ellipsis() {
        let cut = shown(&"é".repeat(1_000_000));
        assert_eq!(cut.chars().count(), QUOTED + 1);
        assert!(cut.ends_with('…'));
        // Escapes count towards the limit.
        let cut = shown(&"\u{1b}".repeat(1_000));
        assert!(cut.chars().count() <= QUOTED + 1, "{cut}");
    }

    #[test]
    fn a_long_message_keeps_its_beginning_and_its_end() {
        let text = format!("`{}` is not an action (stay, vote)", "x".repeat(10_000));
        let shown = shown_message(&text, 60);
        assert_eq!(shown.chars().count(), 61);
        assert!(shown.starts_with("`xxx") && shown.ends_with("is not an action (stay, vote)"));
        assert!(shown.contains('…'));
        assert_eq!(shown_message("short", 60), "short");
    }

    #[test]
    fn lines_are_cut_one_by_one() {
        let text = format!("error: {} refused\n\nUsage: cards", "y".repeat(5_000));
        let shown = shown_lines(&text, 50);
        assert_eq!(shown.lines().count(), 3);
        assert!(shown.ends_with("refused\n\nUsage: cards"));
        assert!(shown.len() < 120);
    }
}
