//! The errors a command can end with, and their exit codes.

use crate::format::InputError;

/// Why a command did not produce an answer.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The input is not a valid instance (exit code 2).
    #[error("{source_name}: {error}")]
    Input {
        /// Where the input came from (a file name or "standard input").
        source_name: String,
        /// What is wrong and where.
        error: InputError,
    },
    /// The input could not be read (exit code 2).
    #[error("cannot read {source_name}: {message}")]
    Read {
        /// Where the input came from.
        source_name: String,
        /// The system's reason.
        message: String,
    },
    /// The run cannot be done as asked (exit code 2): options that do not fit together or a value not taken, a
    /// solution `check` cannot build or start (a missing compiler, a compile error), or a census folder, record file
    /// or journal that cannot be read or written. Standard output and the output files of options such as `--map`
    /// that cannot be written are [`Error::Write`].
    #[error("{0}")]
    Usage(String),
    /// An output (standard output, `--map FILE`) could not be written (exit code 2).
    #[error("cannot write {target}: {message}")]
    Write {
        /// What could not be written: "standard output" or the file's name.
        target: String,
        /// The system's reason.
        message: String,
    },
    /// The time limit passed while the answer, or an output file (`--map`, `--plot`), was being written: it is cut
    /// short (exit code 3).
    #[error("the time limit of {seconds} s was reached while writing {}", match file {
        None => "the answer: the output is cut short".to_string(),
        Some(file) => format!("the {file}: it is not written whole"),
    })]
    TimeLimitWriting {
        /// The limit that was set.
        seconds: f64,
        /// The output file being written, as `--plot file NAME` (its option and escaped name); `None` for the answer
        /// on standard output.
        file: Option<String>,
    },
    /// The time limit passed while an input was still being read (a pipe whose writer neither writes nor closes
    /// it, say) or parsed (exit code 3).
    #[error(
        "the time limit of {seconds} s was reached while reading {source_name}: {}",
        if *.parsing { "it was still being parsed" } else { "not all of it had been read by then" }
    )]
    TimeLimitReading {
        /// The limit that was set.
        seconds: f64,
        /// The input being read (a file name or "standard input").
        source_name: String,
        /// Whether the whole text had been read, and the time went on parsing it.
        parsing: bool,
    },
    /// The reader of standard output closed it (`perfectplay ... | head -1`): the run ends quietly (exit code 0).
    #[error("the reader of standard output closed it")]
    OutputClosed,
    /// The run was interrupted (Ctrl-C, SIGTERM or SIGHUP; exit code 128 + the signal's number, 130 for Ctrl-C, as
    /// shells expect).
    #[error("interrupted")]
    Interrupted,
    /// Some of several inputs could not be answered; each one's message was printed already (exit code 2).
    #[error("{failed} of {inputs} inputs could not be answered")]
    SomeInputs {
        /// Inputs with no answer.
        failed: usize,
        /// Inputs in the run.
        inputs: usize,
    },
    /// Some of several census files failed verification (or could not be read); each one's message was printed
    /// already (exit code 2).
    #[error("{failed} of {files} census files failed verification")]
    SomeFilesUnverified {
        /// Files that failed.
        failed: usize,
        /// Files in the run.
        files: usize,
    },
    /// The time limit passed while a census file was being verified (exit code 3).
    #[error(
        "{source_name}: the time limit of {seconds} s passed before it was verified: {stopped} (raise --time-limit to \
         let it finish)"
    )]
    TimeLimitVerifying {
        /// The limit that was set.
        seconds: f64,
        /// The file being verified.
        source_name: String,
        /// How far its verification got.
        stopped: crate::census::StoppedVerifying,
    },
    /// The time limit passed before the answer was found (exit code 3).
    #[error("no answer within the time limit of {seconds} s (raise --time-limit to let it finish)")]
    TimeLimit {
        /// The limit that was set.
        seconds: f64,
    },
    /// The time limit passed after the winner was known, before the exact number of moves was (exit code 3).
    #[error(
        "{}{}",
        known.stopped_by(&format!("the time limit of {seconds} s"), "raise --time-limit"),
        crate::games::footholds::report::mirror_clause(*mirror)
    )]
    TimeLimitWinnerKnown {
        /// The limit that was set.
        seconds: f64,
        /// Who wins, and the bounds on the total moves.
        known: crate::games::footholds::Known,
        /// The position's mirror plan, when it has one: how the winner wins without the search.
        mirror: Option<crate::games::footholds::report::MirrorPlan>,
    },
    /// The time limit passed before a census was finished; what it solved is kept for the next run (exit code 3).
    #[error("the time limit of {seconds} s passed with {stopped}")]
    TimeLimitCensus {
        /// The limit that was set.
        seconds: f64,
        /// How far the census got.
        stopped: crate::census::Stopped,
    },
    /// Ctrl-C (or SIGTERM, SIGHUP) stopped a census; what it solved is kept for the next run (exit code 128 + the
    /// signal's number).
    #[error("interrupted with {0}")]
    InterruptedCensus(crate::census::Stopped),
    /// The time limit passed after the board's own answer was found, before its whole tablebase was (exit code 3).
    #[error("{0} (raise --time-limit to let it finish)")]
    TimeLimitTablebase(crate::games::footholds::StoppedTablebase),
    /// A time limit that ended a run of several inputs while one of them was answered, after that input's name.
    #[error("{source_name}: {error}")]
    WhileAnswering {
        /// The input's name.
        source_name: String,
        /// What ended the run.
        error: Box<Error>,
    },
}

impl Error {
    /// The exit code this error stands for: 2 for bad input, usage or an output that cannot be written, 3 for a
    /// time limit, 0 for a pipe its reader closed, and 130 (128 + SIGINT, Ctrl-C) for [`Error::Interrupted`] and
    /// [`Error::InterruptedCensus`], whatever signal stopped the run.
    ///
    /// The command line ([`cli::run`](crate::cli::run)) takes its exit code from here except for those two: for
    /// them it exits with 128 + the number of the signal that stopped it (130 for Ctrl-C, 143 for SIGTERM, 129 for
    /// SIGHUP). `perfectplay check` decides its own codes besides (1 for a failing solution).
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::TimeLimit { .. }
            | Error::TimeLimitReading { .. }
            | Error::TimeLimitWriting { .. }
            | Error::TimeLimitWinnerKnown { .. }
            | Error::TimeLimitCensus { .. }
            | Error::TimeLimitVerifying { .. }
            | Error::TimeLimitTablebase(_) => 3,
            Error::Interrupted | Error::InterruptedCensus(_) => 130,
            Error::OutputClosed => 0,
            Error::WhileAnswering { error, .. } => error.exit_code(),
            _ => 2,
        }
    }
}
