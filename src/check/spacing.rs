//! The spacing BOJ takes between the words of an answer. Its checker reads an answer character by character, with
//! two allowances (as its staff's guide to the "presentation error" verdict, 출력 형식이 잘못되었습니다, states them):
//! a line break where a space is expected or a space where a line break is, and one extra space at the end of a
//! line. So the words of an answer must be separated by exactly one space or one line break (or a space and then a
//! line break), with nothing before the first word; anything more (two spaces, a blank line between answers, a
//! tab, a space before the first word) is a presentation error even when every word is right.
//!
//! What follows the last word is not judged here: the guide does not say how the end of the output is read, and a
//! verdict the judge would not give is worse than one it might.
//!
//! ```
//! use perfectplay::check::spacing::spacing_fault;
//!
//! assert_eq!(spacing_fault("First\nSecond\n"), None);
//! assert_eq!(spacing_fault("First Second"), None);
//! assert_eq!(spacing_fault("First \nSecond \n"), None);
//! assert_eq!(spacing_fault("First\n\nSecond\n").unwrap(), "a blank line after line 1 (between the 1st and 2nd words)");
//! ```

/// What is wrong with the spacing of `answer` as BOJ reads it, in words ("two spaces between the 3rd and 4th words
/// on line 1", "a blank line after line 2"), or `None` when BOJ takes it. A `\r` just before a line break counts as
/// part of it, as a solution written on Windows ends its lines.
pub fn spacing_fault(answer: &str) -> Option<String> {
    let text = answer.replace("\r\n", "\n");
    let mut line = 1;
    let mut words = 0;
    let mut rest = text.as_str();
    loop {
        let gap_len = rest.find(|c: char| !c.is_whitespace()).unwrap_or(rest.len());
        let (gap, after) = rest.split_at(gap_len);
        if after.is_empty() {
            // The end of the output: not judged (see the module's documentation).
            return None;
        }
        let taken = if words == 0 { gap.is_empty() } else { matches!(gap, " " | "\n" | " \n") };
        if !taken {
            return Some(fault(gap, line, words));
        }
        line += breaks(gap);
        words += 1;
        let word_len = after.find(char::is_whitespace).unwrap_or(after.len());
        rest = &after[word_len..];
    }
}

/// Line breaks in a gap.
fn breaks(gap: &str) -> usize {
    gap.matches('\n').count()
}

/// A gap BOJ does not take, which starts on line `line` after `words` words, named by what is too much in it and
/// where.
fn fault(gap: &str, line: usize, words: usize) -> String {
    let place = if words == 0 {
        "before the first word".to_string()
    } else {
        format!("between the {} and {} words", ordinal(words), ordinal(words + 1))
    };
    if let Some(other) = gap.chars().find(|&c| c != ' ' && c != '\n') {
        let what = match other {
            '\t' => "a tab".into(),
            '\r' => "a carriage return (\\r) not before a line break".into(),
            _ => format!("the whitespace character {}", other.escape_unicode()),
        };
        let on = line + gap.split(other).next().map_or(0, breaks);
        return format!("{what} {place}, on line {on}");
    }
    let lines = breaks(gap);
    if words == 0 && lines > 0 {
        return format!("{} {place}", some(lines, "blank line"));
    }
    let leading = gap.len() - gap.trim_start_matches(' ').len();
    let trailing = gap.len() - gap.trim_end_matches(' ').len();
    if lines >= 2 {
        return format!("{} after line {line} ({place})", some(lines - 1, "blank line"));
    }
    if lines == 0 {
        return format!("{} {place}, on line {line}", some(leading, "space"));
    }
    if leading >= 2 {
        return format!("{} at the end of line {line}", some(leading, "space"));
    }
    format!("{} at the start of line {}", some(trailing, "space"), line + 1)
}

/// `n` of `thing` in words: "a space", "two spaces", "12 blank lines".
fn some(n: usize, thing: &str) -> String {
    const WORDS: [&str; 9] = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight"];
    match n {
        1 => format!("a {thing}"),
        _ => format!("{} {thing}s", WORDS.get(n).map_or_else(|| n.to_string(), |word| (*word).to_string())),
    }
}

/// "1st", "2nd", "3rd", "4th", "11th", "21st".
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn each_fault_is_named_where_it_is() {
        assert_eq!(spacing_fault("5"), None);
        assert_eq!(spacing_fault("5\n\n\n"), None);
        assert_eq!(spacing_fault("First\r\nSecond\r\n"), None);
        assert_eq!(spacing_fault(" 5\n").unwrap(), "a space before the first word, on line 1");
        assert_eq!(spacing_fault("\n5\n").unwrap(), "a blank line before the first word");
        assert_eq!(spacing_fault("\n\n 5\n").unwrap(), "two blank lines before the first word");
        assert_eq!(spacing_fault("1 2  3").unwrap(), "two spaces between the 2nd and 3rd words, on line 1");
        assert_eq!(spacing_fault("a\n b").unwrap(), "a space at the start of line 2");
        assert_eq!(spacing_fault("a\n\n  b").unwrap(), "a blank line after line 1 (between the 1st and 2nd words)");
        assert_eq!(spacing_fault("a  \nb").unwrap(), "two spaces at the end of line 1");
        assert_eq!(spacing_fault("a\tb").unwrap(), "a tab between the 1st and 2nd words, on line 1");
        assert_eq!(
            spacing_fault("a\n\rb").unwrap(),
            "a carriage return (\\r) not before a line break between the 1st and 2nd words, on line 2"
        );
        assert_eq!(
            spacing_fault("a\nb\n\n\nc").unwrap(),
            "two blank lines after line 2 (between the 2nd and 3rd words)"
        );
        let eleven: Vec<String> = (1..=11).map(|i| i.to_string()).collect();
        let faulty = eleven.join(" ") + "  12";
        assert_eq!(spacing_fault(&faulty).unwrap(), "two spaces between the 11th and 12th words, on line 1");
    }

    /// Words of letters and digits, as the judges' answers are.
    fn words() -> impl Strategy<Value = Vec<String>> {
        prop::collection::vec("[A-Za-z0-9]{1,6}", 1..12)
    }

    proptest! {
        /// Words joined by any of the gaps BOJ takes, and followed by any whitespace, are taken.
        #[test]
        fn the_gaps_boj_takes_pass(words in words(), gaps in prop::collection::vec(0..4usize, 12), end in "[ \n]{0,4}") {
            let mut answer = words[0].clone();
            for (word, gap) in words[1..].iter().zip(&gaps) {
                answer += [" ", "\n", " \n", " \r\n"][*gap];
                answer += word;
            }
            answer += &end;
            prop_assert_eq!(spacing_fault(&answer), None);
        }

        /// Any other gap between two words, or any whitespace before the first, is a fault at that place.
        #[test]
        fn any_other_gap_is_found(words in words(), at in 0..12usize, gap in "[ \n\t]{1,4}") {
            prop_assume!(!matches!(gap.as_str(), " " | "\n" | " \n"));
            let at = at % words.len();
            let answer = words[..at].join(" ") + &gap + &words[at..].join(" ");
            let fault = spacing_fault(&answer);
            let Some(fault) = fault else { return Err(TestCaseError::fail("no fault found")) };
            if at == 0 {
                prop_assert!(fault.contains("before the first word"), "{}", fault);
            } else {
                // Named by the two words it separates, or by a line it is on (the earlier words are on line 1).
                let place = format!("between the {} and {} words", ordinal(at), ordinal(at + 1));
                let on_its_lines = (1..=1 + breaks(&gap)).any(|line| fault.contains(&format!("line {line}")));
                prop_assert!(fault.contains(&place) || on_its_lines, "{}", fault);
            }
        }
    }
}
