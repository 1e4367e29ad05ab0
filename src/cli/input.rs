//! Reading the inputs: one or several files or standard input, each at most [`MAX_INPUT_BYTES`], and the loop
//! that answers them one after the other.

use super::interrupt;
use super::output::{Output, OutputFile};
use crate::error::Error;
use crate::format::{InputError, escape_path};
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The largest input read: 40 MiB. The largest legitimate input, a 5000 × 5000 grid game with a million queries,
/// is about 36 MB; anything longer (`/dev/zero`, `yes | perfectplay ...`) is refused before memory runs out.
pub const MAX_INPUT_BYTES: u64 = 40 << 20;

/// The run's time limit as reading an input sees it: when it passes, and the `--time-limit` it comes from.
#[derive(Clone, Copy, Debug)]
pub struct ReadingLimit {
    /// When the time limit passes.
    pub deadline: Instant,
    /// The `--time-limit` in seconds, for the message.
    pub seconds: f64,
}

/// The input files every game takes.
#[derive(clap::Args, Debug)]
pub struct InputArg {
    /// Input files in the judge's format; standard input when none is given or for `-`. With several files each
    /// gets its answer, every line prefixed by the file's name (`name:`), as grep does; with --json one JSON
    /// object per line per file, `{"file": NAME, "report": ...}`. Inputs over 40 MiB are refused.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

impl InputArg {
    /// How many inputs the run answers.
    pub fn count(&self) -> usize {
        self.files.len().max(1)
    }

    /// Refuses an option that writes one file (`what`) when the run has several inputs.
    ///
    /// # Errors
    /// A usage error naming the option.
    pub fn single(&self, what: &str) -> Result<(), Error> {
        if self.count() > 1 {
            return Err(Error::Usage(format!("{what} takes a single input file, not {}", self.count())));
        }
        Ok(())
    }

    /// The output file of an option that writes one file (`--map`, `--plot`), opened before any work, or `None`
    /// when the option is absent.
    ///
    /// # Errors
    /// A usage error when the run has several inputs; the file's error when it cannot be written.
    pub fn output_file(&self, option: &str, path: Option<&Path>) -> Result<Option<OutputFile>, Error> {
        match path {
            Some(path) => {
                self.single(option)?;
                // The input is read before the file is written: writing over it would lose it without a word.
                let canonical = |p: &Path| std::fs::canonicalize(p).ok();
                let target = canonical(path);
                let same =
                    |input: &&PathBuf| input.as_os_str() != "-" && canonical(input).is_some_and(|i| Some(i) == target);
                if let Some(input) = self.files.iter().find(same) {
                    return Err(Error::Usage(format!(
                        "{option} {} would write over the input file {}",
                        escape_path(path),
                        escape_path(input)
                    )));
                }
                Ok(Some(OutputFile::create(option, path)?))
            }
            None => Ok(None),
        }
    }

    /// Answers every input in turn with `answer`, which writes into `out`.
    ///
    /// With one input its error is the run's. With several, bad input in one file is reported on stderr (prefixed
    /// by its name) and the run goes on with the next; any other error (a time limit, Ctrl-C, a failed write)
    /// ends the run. `hint` says what a game reads, for a person typing it on a terminal; `limit` bounds the
    /// reading too (an input that never ends, such as a pipe whose writer hangs, stops the run at the time limit).
    ///
    /// # Errors
    /// The error of a single input; with several, [`Error::SomeInputs`] when some could not be answered.
    pub fn each(
        &self,
        hint: &str,
        limit: Option<ReadingLimit>,
        out: &mut Output,
        json: bool,
        mut answer: impl FnMut(Input, &mut Output) -> Result<(), Error>,
    ) -> Result<(), Error> {
        let stdin = [PathBuf::from("-")];
        let files = if self.files.is_empty() { &stdin[..] } else { &self.files[..] };
        if files.iter().filter(|f| f.as_os_str() == "-").count() > 1 {
            return Err(Error::Usage("standard input (-) can be read only once".into()));
        }
        // A JSON report is one line; the loop ends it (after closing the wrapper when there are several inputs).
        let end = |out: &mut Output, wrapped: bool| {
            let end: &[u8] = if !json {
                b""
            } else if wrapped {
                b"}\n"
            } else {
                b"\n"
            };
            out.write_all(end).map_err(|e| out.failed(&e))
        };
        // A run its time limit stopped once something was known has written that as its report (footholds'
        // `complete: false` object): the report is ended as a whole one is, past the deadline.
        let end_stopped = |out: &mut Output, wrapped: bool, error: Error| {
            let reported = matches!(error, Error::TimeLimitWinnerKnown { .. } | Error::TimeLimitTablebase(_));
            if json
                && reported
                && let Err(failed) = out.write_past_deadline(if wrapped { "}\n" } else { "\n" })
            {
                return failed;
            }
            error
        };
        if files.len() == 1 {
            let input = Input::read(&files[0], hint, limit)?;
            answer(input, out).map_err(|error| end_stopped(out, false, error))?;
            end(out, false)?;
            return out.finish();
        }
        let mut failed = 0;
        for file in files {
            let result = Input::read(file, hint, limit).and_then(|input| {
                let name = input.name.clone();
                let result = if json {
                    // The name as it is, not as a terminal is shown it: two names escaped alike stay apart. A name
                    // that is not UTF-8 (JSON holds only text) has its other bytes written `\xff`, not `�`.
                    let exact = match file.to_str() {
                        _ if file.as_os_str() == "-" => name.clone(),
                        Some(text) => text.to_string(),
                        None => escape_path(file),
                    };
                    let name = serde_json::to_string(&exact).expect("a string serialises");
                    // Opened only when the report starts, so that a bad input leaves no half line.
                    out.set_pending(format!("{{\"file\":{name},\"report\":"));
                    let result = answer(input, out);
                    out.drop_pending();
                    // Flushed whole: a later input's time limit ends the run, and writes nothing more of this one.
                    result
                        .and_then(|()| end(out, true).and_then(|()| out.finish()))
                        .map_err(|error| end_stopped(out, true, error))
                } else {
                    out.set_prefix(Some(format!("{name}:")));
                    let result = answer(input, out);
                    out.set_prefix(None);
                    result
                };
                // A time limit ends the run: the message says which input it was answering.
                result.map_err(|error| match error {
                    Error::TimeLimit { .. }
                    | Error::TimeLimitWinnerKnown { .. }
                    | Error::TimeLimitTablebase(_)
                    | Error::TimeLimitWriting { .. } => {
                        Error::WhileAnswering { source_name: name, error: Box::new(error) }
                    }
                    other => other,
                })
            });
            match result {
                Ok(()) => {}
                Err(error @ (Error::Input { .. } | Error::Read { .. })) => {
                    out.finish()?;
                    super::to_stderr(&format!("perfectplay: {error}\n"));
                    failed += 1;
                }
                Err(error) => return Err(error),
            }
        }
        out.finish()?;
        if failed > 0 {
            return Err(Error::SomeInputs { failed, inputs: files.len() });
        }
        Ok(())
    }
}

/// One input's text and the name errors should use for it.
pub struct Input {
    /// The text, without a leading byte-order mark.
    pub text: String,
    /// The file's name, or "standard input".
    pub name: String,
    /// The run's time limit, which parsing the text ([`Input::parse`]) is bounded by too.
    limit: Option<ReadingLimit>,
}

impl Input {
    /// Reads `path` (`-`: standard input), at most [`MAX_INPUT_BYTES`]. On a terminal, says on stderr what is
    /// expected (`hint`) and how to end it. With a `limit`, an input not read in full when it passes is an error:
    /// the reading goes on in a thread of its own, which the process leaves behind as it ends.
    ///
    /// # Errors
    /// When the file cannot be read, is too long, or is not UTF-8 text; [`Error::TimeLimitReading`] when the time
    /// limit passes first.
    pub fn read(path: &Path, hint: &str, limit: Option<ReadingLimit>) -> Result<Input, Error> {
        let stdin = path.as_os_str() == "-";
        let name = if stdin { "standard input".to_string() } else { escape_path(path) };
        if stdin && std::io::stdin().is_terminal() {
            super::to_stderr(&format!(
                "perfectplay: reading {hint} from the terminal; end it with Ctrl-D (or give a FILE)\n"
            ));
        }
        let (owned_path, source_name) = (path.to_path_buf(), name.clone());
        let Some(bytes) = super::before(limit.map(|l| l.deadline), move || read_bytes(&owned_path, &source_name))
        else {
            return Err(Error::TimeLimitReading { seconds: seconds_of(limit), source_name: name, parsing: false });
        };
        let bytes = bytes?;
        match crate::format::judge_text(bytes) {
            Ok(text) => Ok(Input { text, name, limit }),
            Err(error) => Err(Error::Input { source_name: name, error }),
        }
    }

    /// Wraps a parse error with the input's name.
    pub fn error(&self, error: InputError) -> Error {
        Error::Input { source_name: self.name.clone(), error }
    }

    /// The text parsed by `parse`, within the run's time limit: parsing the largest inputs takes a good part of a
    /// second (a 5000 × 5000 grid game with a million queries, a third of a second), which a `--time-limit` covers
    /// as it covers the rest of the work. With a limit, the parsing runs on a thread of its own, which the process
    /// leaves behind when the limit passes first.
    ///
    /// # Errors
    /// The parse error, with the input's name; [`Error::TimeLimitReading`] when the time limit passes first.
    pub fn parse<T: Send + 'static>(
        &mut self,
        parse: impl FnOnce(&str) -> Result<T, InputError> + Send + 'static,
    ) -> Result<T, Error> {
        let text = std::mem::take(&mut self.text);
        let Some((text, parsed)) = super::before(self.limit.map(|l| l.deadline), move || {
            let parsed = parse(&text);
            (text, parsed)
        }) else {
            let seconds = seconds_of(self.limit);
            return Err(Error::TimeLimitReading { seconds, source_name: self.name.clone(), parsing: true });
        };
        self.text = text;
        parsed.map_err(|e| self.error(e))
    }
}

/// The `--time-limit` behind `limit`, for the message of a limit that passed (there is one then).
fn seconds_of(limit: Option<ReadingLimit>) -> f64 {
    limit.map_or(0.0, |limit| limit.seconds)
}

/// The bytes of `path` (`-`: standard input), at most [`MAX_INPUT_BYTES`]; `name` is the input's name in messages.
fn read_bytes(path: &Path, name: &str) -> Result<Vec<u8>, Error> {
    let fail = |message: String| Error::Read { source_name: name.to_string(), message };
    let too_long = || {
        fail(format!(
            "the input is longer than {} MiB, the most perfectplay reads (a judge's largest input is about 36 MB; a snakes board past the judge's with millions of jumps is longer)",
            MAX_INPUT_BYTES >> 20
        ))
    };
    let mut bytes = Vec::new();
    if path.as_os_str() == "-" {
        // Ctrl-C while a person types ends the run at once: no solve is under way to stop.
        let _reading = interrupt::Reading::start();
        std::io::stdin().lock().take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes).map_err(|e| fail(e.to_string()))?;
    } else {
        let file = std::fs::File::open(path).map_err(|e| fail(e.to_string()))?;
        if file.metadata().is_ok_and(|m| m.is_file() && m.len() > MAX_INPUT_BYTES) {
            return Err(too_long());
        }
        let _reading = interrupt::Reading::start();
        file.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes).map_err(|e| fail(e.to_string()))?;
    }
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(too_long());
    }
    Ok(bytes)
}
