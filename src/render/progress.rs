//! Progress of a long solve, drawn as a spinner on stderr when stderr is a terminal.

use crate::engine::{Progress, ProgressHook};
use std::io::IsTerminal;

/// A progress hook that draws a spinner on stderr (time, positions searched, items done of their total, table fill, the current stage), or
/// `None` when stderr is not a terminal (a pipe, a file, a notebook, a captured test). The spinner is cleared when
/// the hook is dropped, so only the answer or the error message stays on the terminal.
pub fn terminal_spinner() -> Option<ProgressHook> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new_spinner().with_finish(indicatif::ProgressFinish::AndClear);
    // `wide_msg` cuts the line at the terminal's width: a line that wraps is redrawn as two.
    if let Ok(style) = indicatif::ProgressStyle::with_template("{spinner} {wide_msg}") {
        bar.set_style(style);
    }
    Some(Box::new(move |p: &Progress| {
        // The stage (the question being asked) first, so that a narrow terminal cuts the figures after it rather
        // than the question in the middle of a number. Solvers without positions or a table (the dice, the
        // simulation) report only the stage and the time.
        let mut parts = vec![p.stage.clone(), format!("{:.1}s", p.elapsed.as_secs_f64())];
        if p.nodes > 0 {
            parts.push(format!("{} positions", indicatif::HumanCount(p.nodes)));
        }
        if let Some((done, total)) = p.count {
            parts.push(format!("{} of {}", indicatif::HumanCount(done), indicatif::HumanCount(total)));
        }
        if p.table_capacity > 0 {
            parts.push(format!("table {:.0}% full", 100.0 * p.table_used as f64 / p.table_capacity as f64));
        }
        parts.retain(|part| !part.is_empty());
        bar.set_message(parts.join("  "));
        bar.tick();
    }))
}
