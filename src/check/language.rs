//! The languages a solution may be written in: told by the file's extension, compiled with the judges' usual
//! flags, and wrapped, for a judge that calls a function (Programmers), in a harness that calls it and keeps the
//! value it returns.
//!
//! A compiler runs as a solution does ([`Program::run`]): in its own process group, under OS-enforced limits
//! ([`COMPILE_TIME`], [`COMPILE_MEMORY`]), killed with every child it started when it ends, runs past its time or
//! the check is cancelled (Ctrl-C, SIGTERM).

use super::runner::{Ending, KEEP_OUTPUT, MemoryLimit, Program, RunLimits};
use crate::error::Error;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A language `check` can build and run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    /// Python 3 (`.py`), run by `python3`.
    Python,
    /// C++ (`.cpp`, `.cc`, `.cxx`), `g++ -O2 -std=gnu++17`.
    Cpp,
    /// C (`.c`), `gcc -O2 -std=gnu11 -lm`, as BOJ compiles C11; a program only (the footholds function is taken in
    /// the languages it has a harness in).
    C,
    /// Java (`.java`), `javac`, run with `-Xmx` at the memory limit.
    Java,
    /// JavaScript (`.js`), run by `node`.
    JavaScript,
    /// Rust (`.rs`), `rustc --edition 2021 -O`.
    Rust,
    /// Kotlin (`.kt`), `kotlinc` into a jar run by `java`.
    Kotlin,
}

/// How the judge takes a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Interface {
    /// A program reading standard input and writing standard output (BOJ).
    Program,
    /// A function `solution(board, aloc, bloc)` whose return value is the answer (Programmers 92345).
    FootholdsFunction,
}

impl Language {
    /// The time a judge gives a solution in this language for a problem whose stated limit is `limit`, and when it
    /// is not the stated one, why. BOJ gives slower languages extra time (its language page: Python and JavaScript
    /// ×3 + 2 s, Java and Kotlin ×2 + 1 s; C++ and Rust the limit as stated), except on problems marked as giving
    /// none; Programmers states one limit for every language.
    ///
    /// ```
    /// use perfectplay::check::language::{Interface, Language};
    /// use std::time::Duration;
    /// let (time, why) = Language::Python.judge_time(Interface::Program, Duration::from_secs(1));
    /// assert_eq!(time, Duration::from_secs(5));
    /// assert_eq!(why.as_deref(), Some("BOJ's 1 s ×3 + 2 s for Python"));
    /// assert_eq!(Language::Cpp.judge_time(Interface::Program, Duration::from_secs(1)), (Duration::from_secs(1), None));
    /// ```
    pub fn judge_time(self, interface: Interface, limit: Duration) -> (Duration, Option<String>) {
        let (times, plus_secs) = match self {
            Language::Python | Language::JavaScript => (3, 2),
            Language::Java | Language::Kotlin => (2, 1),
            Language::Cpp | Language::C | Language::Rust => return (limit, None),
        };
        if interface != Interface::Program {
            return (limit, None);
        }
        let why = format!("BOJ's {} s ×{times} + {plus_secs} s for {}", limit.as_secs_f64(), self.name());
        (limit * times + Duration::from_secs(plus_secs), Some(why))
    }

    /// The language of a file, from its extension.
    ///
    /// # Errors
    /// A usage error naming the extensions known.
    pub fn of(path: &Path) -> Result<Language, Error> {
        let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
        Ok(match extension.as_str() {
            "py" => Language::Python,
            "cpp" | "cc" | "cxx" | "c++" => Language::Cpp,
            "c" => Language::C,
            "java" => Language::Java,
            "js" | "cjs" => Language::JavaScript,
            "rs" => Language::Rust,
            "kt" => Language::Kotlin,
            _ => {
                let seen =
                    if extension.is_empty() { "no extension".into() } else { format!("the extension '.{extension}'") };
                return Err(Error::Usage(format!(
                    "{}: cannot tell the language from {seen} (known: .py .cpp .cc .c .java .js .rs .kt; or run any \
                     program with `-- COMMAND`)",
                    path.display()
                )));
            }
        })
    }

    /// The language a command runs, from its program's name: `python3` (or `python`, `python3.12`), `node` and
    /// `java` run Python, JavaScript and Java; anything else (a compiled program, a shell script) is none.
    ///
    /// ```
    /// use perfectplay::check::language::Language;
    /// assert_eq!(Language::of_command("/usr/bin/python3.12"), Some(Language::Python));
    /// assert_eq!(Language::of_command("node"), Some(Language::JavaScript));
    /// assert_eq!(Language::of_command("./a.out"), None);
    /// ```
    pub fn of_command(program: &str) -> Option<Language> {
        let name = Path::new(program).file_name()?.to_str()?;
        let version = |rest: &str| rest.chars().all(|c| c.is_ascii_digit() || c == '.');
        if name.strip_prefix("python").is_some_and(version) {
            return Some(Language::Python);
        }
        match name {
            "node" | "nodejs" => Some(Language::JavaScript),
            "java" => Some(Language::Java),
            _ => None,
        }
    }

    /// The language's name.
    pub fn name(self) -> &'static str {
        match self {
            Language::Python => "Python",
            Language::Cpp => "C++",
            Language::C => "C",
            Language::Java => "Java",
            Language::JavaScript => "JavaScript",
            Language::Rust => "Rust",
            Language::Kotlin => "Kotlin",
        }
    }

    /// The tools the language needs, each with the package that brings it.
    fn tools(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Language::Python => &[("python3", "python3 (Debian/Ubuntu: apt-get install python3)")],
            Language::Cpp => &[("g++", "g++ (Debian/Ubuntu: apt-get install g++)")],
            Language::C => &[("gcc", "gcc (Debian/Ubuntu: apt-get install gcc)")],
            Language::Java => &[
                ("javac", "a JDK (Debian/Ubuntu: apt-get install openjdk-17-jdk-headless)"),
                ("java", "a JDK (Debian/Ubuntu: apt-get install openjdk-17-jdk-headless)"),
            ],
            Language::JavaScript => &[("node", "Node.js (Debian/Ubuntu: apt-get install nodejs)")],
            Language::Rust => &[("rustc", "Rust (rustup, or Debian/Ubuntu: apt-get install rustc)")],
            Language::Kotlin => &[
                ("kotlinc", "the Kotlin compiler (SDKMAN: sdk install kotlin; or your system's kotlin package)"),
                ("java", "a JDK (Debian/Ubuntu: apt-get install openjdk-17-jdk-headless)"),
            ],
        }
    }

    /// Whether every tool the language needs is on the `PATH`.
    pub fn available(self) -> bool {
        self.tools().iter().all(|(tool, _)| find_in_path(tool).is_some())
    }
}

/// The full path of a program on the `PATH`: the first executable file of that name, as the shell finds it.
pub fn find_in_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join(name)).find(|candidate| is_executable(candidate))
}

/// Whether `path` is a file someone may execute.
pub fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata().is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// The harness sources for the footholds function.
const PYTHON_HARNESS: &str = include_str!("harness/footholds.py");
const CPP_HARNESS: &str = include_str!("harness/footholds.cpp");
const JAVA_HARNESS: &str = include_str!("harness/PerfectplayHarness.java");
const JS_HARNESS: &str = include_str!("harness/footholds.js");

/// The languages a footholds function may be written in: Programmers' own, those with a harness here.
const FUNCTION_LANGUAGES: [Language; 4] = [Language::Python, Language::Cpp, Language::Java, Language::JavaScript];

/// The JVM's options: the heap at the memory limit, a deep stack for the main thread, one GC thread (BOJ runs Java
/// much the same way). `-Xss` alone would give every thread of the JVM's own (a dozen) a 64 MiB stack, which the
/// data limit counts: 700 MiB and more, so that a correct solution using 300 MiB of a 512 MiB limit died in
/// `os::commit_memory`. The launcher runs `main` on a thread of `-Xss`'s size; `-XX:ThreadStackSize` (KiB), read
/// after it, gives the other threads 1 MiB.
fn java_flags(memory: u64) -> Vec<String> {
    vec![
        format!("-Xmx{}m", (memory >> 20).max(16)),
        "-Xss64m".into(),
        "-XX:ThreadStackSize=1024".into(),
        "-XX:+UseSerialGC".into(),
        "-Dfile.encoding=UTF-8".into(),
        "-DONLINE_JUDGE=1".into(),
    ]
}

/// Node's stack (`--stack-size`, in KiB): BOJ's 64 MiB, or three quarters of the process's stack limit when that is
/// less (8 MiB as a rule: Node runs under the data limit, which keeps the stack limit as it is, see the runner). V8's
/// own default is under 1 MiB; it must stop short of the real stack to throw its `RangeError` instead of crashing.
fn node_stack_flag() -> String {
    use rustix::process::{Resource, getrlimit};
    let limit_kib = getrlimit(Resource::Stack).current.map_or(u64::MAX, |bytes| bytes >> 10);
    format!("--stack-size={}", (limit_kib / 4 * 3).min(64 << 10))
}

/// What the OS limit allows the JVM beyond its heap (its own code, metadata and thread stacks).
const JVM_SLACK: u64 = 512 << 20;

/// The longest a compiler may run (wall clock; its CPU time is limited to a second more): `kotlinc` on a busy
/// machine takes well under a minute.
pub const COMPILE_TIME: Duration = Duration::from_secs(120);

/// The most memory a compiler may use (the data limit, as for the JVM, since `javac` and `kotlinc` are Java
/// programs): 4 GiB.
pub const COMPILE_MEMORY: u64 = 4 << 30;

/// The longest solution file read (judges take a few hundred KiB at most).
pub const MAX_SOURCE_BYTES: u64 = 16 << 20;

/// Builds `source` in `build` (an empty folder) for `interface` and returns how to run it under `limits` (whose
/// memory sets Java's heap, and whose cancel flag also stops the compiler).
///
/// # Errors
/// A missing compiler or interpreter (naming the package to install), a file that cannot be read, a compile error
/// (with the compiler's message, or the limit it ran past), a language the judge does not take for this
/// interface; the usage error "interrupted" when cancelled.
pub fn prepare(source: &Path, interface: Interface, build: &Path, limits: &RunLimits) -> Result<Program, Error> {
    let memory = limits.memory;
    let compile_limits = RunLimits {
        time: COMPILE_TIME,
        memory: COMPILE_MEMORY,
        cancel: limits.cancel.clone(),
        tasks: limits.tasks.clone(),
        watchdog: limits.watchdog.clone(),
    };
    let compile = |compiler: &str, args: &[String], dir: &Path| compile(compiler, args, dir, &compile_limits);
    if source.is_dir() {
        return Err(Error::Usage(format!("{} is a folder, not a solution file", source.display())));
    }
    let language = Language::of(source)?;
    // Before the tools: a language the judge does not take is the error, not a compiler missing for it.
    if interface == Interface::FootholdsFunction && !FUNCTION_LANGUAGES.contains(&language) {
        return Err(not_a_function_language(language));
    }
    for (tool, package) in language.tools() {
        if find_in_path(tool).is_none() {
            return Err(Error::Usage(format!(
                "{} needs `{tool}`, which is not on the PATH: install {package}",
                language.name()
            )));
        }
    }
    let source = source
        .canonicalize()
        .map_err(|e| Error::Read { source_name: source.display().to_string(), message: e.to_string() })?;
    let unreadable = |message: String| Error::Read { source_name: source.display().to_string(), message };
    // A pipe would wait for a writer and a device (/dev/zero) never end: a solution is a file of some size.
    let metadata = std::fs::metadata(&source).map_err(|e| unreadable(e.to_string()))?;
    if !metadata.is_file() {
        return Err(unreadable("not a regular file (a solution is a source file)".into()));
    }
    if metadata.len() > MAX_SOURCE_BYTES {
        return Err(unreadable(format!("longer than {} MiB, more than any judge takes", MAX_SOURCE_BYTES >> 20)));
    }
    // Bytes, not text: a file in another encoding (Korean comments in CP949, say) is the compiler's to take or not.
    let text = std::fs::read(&source).map_err(|e| unreadable(e.to_string()))?;
    let write = |name: &str, contents: &[u8]| -> Result<PathBuf, Error> {
        let path = build.join(name);
        std::fs::write(&path, contents).map_err(|e| Error::Usage(format!("cannot write {}: {e}", path.display())))?;
        Ok(path)
    };
    let path_text = |p: &Path| p.display().to_string();
    let function = interface == Interface::FootholdsFunction;
    let native =
        |argv: Vec<String>| Program { argv, answer_file: function, memory: MemoryLimit::AddressSpace, memory_slack: 0 };
    let node = |script: String| {
        let argv = vec!["node".into(), node_stack_flag(), script];
        Program { argv, answer_file: function, memory: MemoryLimit::Data, memory_slack: 0 }
    };
    let jvm = |mut argv: Vec<String>| {
        let mut full = vec!["java".to_string()];
        full.extend(java_flags(memory));
        full.append(&mut argv);
        Program { argv: full, answer_file: function, memory: MemoryLimit::Data, memory_slack: JVM_SLACK }
    };
    Ok(match (language, interface) {
        (Language::Python, _) => {
            let python = python_interpreter(&compile("python3", &python_syntax_check(&source), build)?);
            if function {
                let harness = write("harness.py", PYTHON_HARNESS.as_bytes())?;
                native(vec![python, path_text(&harness), path_text(&source)])
            } else {
                native(vec![python, "-W".into(), "ignore".into(), path_text(&source)])
            }
        }
        (Language::Cpp, _) => {
            let binary = build.join("solution");
            let mut args: Vec<String> =
                ["-O2", "-std=gnu++17", "-DONLINE_JUDGE", "-DBOJ", "-o"].map(String::from).to_vec();
            args.push(path_text(&binary));
            if function {
                // The harness includes a copy of the solution beside it (a path in an `#include` takes no escapes,
                // so a folder named with `"` or `\` could not be named there), whose `#line` gives the compiler's
                // messages the user's file and lines back; `-iquote` keeps the user's own headers in reach. A
                // byte-order mark is only taken at a file's start, above the `#line`.
                let body = text.strip_prefix("\u{feff}".as_bytes()).unwrap_or(&text);
                write("solution.cpp", &[&line_directive(&source)[..], body, b"\n"].concat())?;
                let harness = write("harness.cpp", CPP_HARNESS.as_bytes())?;
                if let Some(folder) = source.parent() {
                    args.extend(["-iquote".into(), path_text(folder)]);
                }
                args.push(path_text(&harness));
            } else {
                args.push(path_text(&source));
            }
            compile("g++", &args, build)?;
            native(vec![path_text(&binary)])
        }
        (Language::Java, _) => {
            let (class, main) = if function { ("Solution", "PerfectplayHarness") } else { ("Main", "Main") };
            let copy = write(&format!("{class}.java"), &text)?;
            // An empty source path: else javac, missing the class, finds the copy again by its name and reports a
            // "duplicate class" and a "bad source file" the user never made.
            let sources = build.join("no-sources");
            std::fs::create_dir_all(&sources)
                .map_err(|e| Error::Usage(format!("cannot make {}: {e}", sources.display())))?;
            let mut args = vec!["-encoding".to_string(), "UTF-8".into(), "-d".into(), path_text(build)];
            args.extend(["-sourcepath".into(), path_text(&sources)]);
            args.push(path_text(&copy));
            if function {
                args.push(path_text(&write("PerfectplayHarness.java", JAVA_HARNESS.as_bytes())?));
            }
            // A `package` line puts the class in a folder of that name, where the judge does not look (and where
            // Programmers' caller, in no package, cannot see it: the harness then does not compile).
            let mut package = java_package(&String::from_utf8_lossy(&text)).map(|package| {
                Error::Usage(format!(
                    "{}: declares `package {package};`, so the class is {package}.{class}; the judge runs {class} in \
                     no package: remove the package line",
                    source.display()
                ))
            });
            let compiled = compile("javac", &args, build);
            // (When the class is not there by that name either, the class's hint below says so.)
            if compiled.is_err()
                && function
                && declares_class(&String::from_utf8_lossy(&text), class)
                && let Some(package) = package.take()
            {
                return Err(package);
            }
            compiled.map_err(|e| java_class_hint(name_copy(e, &copy, &source), function))?;
            if !build.join(format!("{class}.class")).exists() {
                return Err(package.unwrap_or_else(|| {
                    java_class_hint(Error::Usage(format!("{}: no class {class}", source.display())), function)
                }));
            }
            jvm(vec!["-cp".into(), path_text(build), main.into()])
        }
        // V8 reserves more address space than a judge's memory limit at start: Node gets the data limit.
        (Language::JavaScript, Interface::Program) => {
            compile("node", &["--check".into(), path_text(&source)], build)?;
            node(path_text(&source))
        }
        (Language::JavaScript, Interface::FootholdsFunction) => {
            compile("node", &["--check".into(), path_text(&source)], build)?;
            // The harness follows the solution's code in one script, so `solution` is in scope however it is
            // declared (`function`, `const`, `var`), and the error lines are the user's.
            let harness = write("solution.js", &[&text[..], b"\n", JS_HARNESS.as_bytes()].concat())?;
            node(path_text(&harness))
        }
        (Language::C, Interface::Program) => {
            let binary = build.join("solution");
            let mut args: Vec<String> =
                ["-O2", "-std=gnu11", "-DONLINE_JUDGE", "-DBOJ", "-o"].map(String::from).to_vec();
            args.extend([path_text(&binary), path_text(&source), "-lm".into()]);
            compile("gcc", &args, build)?;
            native(vec![path_text(&binary)])
        }
        (Language::Rust, Interface::Program) => {
            let binary = build.join("solution");
            let args = ["--edition", "2021", "-O", "-o"]
                .map(String::from)
                .into_iter()
                .chain([path_text(&binary), path_text(&source)]);
            compile("rustc", &args.collect::<Vec<_>>(), build)?;
            native(vec![path_text(&binary)])
        }
        (Language::Kotlin, Interface::Program) => {
            let jar = build.join("solution.jar");
            compile("kotlinc", &[path_text(&source), "-include-runtime".into(), "-d".into(), path_text(&jar)], build)?;
            jvm(vec!["-jar".into(), path_text(&jar)])
        }
        (language @ (Language::C | Language::Rust | Language::Kotlin), Interface::FootholdsFunction) => {
            return Err(not_a_function_language(language));
        }
    })
}

/// The error of a footholds solution in a language Programmers does not take for it.
fn not_a_function_language(language: Language) -> Error {
    Error::Usage(format!(
        "footholds takes a function in Python, C++, Java or JavaScript, as Programmers does, not {} (or run a program \
         that reads the three arrays with `-- COMMAND`)",
        language.name()
    ))
}

/// A C++ `#line 1 "PATH"` line naming `path`: the file name is a string literal there, so `"`, `\` and control
/// characters are escaped (in octal, which ends after three digits whatever follows).
fn line_directive(path: &Path) -> Vec<u8> {
    use std::os::unix::ffi::OsStrExt;
    let mut line = b"#line 1 \"".to_vec();
    for &byte in path.as_os_str().as_bytes() {
        match byte {
            b'"' | b'\\' => line.extend([b'\\', byte]),
            0..=0x1f | 0x7f => line.extend(format!("\\{byte:03o}").bytes()),
            _ => line.push(byte),
        }
    }
    line.extend(b"\"\n");
    line
}

/// The arguments of `python3` that compile a file without running it or writing a `__pycache__` (a syntax error
/// is then a compile error, as the judges report it, not a runtime error shrunk for nothing), and print the
/// interpreter's own path (see [`python_interpreter`]).
fn python_syntax_check(source: &Path) -> Vec<String> {
    let script = "import sys; compile(open(sys.argv[1], 'rb').read(), sys.argv[1], 'exec'); print(sys.executable)";
    vec!["-c".into(), script.into(), source.display().to_string()]
}

/// The interpreter the cases run: the one `python3` started for the syntax check (`printed`, its
/// `sys.executable`), so that a `python3` that is a launcher (pyenv's shim, a bash script that looks the version up
/// at every start) is paid for once and not at every case (about 2× the time of a short Python solution); plain
/// `python3` when that path was not printed.
fn python_interpreter(printed: &str) -> String {
    let path = printed.trim();
    if Path::new(path).is_absolute() && Path::new(path).is_file() { path.to_string() } else { "python3".to_string() }
}

/// Whether a Java source declares a class named `name` (`class Solution`, whatever comes before or after).
fn declares_class(source: &str, name: &str) -> bool {
    let is_name = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    source.match_indices("class").any(|(at, _)| {
        let before = source[..at].chars().next_back();
        let mut rest = source[at + "class".len()..].chars().peekable();
        let spaced = rest.peek().is_some_and(|c| c.is_whitespace());
        let word: String = rest.skip_while(|c| c.is_whitespace()).take_while(|&c| is_name(c)).collect();
        !before.is_some_and(is_name) && spaced && word == name
    })
}

/// The package a Java file declares (`package a.b;` on a line of its own, as it must come before the classes).
fn java_package(source: &str) -> Option<&str> {
    source.lines().find_map(|line| {
        let name = line.trim().strip_prefix("package")?.trim_start().strip_suffix(';')?.trim();
        (!name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '.')).then_some(name)
    })
}

/// Adds to a Java error about the class's name which class the judge runs: javac's own message ("class X is public,
/// should be declared in a file named X.java") names a file the user never made and contradicts itself.
fn java_class_hint(error: Error, function: bool) -> Error {
    match error {
        Error::Usage(message)
            if message.contains("should be declared in a file named")
                || message.contains("no class")
                || message.contains("symbol:   class Solution")
                || message.contains("does not contain class") =>
        {
            let needs = if function {
                "Programmers calls `class Solution` (not public, without `main`)"
            } else {
                "BOJ runs `public class Main`, whatever the file's name"
            };
            Error::Usage(format!("{message}\n{needs}: rename the class"))
        }
        other => other,
    }
}

/// Points a compile error about the copy made for `javac` back at the user's file (named by its full path, or, where
/// javac found it again on its source path, as `./Solution.java`).
fn name_copy(error: Error, copy: &Path, source: &Path) -> Error {
    match error {
        Error::Usage(message) => {
            let source = source.display().to_string();
            let mut message = message.replace(&copy.display().to_string(), &source);
            if let Some(name) = copy.file_name().and_then(|name| name.to_str()) {
                message = message.replace(&format!("./{name}"), &source);
            }
            Error::Usage(message)
        }
        other => other,
    }
}

/// Runs a compiler (or a syntax check) in `dir` under `limits`, as a solution runs, and returns what it printed on
/// stdout; a failure is a usage error with the compiler's own message, or the time limit it ran past.
fn compile(compiler: &str, args: &[String], dir: &Path, limits: &RunLimits) -> Result<String, Error> {
    let argv = std::iter::once(compiler.to_string()).chain(args.iter().cloned()).collect();
    let program = Program { argv, answer_file: false, memory: MemoryLimit::Data, memory_slack: 0 };
    let run = program.run_or_tell(dir, "", limits, compiler)?;
    let how = match run.ending {
        Ending::Success => return Ok(run.stdout),
        Ending::TimedOut => format!("stopped after {} s", limits.time.as_secs_f64()),
        Ending::OutputLimit => format!("stopped after {} MiB of output", KEEP_OUTPUT >> 20),
        Ending::Failed(how) => how,
    };
    let mut message = run.stderr;
    message.push_str(&run.stdout);
    let mut message = message.trim_end().to_string();
    // A function written for another judge (Programmers, LeetCode) given to a BOJ game: the linker's words alone
    // do not say what is missing.
    if ["undefined reference to `main'", "`main` function not found"].iter().any(|sign| message.contains(sign)) {
        message.push_str(
            "\n(the file has no main: a BOJ game takes a whole program that reads the case on standard input and \
             prints the answer)",
        );
    }
    Err(Error::Usage(format!("compile error ({compiler} {}, {how}):\n{message}", args.join(" "))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_extension_tells_the_language() {
        let of = |name: &str| Language::of(Path::new(name)).ok();
        assert_eq!(of("a/solution.py"), Some(Language::Python));
        assert_eq!(of("Main.CPP"), Some(Language::Cpp));
        assert_eq!(of("x.cc"), Some(Language::Cpp));
        assert_eq!(of("main.c"), Some(Language::C));
        assert_eq!(of("Solution.java"), Some(Language::Java));
        assert_eq!(of("s.js"), Some(Language::JavaScript));
        assert_eq!(of("main.rs"), Some(Language::Rust));
        assert_eq!(of("main.kt"), Some(Language::Kotlin));
        assert_eq!(of("main.pas"), None);
        assert_eq!(of("Makefile"), None);
        let message = Language::of(Path::new("Makefile")).unwrap_err().to_string();
        assert!(message.contains("cannot tell the language from no extension"), "{message}");
    }

    /// Python cases run the interpreter `python3` found, by its own path: a launcher (pyenv's shim) is not paid for
    /// at every case.
    #[test]
    fn python_runs_the_interpreter_itself() {
        if find_in_path("python3").is_none() {
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("main.py");
        std::fs::write(&file, "print(input())\n").unwrap();
        let build = dir.path().join("build");
        std::fs::create_dir(&build).unwrap();
        let limits =
            RunLimits { time: COMPILE_TIME, memory: 1 << 30, cancel: None, tasks: Default::default(), watchdog: None };
        let program = prepare(&file, Interface::Program, &build, &limits).unwrap();
        let interpreter = Path::new(&program.argv[0]);
        assert!(interpreter.is_absolute() && interpreter.is_file(), "{:?}", program.argv);
        let said = std::process::Command::new(interpreter).args(["-c", "import sys; print(sys.executable)"]).output();
        assert_eq!(String::from_utf8(said.unwrap().stdout).unwrap().trim(), program.argv[0]);
        assert_eq!(python_interpreter("no path\n"), "python3");
    }

    #[test]
    fn a_java_class_declaration_is_found_by_its_name() {
        assert!(declares_class("package x;\nclass Solution {", "Solution"));
        assert!(declares_class("public final class  Solution\n{", "Solution"));
        assert!(!declares_class("class Sol { Solution s; }", "Solution"));
        assert!(!declares_class("class SolutionHelper {}", "Solution"));
        assert!(!declares_class("subclass Solution", "Solution"));
    }

    #[test]
    fn a_java_package_line_is_found() {
        assert_eq!(java_package("// a solution\npackage boj.grid;\nimport java.util.*;\n"), Some("boj.grid"));
        assert_eq!(java_package("  package  foo ;\n"), Some("foo"));
        assert_eq!(java_package("import java.util.*;\npublic class Main {}\n"), None);
        assert_eq!(java_package("String packageName = \"x\";\n"), None);
    }

    #[test]
    fn a_missing_tool_names_its_package() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("main.kt");
        std::fs::write(&file, "fun main() {}").unwrap();
        if find_in_path("kotlinc").is_none() {
            let limits = RunLimits {
                time: COMPILE_TIME,
                memory: 1 << 30,
                cancel: None,
                tasks: Default::default(),
                watchdog: None,
            };
            let error = prepare(&file, Interface::Program, dir.path(), &limits).unwrap_err().to_string();
            assert!(error.contains("`kotlinc`") && error.contains("sdk install kotlin"), "{error}");
        }
    }

    #[test]
    fn a_compiler_past_its_time_is_killed_with_its_children() {
        let dir = tempfile::tempdir().unwrap();
        let pid_file = dir.path().join("child.pid");
        // A compiler that leaves a child behind and never ends.
        let script = format!("sleep 30 & echo $! > {}; sleep 30", pid_file.display());
        let limits = RunLimits {
            time: Duration::from_millis(300),
            memory: COMPILE_MEMORY,
            cancel: None,
            tasks: Default::default(),
            watchdog: None,
        };
        let started = std::time::Instant::now();
        let error = compile("sh", &["-c".into(), script], dir.path(), &limits).unwrap_err().to_string();
        assert!(started.elapsed() < Duration::from_secs(10), "{:?}", started.elapsed());
        assert!(error.starts_with("compile error (sh ") && error.contains("stopped after 0.3 s"), "{error}");
        let pid = std::fs::read_to_string(&pid_file).unwrap();
        std::thread::sleep(Duration::from_millis(200));
        let status = std::fs::read_to_string(format!("/proc/{}/status", pid.trim())).unwrap_or_default();
        assert!(status.is_empty() || status.contains("State:\tZ"), "the compiler's child {pid} is alive: {status}");
    }

    #[test]
    fn a_cancelled_compile_is_interrupted() {
        let dir = tempfile::tempdir().unwrap();
        let cancel = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let limits = RunLimits {
            time: COMPILE_TIME,
            memory: COMPILE_MEMORY,
            cancel: Some(cancel.clone()),
            tasks: Default::default(),
            watchdog: None,
        };
        let raise = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(200));
            cancel.store(true, std::sync::atomic::Ordering::Relaxed);
        });
        let started = std::time::Instant::now();
        let error = compile("sleep", &["30".into()], dir.path(), &limits).unwrap_err().to_string();
        raise.join().unwrap();
        assert_eq!(error, "interrupted");
        assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
    }
}
