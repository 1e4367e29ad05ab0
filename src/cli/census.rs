//! `perfectplay census`: whole footholds tablebases written to record files, and their verification.

use super::output::Output;
use super::{Input, TimeLimitArg, limits_until, parse_memory, parse_seconds, whole};
use crate::census::{
    CensusOptions, DistinctBoards, Summary, Verified, VerifyOptions, full_boards, read_boards, run_threaded,
    verify_text,
};
use crate::error::Error;
use crate::format::{counted, escape_path, quote};
use crate::games::footholds::MAX_CELLS;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Duration;

/// Vanishing footholds census: every start pair of whole boards, solved and written to checked record files.
///
/// `census run` solves every pair of starting footholds (A's, B's; up to the board's rotations and reflections) of
/// each board and writes one record file per board into a folder: plain text, versioned, one line per start pair
/// (`A's start, B's start, winner, total moves`) and a SHA-256 checksum of the file as its last line
/// (`head -n -1 FILE | sha256sum` checks it). A killed run resumes where it stopped: records are kept in a journal
/// (`FILE.partial`) as they are found. `census verify` checks files: checksum, every start pair present, and a random
/// sample solved again.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  perfectplay census run --full 6x6 --out census/\n  \
                  perfectplay census run --boards my-boards.txt --out census/ --threads 2\n  \
                  mpirun -np 8 perfectplay census run --mpi --full 8x8 --out census/   (built with --features mpi)\n  \
                  perfectplay census verify census/*.census --sample 50")]
pub struct Args {
    #[command(subcommand)]
    command: Census,
}

#[derive(clap::Subcommand, Debug)]
enum Census {
    /// Solve every start pair of the boards and write one record file per board.
    Run(RunArgs),
    /// Check record files: checksum, completeness, and a random sample solved again.
    Verify(VerifyArgs),
}

#[derive(clap::Args, Debug)]
// One of --full and --boards (or both) says which boards: a missing one names the two.
#[command(group(clap::ArgGroup::new("which").args(["full", "boards"]).required(true).multiple(true)))]
struct RunArgs {
    /// Every full board of at most R rows and C columns (each shape once: R×C and its transpose are one game).
    #[arg(long, value_name = "RxC", value_parser = parse_shape)]
    full: Option<(usize, usize)>,
    /// Boards from a file: rows of `#` (foothold) and `.` (none), boards separated by blank lines. A board given
    /// twice (or also by --full) is taken once; its transpose or mirror image is solved as given, its records
    /// naming cells as the file draws them.
    #[arg(long, value_name = "FILE")]
    boards: Option<PathBuf>,
    /// The folder for the record files (made if missing; finished files and journals there are resumed).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Worker threads (default: one per core). Each solves its own start pairs; the files do not depend on it.
    #[arg(long, value_name = "N", value_parser = whole::<u16>(1, 256), allow_hyphen_values = true)]
    threads: Option<u16>,
    /// Memory for the transposition tables of all workers together (e.g. 512M, 4G).
    #[arg(long, value_name = "SIZE", default_value = "1G", value_parser = parse_memory, allow_hyphen_values = true)]
    memory: usize,
    /// Stop with exit code 3 after this many seconds (counted from the start of the run, reading and looking over the
    /// boards included); the next run resumes from what was solved.
    #[arg(long, value_name = "SECS", value_parser = parse_seconds, allow_hyphen_values = true)]
    time_limit: Option<f64>,
    /// Run as one rank of an MPI job (`mpirun -np N perfectplay census run --mpi ...`): rank 0 hands out start
    /// pairs one at a time and writes the files, the other ranks solve. Needs a build with `--features mpi`.
    #[arg(long, conflicts_with = "time_limit")]
    mpi: bool,
}

#[derive(clap::Args, Debug)]
struct VerifyArgs {
    /// Census record files.
    #[arg(value_name = "FILE", required = true)]
    files: Vec<PathBuf>,
    /// Records per file solved again, picked at random.
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = whole::<usize>(0, u32::MAX.into()), allow_hyphen_values = true)]
    sample: usize,
    /// Seed of the random sample (default: from the clock, printed so a run can be repeated).
    #[arg(long, value_name = "N", value_parser = whole::<u64>(0, u64::MAX), allow_hyphen_values = true)]
    seed: Option<u64>,
    /// Search threads of each solve (default: one per core).
    #[arg(long, value_name = "N", value_parser = whole::<u16>(1, 256), allow_hyphen_values = true)]
    threads: Option<u16>,
    /// Memory for the transposition table of each solve (e.g. 512M, 4G).
    #[arg(long, value_name = "SIZE", default_value = "256M", value_parser = parse_memory, allow_hyphen_values = true)]
    memory: usize,
    /// Stop with exit code 3 if the files are not all verified within this many seconds (counted from the start of
    /// the run, reading the files included). The files verified by then have their lines; the message names the
    /// file being verified and how far its sample got.
    #[arg(long, value_name = "SECS", value_parser = parse_seconds, allow_hyphen_values = true)]
    time_limit: Option<f64>,
}

/// Reads a board size `RxC` (also `R×C`), for `--full`.
fn parse_shape(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("{} is not a board size like 7x7", quote(text));
    let (rows, cols) = text.split_once(['x', 'X', '×']).ok_or_else(bad)?;
    let rows: usize = rows.trim().parse().map_err(|_| bad())?;
    let cols: usize = cols.trim().parse().map_err(|_| bad())?;
    if rows == 0 || cols == 0 {
        return Err(bad());
    }
    // The largest board of the census is RxC itself: refused here rather than left out unsaid.
    if rows.saturating_mul(cols) > MAX_CELLS {
        return Err(format!(
            "the {rows}×{cols} board is {} cells; at most {MAX_CELLS} are supported",
            rows.saturating_mul(cols)
        ));
    }
    Ok((rows, cols))
}

/// Runs the subcommand, writing what goes to stdout into `out`.
pub fn run(args: Args, out: &mut Output) -> Result<(), Error> {
    match args.command {
        Census::Run(args) => {
            let text = run_census(args)?;
            out.write_text(&text)
        }
        Census::Verify(args) => verify(args, out),
    }
}

/// The boards of the run, each once: those of `--full`, then the file's, read one by one so that a file of many
/// boards given again and again holds each once.
fn boards(args: &RunArgs) -> Result<DistinctBoards, Error> {
    let mut boards = DistinctBoards::from(args.full.map(|(rows, cols)| full_boards(rows, cols)).unwrap_or_default());
    if let Some(path) = &args.boards {
        let mut input = super::Input::read(
            path,
            "footholds boards, one grid per board (rows of # and .), boards separated by a blank line",
            args.time_limit.map(super::reading_limit),
        )?;
        boards = input.parse(move |text| {
            read_boards(text, |board| {
                boards.add(board);
            })?;
            Ok(boards)
        })?;
    }
    Ok(boards)
}

fn run_census(args: RunArgs) -> Result<String, Error> {
    if args.mpi {
        // Every rank reads the boards; the job says a mistake in them once (see `census::mpi::run_mpi`).
        return run_mpi(boards(&args), &args);
    }
    let boards = boards(&args)?;
    let threads = super::or_every_core(args.threads);
    let options = CensusOptions {
        dir: args.out.clone(),
        threads,
        table_bytes: args.memory,
        time_limit: args.time_limit.map(Duration::from_secs_f64),
        // Counted from the start of the run, as every command's: reading the boards counts.
        started: Some(super::started()),
        progress: progress_bar(),
        cancel: Some(super::interrupt::flag()),
    };
    let started = std::time::Instant::now();
    let summary = run_threaded(boards, options)?;
    Ok(summary_line(&summary, None, started, &args.out))
}

/// The line a finished run prints: what it solved and found solved, on how many ranks (MPI), how long it took.
fn summary_line(summary: &Summary, ranks: Option<usize>, started: std::time::Instant, out: &std::path::Path) -> String {
    format!(
        "{}{}, {} up to symmetry: {} solved now, {} found solved, {}in {:.1} s; files in {}\n",
        counted(summary.boards as u64, "board"),
        match summary.repeated {
            0 => String::new(),
            repeated => format!(" ({} given, repeats taken once)", summary.boards + repeated),
        },
        counted(summary.pairs as u64, "start pair"),
        summary.solved,
        summary.resumed,
        ranks.map_or(String::new(), |ranks| format!("by {} ", counted(ranks as u64, "rank"))),
        started.elapsed().as_secs_f64(),
        escape_path(out)
    )
}

#[cfg(feature = "mpi")]
fn run_mpi(boards: Result<DistinctBoards, Error>, args: &RunArgs) -> Result<String, Error> {
    let started = std::time::Instant::now();
    let report = |error: Error| super::finish(Err(error));
    let on_signal = crate::census::mpi::OnSignal {
        cancel: super::interrupt::flag(),
        report: &report,
        exit_code: super::interrupt::exit_code,
    };
    match crate::census::mpi::run_mpi(boards, &args.out, args.memory, progress_bar(), on_signal)? {
        Some((summary, ranks)) => Ok(summary_line(&summary, Some(ranks), started, &args.out)),
        None => Ok(String::new()),
    }
}

#[cfg(not(feature = "mpi"))]
fn run_mpi(_: Result<DistinctBoards, Error>, _: &RunArgs) -> Result<String, Error> {
    Err(Error::Usage(
        "--mpi: this perfectplay was built without MPI (build it with `cargo build --features mpi`)".into(),
    ))
}

/// A bar on stderr counting start pairs, when stderr is a terminal.
fn progress_bar() -> Option<crate::census::run::CensusProgress> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(0).with_finish(indicatif::ProgressFinish::AndClear);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{elapsed_precise} {bar:40} {pos}/{len} start pairs")
            .expect("the template is valid"),
    );
    Some(Box::new(move |done, total| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    }))
}

/// Verifies each file, writing its line as soon as it is verified.
fn verify(args: VerifyArgs, out: &mut Output) -> Result<(), Error> {
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
    });
    let threads = super::or_every_core(args.threads);
    let time_limit = TimeLimitArg { time_limit: args.time_limit };
    // Every solve keeps the run's deadline and Ctrl-C, with a spinner on a terminal; so does the writing.
    time_limit.keep_writing(out);
    let deadline = time_limit.deadline();
    let limits = || limits_until(deadline);
    let options = VerifyOptions { table_bytes: args.memory, threads, limits: &limits };
    // A bad file is said on stderr and the others are still verified, as the games answer the other inputs of a
    // run: a folder's census is checked whole whatever its first bad file.
    let mut failed = 0;
    for path in &args.files {
        // Read as the games read their inputs: at most 40 MiB, `-` standard input, within the time limit and Ctrl-C.
        let read = Input::read(path, "a census file", time_limit.reading());
        let checked = read.and_then(|input| {
            let verified = verify_text(&input.text, &input.name, args.sample, seed, &options)?;
            Ok((verified, input.name))
        });
        let (verified, name) = match checked {
            Ok((Ok(verified), name)) => (verified, name),
            Ok((Err(_), _)) if super::interrupt::raised() => return Err(Error::Interrupted),
            Ok((Err(stopped), source_name)) => {
                let seconds = args.time_limit.unwrap_or_default();
                return Err(Error::TimeLimitVerifying { seconds, source_name, stopped });
            }
            Err(error @ (Error::Input { .. } | Error::Read { .. })) if args.files.len() > 1 => {
                out.finish()?;
                super::to_stderr(&format!("perfectplay: {error}\n"));
                failed += 1;
                continue;
            }
            Err(error) => return Err(error),
        };
        out.write_text(&verified_line(&name, verified, seed))?;
    }
    if failed > 0 {
        out.finish()?;
        return Err(Error::SomeFilesUnverified { failed, files: args.files.len() });
    }
    Ok(())
}

/// The line `census verify` writes for a file that passed: `NAME: ok, checksum and 528 records; 3 solved again, all
/// agree (seed 7)`.
/// With `--sample 0` nothing is solved again, and the line says so rather than "0 solved again, all agree".
fn verified_line(name: &str, verified: Verified, seed: u64) -> String {
    let records = counted(verified.records as u64, "record");
    let resolved = match verified.resolved {
        0 => return format!("{name}: ok, checksum and {records}; none solved again (--sample 0)\n"),
        1 => "1 solved again, agreeing".to_string(),
        many => format!("{many} solved again, all agree"),
    };
    format!("{name}: ok, checksum and {records}; {resolved} (seed {seed})\n")
}

#[cfg(test)]
mod tests {
    use super::{Verified, VerifyOptions, parse_shape, verified_line, verify_text};

    #[test]
    fn a_verified_file_counts_its_records_in_words() {
        // The published 1×1 census has one record: "1 records" it said.
        let text = include_str!("../../data/census/full-1x1.census");
        let verified = verify_text(text, "full-1x1.census", 1, 7, &VerifyOptions::default()).unwrap().unwrap();
        assert_eq!(
            verified_line("full-1x1.census", verified, 7),
            "full-1x1.census: ok, checksum and 1 record; 1 solved again, agreeing (seed 7)\n"
        );
        let many = Verified { records: 528, resolved: 3 };
        assert_eq!(
            verified_line("f", many, 1),
            "f: ok, checksum and 528 records; 3 solved again, all agree (seed 1)\n"
        );
        let unsampled = Verified { records: 528, resolved: 0 };
        assert_eq!(
            verified_line("f", unsampled, 1),
            "f: ok, checksum and 528 records; none solved again (--sample 0)\n"
        );
    }

    #[test]
    fn shapes() {
        assert_eq!(parse_shape("7x7"), Ok((7, 7)));
        assert_eq!(parse_shape("8×16"), Ok((8, 16)));
        for bad in ["7", "0x3", "axb", "3x"] {
            assert!(parse_shape(bad).is_err(), "{bad}");
        }
        // Boards over 128 cells are refused rather than left out of the census unsaid.
        assert_eq!(parse_shape("8x16"), Ok((8, 16)));
        for too_big in ["12x12", "1x129", "99999999999x99999999999"] {
            assert!(parse_shape(too_big).is_err_and(|e| e.contains("at most 128")), "{too_big}");
        }
    }
}
