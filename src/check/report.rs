//! Telling the result of a check: one line when every case agrees; on a failure the verdict, the shrunk case ready
//! to paste, the expected answer and the solution's, and the optimal line that explains the answer. Or one JSON
//! object with the same facts.

use super::runner::{Ending, KEEP_OUTPUT, tail};
use super::spacing::spacing_fault;
use super::{Outcome, Verdict, not_an_integer};
use serde_json::json;

/// Lines of the solution's standard error shown for a runtime error.
const STDERR_LINES: usize = 12;

/// Seconds as people read them: "0.012 s".
fn seconds(d: std::time::Duration) -> String {
    format!("{:.3} s", d.as_secs_f64())
}

/// A limit in seconds without needless digits: "1 s", "2.5 s".
fn limit(d: std::time::Duration) -> String {
    format!("{} s", d.as_secs_f64())
}

/// The time limit of a check, with why it is not the judge's stated one when the language gets more.
fn time_limit(outcome: &Outcome) -> String {
    format!("{}{}", limit(outcome.time_limit), time_limit_why(outcome))
}

/// " (BOJ's 1 s ×3 + 2 s for Python)" when the language gets more than the stated limit, else nothing.
fn time_limit_why(outcome: &Outcome) -> String {
    outcome.time_limit_why.as_ref().map_or(String::new(), |why| format!(" ({why})"))
}

/// Indents every line of `text` by four spaces (blank lines stay empty).
fn indent(text: &str) -> String {
    text.lines().map(|l| if l.is_empty() { "\n".to_string() } else { format!("    {l}\n") }).collect()
}

/// Quotes a short answer as it would be shown: the words on one line, or "(nothing)"; control characters (a
/// solution's escape sequences, its backspaces) escaped, so that what it printed cannot drive the terminal or pass
/// for another answer.
fn shown(text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.is_empty() {
        return "(nothing)".into();
    }
    at_most_300(crate::format::escape(&words.join(" ")))
}

/// Lines of an answer of several lines shown in a report, at most (a grid game answers up to 10⁶ queries).
const SHOWN_LINES: usize = 20;

/// `label` and an answer as a report shows it: on the label's line when it is one line, else one line each below
/// it (as the judge prints them, a grid game's answer a query), indented; of more than [`SHOWN_LINES`], those around
/// line `focus` (0-based: the first where the answers differ), each with its number.
fn labelled(label: &str, text: &str, focus: usize) -> String {
    let lines: Vec<&str> = text.lines().filter(|line| !line.trim().is_empty()).collect();
    if lines.len() <= 1 {
        return format!("{label} {}\n", shown(text));
    }
    let mut out = format!("{}\n", label.trim_end());
    if lines.len() <= SHOWN_LINES {
        for line in &lines {
            out += &format!("    {}\n", shown(line));
        }
        return out;
    }
    let first = focus.saturating_sub(SHOWN_LINES / 2).min(lines.len() - SHOWN_LINES);
    if first > 0 {
        out += &format!("    … ({} before)\n", crate::format::counted(first as u64, "line"));
    }
    for (number, line) in lines.iter().enumerate().skip(first).take(SHOWN_LINES) {
        out += &format!("    {}: {}\n", number + 1, shown(line));
    }
    let after = lines.len() - first - SHOWN_LINES;
    if after > 0 {
        out += &format!("    … ({} more)\n", crate::format::counted(after as u64, "line"));
    }
    out
}

/// The first line (0-based, blank lines skipped) where two answers' words differ, or the end of the shorter.
fn first_difference(expected: &str, got: &str) -> usize {
    fn words(text: &str) -> Vec<Vec<&str>> {
        text.lines().filter(|line| !line.trim().is_empty()).map(|line| line.split_whitespace().collect()).collect()
    }
    let (expected, got) = (words(expected), words(got));
    expected.iter().zip(&got).position(|(e, g)| e != g).unwrap_or(expected.len().min(got.len()))
}

/// `text` cut after 300 characters, with an ellipsis where it was cut.
fn at_most_300(text: String) -> String {
    if text.chars().count() > 300 { format!("{}…", text.chars().take(300).collect::<String>()) } else { text }
}

/// What BOJ would not take in the spacing of a presentation error, and what it takes.
fn spacing_detail(answer: &str) -> String {
    let fault = spacing_fault(answer).unwrap_or_default();
    format!(
        "the words are right, but {fault}: BOJ takes words separated by one space or one line break, and one extra \
         space at the end of a line"
    )
}

/// An answer with its spacing shown: quoted, line breaks and tabs escaped, cut after 300 characters.
fn shown_spacing(text: &str) -> String {
    format!("\"{}\"", at_most_300(crate::format::escape(text)))
}

/// What a run stopped at its output limit ([`KEEP_OUTPUT`]) is told.
fn output_limit() -> String {
    format!("stopped after {} MiB of output, a judge's output limit: only the first is read", KEEP_OUTPUT >> 20)
}

/// Ways a run ends that the memory limit may cause: a signal (a failed allocation turned into a bad access or an
/// abort) or an out-of-memory error on standard error.
const MEMORY_SIGNS: [&str; 2] = ["SIGSEGV", "SIGABRT"];
const MEMORY_ERRORS: [&str; 4] = ["bad_alloc", "MemoryError", "OutOfMemoryError", "heap out of memory"];

/// How a run says it aborted for a reason of its own (an exception other than a failed allocation, a failed
/// assertion): its SIGABRT then says nothing of memory.
const OWN_ABORTS: [&str; 2] = ["terminate called after throwing", "Assertion"];

/// How each language says its stack overflowed (Java, Python, JavaScript, Rust): the message comes first on
/// standard error, above the thousands of frames whose end is all the report shows.
const STACK_ERRORS: [&str; 4] =
    ["StackOverflowError", "RecursionError", "Maximum call stack size exceeded", "has overflowed its stack"];

/// How the usual runtimes say a process or a thread could not be started (the task bound reached).
const TASK_ERRORS: [&str; 4] =
    ["Resource temporarily unavailable", "Cannot fork", "unable to create native thread", "EAGAIN"];

/// A failed run's description, and when the stack overflowed or the memory limit or the task bound may have ended
/// it, a note saying so.
fn failure_detail(how: &str, stderr: &str, outcome: &Outcome) -> String {
    if let Some(error) = STACK_ERRORS.iter().find(|error| stderr.contains(*error)) {
        return format!("{how}; the stack overflowed ({error}): the recursion is too deep");
    }
    let memory_error = MEMORY_ERRORS.iter().any(|error| stderr.contains(error));
    let own_abort = OWN_ABORTS.iter().any(|sign| stderr.contains(sign));
    let memory = memory_error || (MEMORY_SIGNS.iter().any(|sign| how.contains(sign)) && !own_abort);
    // A process or thread that could not start, after which the solution aborted: the task bound, not the memory,
    // unless the solution also said it ran out of memory.
    if !memory_error && let Some(note) = task_note(stderr, outcome) {
        return format!("{how}; {note}");
    }
    if memory {
        return format!(
            "{how}; the memory limit is {} MiB, and a run that needs more ends this way",
            outcome.memory_limit as f64 / f64::from(1 << 20)
        );
    }
    with_task_note(how.to_string(), stderr, outcome)
}

/// `detail`, followed by the task bound's note when [`task_note`] gives one.
fn with_task_note(detail: String, stderr: &str, outcome: &Outcome) -> String {
    match task_note(stderr, outcome) {
        Some(note) => format!("{detail}; {note}"),
        None => detail,
    }
}

/// When the run's stderr says a process or a thread could not be started and a task bound holds, what the bound is:
/// a solution that goes on without the task it could not start (and answers wrongly, or too late) is told too.
fn task_note(stderr: &str, outcome: &Outcome) -> Option<String> {
    let tasks = outcome.task_limit.as_ref()?;
    TASK_ERRORS
        .iter()
        .any(|error| stderr.contains(error))
        .then(|| format!("the limit is {tasks}, and a run that starts more fails this way"))
}

/// The result as text.
pub fn text(outcome: &Outcome) -> String {
    let Some(failure) = &outcome.failure else {
        return format!(
            "accepted: {} {} with perfectplay ({}, seed {}); the slowest took {} of the {} limit{}\n",
            crate::format::counted(outcome.cases as u64, "case"),
            if outcome.cases == 1 { "agrees" } else { "agree" },
            outcome.judge,
            outcome.seed,
            seconds(outcome.slowest),
            limit(outcome.time_limit),
            time_limit_why(outcome)
        );
    };
    let trial = &failure.trial;
    let detail = match (&trial.verdict, &trial.run.ending) {
        (Verdict::RuntimeError, Ending::Failed(how)) => {
            format!(" ({})", failure_detail(how, &trial.run.stderr, outcome))
        }
        (Verdict::TimeLimitExceeded, _) => {
            format!(" ({})", with_task_note(format!("over {}", time_limit(outcome)), &trial.run.stderr, outcome))
        }
        (_, Ending::OutputLimit) => format!(" ({})", output_limit()),
        (Verdict::WrongAnswer, _) => match not_an_integer(&trial.run.answer) {
            Some(what) => format!(" (returned {}, not an integer)", crate::format::escape(what)),
            // What a judge would call an output limit exceeded: only the output's first MiB is read.
            None if trial.run.answer.len() as u64 >= KEEP_OUTPUT => {
                format!(" (over {} MiB of output: only the first is read)", KEEP_OUTPUT >> 20)
            }
            None => task_note(&trial.run.stderr, outcome).map_or(String::new(), |note| format!(" ({note})")),
        },
        (Verdict::PresentationError, _) => format!(" ({})", spacing_detail(&trial.run.answer)),
        _ => String::new(),
    };
    let mut out = format!(
        "{}{detail} on case {} (seed {}; the same options with `--seed {}` repeat this run: the cases depend on --cases and --beyond too)\n",
        trial.verdict, failure.case_number, outcome.seed, outcome.seed
    );
    let stats = failure.shrink;
    if stats.steps > 0 {
        out += &format!(
            "shrunk in {} ({} runs{}): {} -> {}\n",
            crate::format::counted(stats.steps as u64, "step"),
            stats.runs,
            if stats.interrupted {
                ", interrupted: the smallest found by then"
            } else if stats.stopped_early {
                ", stopped at the shrinking budget"
            } else {
                ""
            },
            failure.original_size,
            // Shrinking may leave the counts as they were and make the numbers smaller.
            if failure.size == failure.original_size {
                format!("{}, smaller numbers", failure.size)
            } else {
                failure.size.clone()
            },
        );
    } else {
        let why = if stats.interrupted {
            "shrinking was interrupted before a smaller case was found"
        } else {
            "no smaller case fails the same way"
        };
        out += &format!("the case ({}; {why}):\n", failure.size);
    }
    // Not indented, so that it pastes as it is into a judge's input box.
    out += &format!("\n{}\n", failure.input.trim_end());
    let focus = first_difference(&trial.expected, &trial.run.answer);
    if trial.verdict == Verdict::PresentationError {
        out += &format!("\nexpected: {}\n", shown_spacing(&trial.expected));
    } else {
        out += &format!("\n{}", labelled("expected:", &trial.expected, focus));
    }
    match trial.verdict {
        Verdict::WrongAnswer => match not_an_integer(&trial.run.answer) {
            Some(what) => out += &format!("got:      {}, not an integer\n", crate::format::escape(what)),
            None => out += &labelled("got:     ", &trial.run.answer, focus),
        },
        Verdict::PresentationError => out += &format!("got:      {}\n", shown_spacing(&trial.run.answer)),
        // What a run wrote before it was stopped or failed shows how far it got (a grid game's first queries).
        Verdict::TimeLimitExceeded | Verdict::RuntimeError if !trial.run.answer.trim().is_empty() => {
            let label = if trial.verdict == Verdict::TimeLimitExceeded {
                "got before the time limit:"
            } else {
                "got before it failed:"
            };
            out += &labelled(label, &trial.run.answer, focus);
        }
        _ => {}
    }
    match trial.verdict {
        // Any failing run's stderr, as the judge's would be seen: a run stopped at the time limit may have said how
        // far it got, and one that answered wrongly why (a thread it could not start).
        Verdict::RuntimeError | Verdict::TimeLimitExceeded | Verdict::WrongAnswer | Verdict::PresentationError => {
            let stderr = tail(&trial.run.stderr, STDERR_LINES);
            if stderr.is_empty() {
                if trial.verdict == Verdict::RuntimeError {
                    out += "the solution wrote nothing on stderr\n";
                }
            } else {
                // Each line escaped as the answer is: the solution's stderr is its own text. A tab (Java's stack
                // frames start with one) is four spaces, not a `\t`.
                let safe: Vec<String> =
                    stderr.lines().map(|line| crate::format::escape(&line.replace('\t', "    "))).collect();
                out += &format!("the end of the solution's stderr:\n{}", indent(&safe.join("\n")));
            }
        }
        _ => {}
    }
    let why = if trial.expected.trim().lines().count() > 1 {
        "why the answers are right".to_string()
    } else {
        format!("why {} is right", shown(&trial.expected))
    };
    out += &format!("\n{why}:\n{}", indent(&failure.explanation));
    out
}

/// The result as one JSON object on one line: `verdict`, `cases`, `seed`, the limits (`task_limit` null where
/// none holds), the slowest case, the time the
/// solution's runs took and perfectplay's own time (`solution_seconds`, `perfectplay_seconds`), and on a failure
/// `input` (shrunk), `expected`, `got`, `original_input`, `case` (its number), `detail`, `stderr` (its end),
/// `explanation`, and what shrinking did.
///
/// # Panics
/// Never: the object holds only strings, numbers, booleans and plain records, which always serialise.
pub fn json(outcome: &Outcome) -> String {
    let mut object = json!({
        "verdict": outcome.verdict,
        "cases": outcome.cases,
        "seed": outcome.seed,
        "judge": outcome.judge,
        "time_limit": outcome.time_limit.as_secs_f64(),
        "time_limit_why": outcome.time_limit_why,
        "memory_limit": outcome.memory_limit,
        "task_limit": outcome.task_limit,
        "slowest": outcome.slowest.as_secs_f64(),
        "solution_seconds": outcome.solution_time.as_secs_f64(),
        "perfectplay_seconds": outcome.own_time.as_secs_f64(),
    });
    if let Some(failure) = &outcome.failure {
        let run = &failure.trial.run;
        object["input"] = json!(failure.input);
        object["expected"] = json!(failure.trial.expected);
        object["got"] = json!(match not_an_integer(&run.answer) {
            Some(what) => format!("{what}, not an integer\n"),
            None => run.answer.clone(),
        });
        object["original_input"] = json!(failure.original_input);
        object["case"] = json!(failure.case_number);
        object["size"] = json!(failure.size);
        object["original_size"] = json!(failure.original_size);
        object["detail"] = json!(match &run.ending {
            Ending::Failed(how) => failure_detail(how, &run.stderr, outcome),
            Ending::TimedOut => with_task_note(format!("over {}", time_limit(outcome)), &run.stderr, outcome),
            Ending::OutputLimit => output_limit(),
            Ending::Success => match not_an_integer(&run.answer) {
                Some(what) => format!("exit code 0; returned {what}, not an integer"),
                None if failure.trial.verdict == Verdict::PresentationError => {
                    format!("exit code 0; {}", spacing_detail(&run.answer))
                }
                None => with_task_note("exit code 0".into(), &run.stderr, outcome),
            },
        });
        object["stderr"] = json!(tail(&run.stderr, STDERR_LINES));
        object["explanation"] = json!(failure.explanation);
        object["shrink"] = json!(failure.shrink);
    }
    serde_json::to_string(&object).expect("the result serialises") + "\n"
}

/// A compile error (the compiler's message) as one JSON object: `verdict` "compile error" and `message`.
pub fn compile_error_json(message: &str) -> String {
    json!({ "verdict": "compile error", "message": message }).to_string() + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_answer_is_shown_around_its_first_difference() {
        let expected: String = (1..=40).map(|i| format!("{}\n", if i == 33 { "Second" } else { "First" })).collect();
        let got = "First\n".repeat(40);
        let focus = first_difference(&expected, &got);
        assert_eq!(focus, 32);
        let shown = labelled("expected:", &expected, focus);
        assert!(shown.starts_with("expected:\n    … (20 lines before)\n    21: First\n"), "{shown}");
        assert!(shown.contains("    33: Second\n") && shown.ends_with("    40: First\n"), "{shown}");
        // Up to 20 lines, all of them, unnumbered; one line on the label's own.
        assert_eq!(labelled("got:", "First\nSecond\n", 0), "got:\n    First\n    Second\n");
        assert_eq!(labelled("got:     ", "17\n", 0), "got:      17\n");
        // A shorter answer differs where it ends.
        assert_eq!(first_difference("First\nFirst\n", "First\n"), 1);
    }
}
