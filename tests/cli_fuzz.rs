//! Mutation fuzzing of the whole command line: every bundled example, mutated thousands of times, in every mode of
//! its game. Whatever the input, `perfectplay` must end with exit 0, 2 or 3 (never a signal, never a panic), print
//! nothing on stdout with exit 2, and say what is wrong in one short line of printable text on stderr.
//!
//! The run is bounded by time, not by a count: `PERFECTPLAY_FUZZ_SECONDS` (default 20) for the whole test,
//! `PERFECTPLAY_FUZZ_SEED` to repeat a run (the seed is printed). A failure prints the seed, the mode and the input
//! that broke the rule.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The modes each game is fuzzed in: the options after the game's name (`OUT` is replaced by an output file).
const MODES: &[(&str, &[&[&str]])] = &[
    (
        "footholds",
        &[
            &[],
            &["--explain"],
            &["--moves"],
            &["--json"],
            &["--stats"],
            &["--map", "OUT"],
            &["--json", "--map", "OUT"],
            &["--memory", "1M", "--threads", "1"],
        ],
    ),
    (
        "snakes",
        &[
            &[],
            &["--explain"],
            &["--expected"],
            &["--exact"],
            &["--distribution"],
            &["--json", "--expected", "--distribution"],
            &["--simulate", "2000"],
            &["--plot", "OUT"],
            &["--start", "0", "--overshoot", "bounce", "--expected"],
            &["--size", "30", "--faces", "9", "--overshoot", "win", "--expected"],
        ],
    ),
    (
        "gridgame",
        &[&[], &["-r"], &["--explain"], &["--grundy"], &["--tokens", "--grundy"], &["--json"], &["-r", "--map", "OUT"]],
    ),
];

/// Bytes and words a mutation likes to put in: the characters the formats give meaning to, line ends, controls a
/// message must not echo raw, and numbers at the edges of every documented limit.
const BYTES: &[u8] = b"0123456789-+ \n\r\t[],.#AB*x\x00\x1b\x7f\xff";
const WORDS: &[&str] = &[
    "0",
    "-1",
    "1",
    "2",
    "100",
    "101",
    "128",
    "129",
    "300",
    "4999",
    "5000",
    "5001",
    "1000000",
    "1000001",
    "10000000",
    "2147483648",
    "9223372036854775808",
    "99999999999999999999999999",
    "1e3",
    "0x10",
    "\u{2028}",
    "\u{feff}",
    "\x1b[31mred",
    "[]",
    "[[]]",
    "[[1]]",
];

fn binary() -> &'static str {
    env!("CARGO_BIN_EXE_perfectplay")
}

/// A game's example files with their bytes.
type Examples = Vec<(PathBuf, Vec<u8>)>;

fn examples(game: &str) -> Examples {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples").join(game);
    let mut files: Vec<_> = std::fs::read_dir(&folder)
        .expect("examples folder")
        .map(|entry| entry.expect("entry").path())
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    files.into_iter().map(|path| (path.clone(), std::fs::read(&path).expect("example"))).collect()
}

/// Up to four random edits of `input`.
fn mutate(rng: &mut StdRng, input: &[u8]) -> Vec<u8> {
    let mut bytes = input.to_vec();
    // Mostly one edit, so that many mutants are still valid and reach the solvers and the writers; sometimes none.
    let edits = [0, 1, 1, 1, 1, 2, 2, 3, 4][rng.random_range(0..9)];
    for _ in 0..edits {
        let at = if bytes.is_empty() { 0 } else { rng.random_range(0..bytes.len()) };
        match rng.random_range(0..7) {
            0 if !bytes.is_empty() => bytes[at] = BYTES[rng.random_range(0..BYTES.len())],
            1 => bytes.insert(at, BYTES[rng.random_range(0..BYTES.len())]),
            2 if !bytes.is_empty() => {
                let end = (at + rng.random_range(1..=8)).min(bytes.len());
                bytes.drain(at..end);
            }
            3 => {
                // Replace the word under `at` (or insert one) by an interesting word.
                let start = bytes[..at].iter().rposition(|b| b.is_ascii_whitespace()).map_or(0, |i| i + 1);
                let end = bytes[at..].iter().position(|b| b.is_ascii_whitespace()).map_or(bytes.len(), |i| at + i);
                let word = WORDS[rng.random_range(0..WORDS.len())].as_bytes();
                bytes.splice(start..end.max(start), word.iter().copied());
            }
            4 if !bytes.is_empty() => {
                // Repeat a slice: a line, a row or a token many times.
                let end = (at + rng.random_range(1..=40)).min(bytes.len());
                let slice = bytes[at..end].to_vec();
                for _ in 0..rng.random_range(1..=20) {
                    bytes.splice(at..at, slice.iter().copied());
                }
            }
            5 => {
                // A very long token.
                let long = vec![b"9x\x1b"[rng.random_range(0..3)]; rng.random_range(100..20_000)];
                bytes.splice(at..at, long);
            }
            _ => bytes.truncate(at),
        }
    }
    bytes
}

/// What one run did.
struct Run {
    code: Option<i32>,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

fn run(game: &str, mode: &[&str], input: &[u8], out: &Path) -> Run {
    let mut command = Command::new(binary());
    command.arg(game).args(mode.iter().map(|&a| if a == "OUT" { out.as_os_str() } else { a.as_ref() }));
    command.args(["--time-limit", "3"]);
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("perfectplay starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    // Written from a thread: a run that refuses its input early closes stdin, and a big input must not block.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("perfectplay ends");
    let _ = writer.join();
    Run { code: output.status.code(), stdout: output.stdout, stderr: output.stderr }
}

/// The rules every run obeys; `Err` says which one was broken.
fn check(run: &Run) -> Result<(), String> {
    let stderr = String::from_utf8_lossy(&run.stderr);
    match run.code {
        None => return Err("ended by a signal".into()),
        Some(0 | 3) => {}
        Some(2) => {
            if !run.stdout.is_empty() {
                return Err(format!("exit 2 with {} bytes on stdout", run.stdout.len()));
            }
            let lines: Vec<&str> = stderr.lines().collect();
            if lines.len() != 1 {
                return Err(format!("exit 2 with {} lines on stderr: {stderr:?}", lines.len()));
            }
            if lines[0].chars().count() > 400 {
                return Err(format!("exit 2 with a stderr line of {} characters", lines[0].chars().count()));
            }
            if lines[0].chars().any(|c| c.is_control() || matches!(c, '\u{2028}' | '\u{2029}' | '\u{85}')) {
                return Err(format!("a control character reached stderr: {stderr:?}"));
            }
        }
        Some(code) => return Err(format!("exit code {code}")),
    }
    if stderr.contains("panicked") {
        return Err(format!("a panic: {stderr}"));
    }
    Ok(())
}

#[test]
fn mutated_examples_never_break_the_rules() {
    let seconds: u64 = std::env::var("PERFECTPLAY_FUZZ_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(20);
    let seed: u64 = std::env::var("PERFECTPLAY_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs());
    eprintln!("cli fuzz: seed {seed} (PERFECTPLAY_FUZZ_SEED={seed} repeats this run), {seconds} s");
    let mut rng = StdRng::seed_from_u64(seed);
    let folder = std::env::temp_dir().join(format!("perfectplay-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("temporary folder");
    let out = folder.join("out.svg");
    let corpus: Vec<(&str, &[&[&str]], Examples)> =
        MODES.iter().map(|&(game, modes)| (game, modes, examples(game))).collect();
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut runs = 0u64;
    let mut codes = [0u64; 4];
    // Round-robin over games, examples and modes so that even a short run touches every pair.
    'outer: loop {
        for (game, modes, files) in &corpus {
            for (path, text) in files {
                for mode in modes.iter() {
                    if Instant::now() >= deadline {
                        break 'outer;
                    }
                    let input = mutate(&mut rng, text);
                    let result = run(game, mode, &input, &out);
                    runs += 1;
                    if let Some(code @ 0..=3) = result.code {
                        codes[code as usize] += 1;
                    }
                    if let Err(why) = check(&result) {
                        let shown: String =
                            String::from_utf8_lossy(&input[..input.len().min(2000)]).escape_debug().collect();
                        panic!(
                            "seed {seed}: `perfectplay {game} {}` on a mutation of {}: {why}\ninput ({} bytes, first \
                             2000 shown, escaped):\n{shown}",
                            mode.join(" "),
                            path.display(),
                            input.len()
                        );
                    }
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&folder);
    eprintln!(
        "cli fuzz: {runs} runs: {} answered, {} refused, {} stopped by the time limit",
        codes[0], codes[2], codes[3]
    );
    assert!(runs >= 100, "only {runs} runs in {seconds} s");
    // The mutations must reach both sides: good inputs answered and bad ones refused.
    assert!(codes[0] > 0 && codes[2] > 0, "answered {} refused {}", codes[0], codes[2]);
}
