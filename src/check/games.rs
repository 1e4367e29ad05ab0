//! What `check` needs from a game, and the three built-in games behind it. Every piece comes from the game's own
//! folder: the case generator, corners and shrinking from its `cases` module, the expected answer from
//! its solver, the explanation from its report code, the text from its judge format.

use super::language::Interface;
use crate::engine::Limits;
use crate::format::TextFormat;
use crate::games::{footholds, gridgame, snakes};
use rand::rngs::StdRng;
use std::time::Duration;

/// A game `check` can test solutions of.
pub trait CheckedGame: Sync {
    /// One test case.
    type Case: Clone + Send + Sync;

    /// The judge's problem, for messages.
    fn judge(&self) -> &'static str;
    /// How the judge takes a solution.
    fn interface(&self) -> Interface;
    /// The judge's time limit per case.
    fn time_limit(&self) -> Duration;
    /// The judge's memory limit, in bytes (1 GiB where the judge gives none).
    fn memory_limit(&self) -> u64;
    /// Case `index` of `total`, drawn with `rng` (boards grow with the index).
    fn generate(&self, rng: &mut StdRng, index: usize, total: usize) -> Self::Case;
    /// The corners people get wrong.
    fn corners(&self) -> Vec<Self::Case>;
    /// Smaller valid cases to try in place of `case`.
    fn shrink(&self, case: &Self::Case) -> Vec<Self::Case>;
    /// [`shrink`](Self::shrink), knowing what the solution answered on `case` (`got`): a game whose case asks
    /// several questions tries the one answered wrongly alone first.
    fn shrink_failing(&self, case: &Self::Case, got: &str) -> Vec<Self::Case> {
        let _ = got;
        self.shrink(case)
    }
    /// The case in the judge's input format (what `-- COMMAND` reads, and what a person pastes).
    fn input(&self, case: &Self::Case) -> String;
    /// What a function harness reads (the judge format for programs).
    fn harness_input(&self, case: &Self::Case) -> String {
        self.input(case)
    }
    /// Whether the judge rejects right words spaced otherwise than it takes (BOJ's presentation error, see
    /// [`spacing`](super::spacing)); Programmers keeps the value a function returns, with no spacing to judge.
    fn judges_spacing(&self) -> bool {
        false
    }
    /// The right answer, as the judge expects it printed.
    fn expected(&self, case: &Self::Case) -> String;
    /// Why the answer is right: the optimal line, told by the game's report code. `got` is the solution's answer,
    /// for a game whose case asks several questions to explain the one answered wrongly.
    fn explain(&self, case: &Self::Case, got: &str) -> String;
    /// The case's size in words.
    fn describe(&self, case: &Self::Case) -> String;
}

/// Vanishing footholds (Programmers 92345): a function.
pub struct Footholds {
    /// Boards of up to 128 cells instead of the judge's 5×5.
    pub beyond: bool,
}

impl Footholds {
    fn solve(&self, case: &footholds::Instance, wanted: footholds::Wanted) -> footholds::Solution {
        // A small table does for the judge's boards; bigger boards get more.
        let table_bytes = if case.rows() * case.cols() <= 25 { 1 << 20 } else { 64 << 20 };
        let options = footholds::SolveOptions { table_bytes, threads: 1, limits: Limits::default() };
        footholds::solve(case, wanted, options).expect("no deadline")
    }
}

impl CheckedGame for Footholds {
    type Case = footholds::Instance;

    fn judge(&self) -> &'static str {
        "Programmers 92345"
    }
    fn interface(&self) -> Interface {
        Interface::FootholdsFunction
    }
    fn time_limit(&self) -> Duration {
        // Programmers states no limit per case for this problem; 10 s is its usual one.
        Duration::from_secs(10)
    }
    fn memory_limit(&self) -> u64 {
        1 << 30
    }
    fn generate(&self, rng: &mut StdRng, index: usize, total: usize) -> Self::Case {
        footholds::cases::generate(rng, index, total, self.beyond)
    }
    fn corners(&self) -> Vec<Self::Case> {
        footholds::cases::corners()
    }
    fn shrink(&self, case: &Self::Case) -> Vec<Self::Case> {
        footholds::cases::shrink(case).into_iter().filter(|c| footholds::cases::check(c, self.beyond).is_ok()).collect()
    }
    fn input(&self, case: &Self::Case) -> String {
        case.to_text()
    }
    fn harness_input(&self, case: &Self::Case) -> String {
        let rows: Vec<String> =
            case.board_rows().iter().map(|row| row.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")).collect();
        format!(
            "{} {}\n{}\n{} {} {} {}\n",
            case.rows(),
            case.cols(),
            rows.join("\n"),
            case.a().0,
            case.a().1,
            case.b().0,
            case.b().1
        )
    }
    fn expected(&self, case: &Self::Case) -> String {
        format!("{}\n", self.solve(case, footholds::Wanted::default()).outcome.remoteness)
    }
    fn explain(&self, case: &Self::Case, _got: &str) -> String {
        let solution = self.solve(case, footholds::Wanted { ranked_moves: true, line: true });
        footholds::report::explain(case, &solution)
    }
    fn describe(&self, case: &Self::Case) -> String {
        footholds::cases::describe(case)
    }
}

/// Snakes and ladders (BOJ 16928): a program.
pub struct Snakes {
    /// Up to 49 jumps, either kind possibly absent.
    pub beyond: bool,
}

impl Snakes {
    fn board(case: &snakes::Instance) -> snakes::Board {
        case.board(snakes::Rules::default()).expect("a generated case fits the judge's board")
    }

    fn rolls(case: &snakes::Instance) -> (snakes::Board, Vec<snakes::Roll>) {
        let board = Snakes::board(case);
        let rolls = snakes::fewest_rolls(&board, &Limits::default())
            .expect("no deadline")
            .expect("generated cases reach the last square");
        (board, rolls)
    }
}

impl CheckedGame for Snakes {
    type Case = snakes::Instance;

    fn judge(&self) -> &'static str {
        "BOJ 16928"
    }
    fn interface(&self) -> Interface {
        Interface::Program
    }
    fn judges_spacing(&self) -> bool {
        true
    }
    fn time_limit(&self) -> Duration {
        Duration::from_secs(1)
    }
    fn memory_limit(&self) -> u64 {
        512 << 20
    }
    fn generate(&self, rng: &mut StdRng, index: usize, total: usize) -> Self::Case {
        snakes::cases::generate(rng, index, total, self.beyond)
    }
    fn corners(&self) -> Vec<Self::Case> {
        snakes::cases::corners()
    }
    fn shrink(&self, case: &Self::Case) -> Vec<Self::Case> {
        snakes::cases::shrink(case).into_iter().filter(|c| snakes::cases::check(c, self.beyond).is_ok()).collect()
    }
    fn input(&self, case: &Self::Case) -> String {
        case.to_text()
    }
    fn expected(&self, case: &Self::Case) -> String {
        format!("{}\n", Snakes::rolls(case).1.len())
    }
    fn explain(&self, case: &Self::Case, _got: &str) -> String {
        let (board, rolls) = Snakes::rolls(case);
        let report = snakes::report::Report {
            instance: case,
            board: &board,
            rolls: &rolls,
            explain: true,
            expected: None,
            exact: None,
            distribution: None,
            simulation: None,
            seed: 0,
        };
        // The report's first line is the answer itself, already shown.
        let text = report.text(snakes::Setting::flag);
        text.split_once('\n').map_or(text.clone(), |(_, rest)| rest.to_string())
    }
    fn describe(&self, case: &Self::Case) -> String {
        snakes::cases::describe(case)
    }
}

/// The grid game (BOJ 28218): a program.
pub struct Gridgame {
    /// Boards up to 5000×5000 and none of the judge's guarantees on walls and queries.
    pub beyond: bool,
}

impl Gridgame {
    fn answers(case: &gridgame::Instance, options: gridgame::report::Options) -> String {
        let wanted = options.wanted();
        let analysis = gridgame::Analysis::solve(case.board(), wanted, &Limits::default()).expect("no deadline");
        gridgame::report::text(case, &analysis, options)
    }
}

impl Gridgame {
    /// The first query (0-based) answered wrongly in `got`: none when the run answered nothing (a crash, a time
    /// limit) or gave the right words spaced otherwise.
    fn first_wrong(&self, case: &gridgame::Instance, got: &str) -> Option<usize> {
        if got.trim().is_empty() {
            return None;
        }
        let mut words = got.split_whitespace();
        self.expected(case).split_whitespace().position(|word| words.next() != Some(word))
    }
}

impl CheckedGame for Gridgame {
    type Case = gridgame::Instance;

    fn judge(&self) -> &'static str {
        "BOJ 28218"
    }
    fn interface(&self) -> Interface {
        Interface::Program
    }
    fn judges_spacing(&self) -> bool {
        true
    }
    fn time_limit(&self) -> Duration {
        Duration::from_secs(1)
    }
    fn memory_limit(&self) -> u64 {
        1 << 30
    }
    fn generate(&self, rng: &mut StdRng, index: usize, total: usize) -> Self::Case {
        gridgame::cases::generate(rng, index, total, self.beyond)
    }
    fn corners(&self) -> Vec<Self::Case> {
        gridgame::cases::corners()
    }
    fn shrink(&self, case: &Self::Case) -> Vec<Self::Case> {
        self.shrink_failing(case, "")
    }
    fn shrink_failing(&self, case: &Self::Case, got: &str) -> Vec<Self::Case> {
        let candidates = gridgame::cases::shrink_after(case, self.first_wrong(case, got));
        candidates.into_iter().filter(|c| gridgame::cases::check(c, self.beyond).is_ok()).collect()
    }
    fn input(&self, case: &Self::Case) -> String {
        case.to_text()
    }
    fn expected(&self, case: &Self::Case) -> String {
        Gridgame::answers(case, gridgame::report::Options::default())
    }
    /// One query's optimal game: the first the solution answered wrongly, else (a run that failed otherwise) the
    /// first. A case of 300 queries on a large board would explain 300 games move by move (a 1.7 MB report).
    fn explain(&self, case: &Self::Case, got: &str) -> String {
        // The first query answered wrongly: none when the run answered nothing (a crash, a time limit) or gave the
        // right words spaced otherwise.
        let wrong = self.first_wrong(case, got);
        let index = wrong.unwrap_or(0);
        let Some(query) = case.queries().nth(index) else { return String::new() };
        let alone = gridgame::Instance::new(case.board().clone(), &[query.to_vec()]).expect("a query of the case");
        let options = gridgame::report::Options { remoteness: true, explain: true, ..Default::default() };
        let which = match (wrong, case.query_count()) {
            (_, 1) => String::new(),
            // A run stopped before it answered them all (a time limit, a crash) left the rest unanswered.
            (Some(_), count) if index >= got.split_whitespace().count() => {
                format!("query {} of {count}, the first not answered:\n", index + 1)
            }
            (Some(_), count) => format!("query {} of {count}, the first answered wrongly:\n", index + 1),
            (None, count) => format!("query 1 of {count}:\n"),
        };
        which + &Gridgame::answers(&alone, options)
    }
    fn describe(&self, case: &Self::Case) -> String {
        gridgame::cases::describe(case)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A grid game case explains one query's game: the first one answered wrongly, as the game's own report explains
    /// that query alone; a run that answered nothing, the first query.
    #[test]
    fn a_grid_game_case_explains_the_query_answered_wrongly() {
        let game = Gridgame { beyond: false };
        let board = "3 3 1\n...\n.#.\n...\n";
        let case = gridgame::Instance::parse_judge(&format!("{board}3\n1 1\n1 2\n2 1\n"), false).unwrap();
        let words: Vec<String> = game.expected(&case).split_whitespace().map(String::from).collect();
        let other = |word: &str| if word == "First" { "Second" } else { "First" };
        for wrong in 0..3 {
            let mut got = words.clone();
            got[wrong] = other(&words[wrong]).to_string();
            let explained = game.explain(&case, &got.join("\n"));
            let query = ["1 1", "1 2", "2 1"][wrong];
            let alone = gridgame::Instance::parse_judge(&format!("{board}1\n{query}\n"), false).unwrap();
            let expected =
                format!("query {} of 3, the first answered wrongly:\n{}", wrong + 1, game.explain(&alone, ""));
            assert_eq!(explained, expected);
        }
        // A run that stopped after its first answer: the second is the first not answered.
        let second = gridgame::Instance::parse_judge(&format!("{board}1\n1 2\n"), false).unwrap();
        let stopped = game.explain(&case, &words[0]);
        assert_eq!(stopped, format!("query 2 of 3, the first not answered:\n{}", game.explain(&second, "")));
        let first = gridgame::Instance::parse_judge(&format!("{board}1\n1 1\n"), false).unwrap();
        assert_eq!(game.explain(&case, ""), format!("query 1 of 3:\n{}", game.explain(&first, "")));
        assert!(game.explain(&first, "").starts_with(&words[0]), "one query: its game alone, no heading");
    }
}
