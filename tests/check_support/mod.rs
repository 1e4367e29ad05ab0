//! What the `check` tests share: whether a solution's compiler or interpreter is installed.

use std::io::Write;

/// Tools whose absence is never a failure: Kotlin is not packaged everywhere (`.ci/run` installs it where it is).
const OPTIONAL_TOOLS: [&str; 1] = ["kotlinc"];

/// Whether `tool` is installed. If not, says on stderr that `what` did not run (straight to the file, past the test
/// harness's capture, so that the skip shows), and with `PERFECTPLAY_REQUIRE_ALL=1` (set by `.ci/run`) fails instead,
/// unless the tool is optional, as the other parts of the suite that need something the machine may lack do.
pub fn have(tool: &str, what: &str) -> bool {
    if perfectplay::check::language::find_in_path(tool).is_some() {
        return true;
    }
    let _ = writeln!(std::io::stderr().lock(), "SKIP: `{tool}` is not installed; {what} did not run");
    assert!(
        OPTIONAL_TOOLS.contains(&tool) || std::env::var("PERFECTPLAY_REQUIRE_ALL").as_deref() != Ok("1"),
        "PERFECTPLAY_REQUIRE_ALL=1: {what} may not be skipped (install `{tool}`)"
    );
    false
}
