//! The laws every game obeys, checked by one generic test per law and run on every built-in game.
//!
//! - the fast solver agrees with a plain exhaustive search on random small positions;
//! - the outcome of a position agrees with the outcomes of its children, and with those of the moves it searches;
//! - remoteness parity: in a two-player game without ties a win has odd remoteness and a loss even;
//! - a game's early outcome holds the searched outcome between its bounds and answers the question it was asked;
//! - move ordering only reorders, and the moves it calls quiet (or forced moves said to stay quiet) lead to positions
//!   without early outcomes;
//! - parsing what was printed gives the same instance back.
//!
//! Adding a game: one file here that feeds random small instances of it to these functions.

mod footholds;
mod gridgame;
mod one_player;
mod snakes;
mod snakes_digits;

use perfectplay::engine::{Outcome, Question, TwoPlayerGame, Value};
use perfectplay::format::TextFormat;
use std::fmt::Debug;

/// The plain exhaustive search over a game's rules: no table, no pruning, no early outcomes.
pub fn exhaustive<G: TwoPlayerGame>(game: &G, position: &G::Position) -> Outcome {
    if let Some(outcome) = game.primitive(position) {
        return outcome;
    }
    game.moves(position)
        .as_ref()
        .iter()
        .map(|&mv| exhaustive(game, &game.play(position, mv)).parent())
        .max()
        .expect("a position that is not over has a move")
}

/// Checks the two-player laws at `position`, where `solved` is the game's fast solver.
pub fn two_player_laws<G: TwoPlayerGame>(game: &G, position: &G::Position, solved: &dyn Fn(&G::Position) -> Outcome) {
    let outcome = solved(position);
    assert_eq!(outcome, exhaustive(game, position), "fast solver against exhaustive search at {position:?}");
    match outcome.value {
        Value::Win => assert_eq!(outcome.remoteness % 2, 1, "a win has odd remoteness at {position:?}"),
        Value::Lose => assert_eq!(outcome.remoteness % 2, 0, "a loss has even remoteness at {position:?}"),
        _ => {}
    }
    if let Some(primitive) = game.primitive(position) {
        assert_eq!(outcome, primitive, "a finished game keeps its primitive outcome at {position:?}");
        return;
    }
    // Every question a search could ask near this outcome, and the exact one.
    let reach = outcome.remoteness + 2;
    let thresholds = (0..=reach).map(Outcome::lose).chain((1..=reach).map(Outcome::win));
    for question in thresholds.map(Question::better_than).chain([Question::exact()]) {
        if let Some((worst, best)) = game.early_outcome(position, &question) {
            assert!(worst <= outcome && outcome <= best, "early bounds {worst:?}..{best:?} at {position:?}");
            assert!(question.settled_by(worst, best), "early bounds answer {question:?} at {position:?}");
        }
    }
    ordering_laws(game, position);
    let moves = game.moves(position);
    let children: Vec<Outcome> = moves.as_ref().iter().map(|&mv| solved(&game.play(position, mv)).parent()).collect();
    assert_eq!(Some(outcome), children.iter().copied().max(), "outcome against children at {position:?}");
    let searched: Option<Vec<Outcome>> = game
        .moves_to_search(position)
        .as_ref()
        .iter()
        .map(|m| moves.as_ref().iter().position(|other| other == m).map(|index| children[index]))
        .collect();
    let searched = searched.unwrap_or_else(|| panic!("searched moves are moves at {position:?}"));
    assert_eq!(Some(outcome), searched.into_iter().max(), "the moves searched keep the best one at {position:?}");
    if outcome.value == Value::Lose {
        assert!(children.iter().all(|c| c.value == Value::Lose), "a loss has only losing moves at {position:?}");
    }
}

/// Move ordering only reorders the moves, and a move it calls quiet leads to a position with no early outcome for
/// any question; so does a forced move said to stay quiet.
fn ordering_laws<G: TwoPlayerGame>(game: &G, position: &G::Position) {
    let moves = game.moves(position);
    let mut ordered = game.moves(position);
    let quiet = game.order_moves(position, ordered.as_mut());
    let (moves, ordered) = (moves.as_ref(), ordered.as_ref());
    assert_eq!(moves.len(), ordered.len(), "ordering keeps the number of moves at {position:?}");
    assert!(moves.iter().all(|m| ordered.contains(m)), "ordering keeps the moves at {position:?}");
    for (index, &mv) in ordered.iter().enumerate().filter(|(index, _)| *index < 64 && quiet & (1 << index) != 0) {
        let early = early_outcome(game, &game.play(position, mv));
        assert!(early.is_none(), "move {index} ({mv:?}) is called quiet, but has {early:?} at {position:?}");
    }
    // A position without early outcome whose only move searched is said to keep it so.
    let searched = game.moves_to_search(position);
    if let [mv] = searched.as_ref()
        && early_outcome(game, position).is_none()
        && game.stays_quiet(position, *mv)
    {
        let early = early_outcome(game, &game.play(position, *mv));
        assert!(early.is_none(), "the forced move {mv:?} is said to stay quiet, but has {early:?} at {position:?}");
    }
}

/// A question a search could ask at `position` for which the game knows an early outcome, with that outcome.
fn early_outcome<G: TwoPlayerGame>(game: &G, position: &G::Position) -> Option<(Question, (Outcome, Outcome))> {
    let thresholds = (0..=64).map(Outcome::lose).chain((1..=64).map(Outcome::win));
    thresholds
        .map(Question::better_than)
        .find_map(|question| Some((question, game.early_outcome(position, &question)?)))
}

/// Checks that printing then parsing gives the instance back.
pub fn round_trip<T: TextFormat + PartialEq + Debug>(instance: &T) {
    let text = instance.to_text();
    match T::parse(&text) {
        Ok(parsed) => assert_eq!(&parsed, instance, "printed as:\n{text}"),
        Err(error) => panic!("cannot parse what was printed ({error}):\n{text}"),
    }
}
