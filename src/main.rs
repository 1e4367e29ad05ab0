//! The `perfectplay` command: parses the command line and hands it to [`perfectplay::cli`].

fn main() {
    std::process::exit(perfectplay::cli::run());
}
