//! The page in a real headless Chromium (the system's `chromium`, driven over the DevTools protocol): each game
//! loads; a footholds board is edited and a whole game is played against the solver, ending with the winner and
//! the number of moves the library gives for that board; the moves of a known position have their value's colour;
//! gridgame and snakes are played through; the position survives a reload. The keyboard: keys move only by legal
//! moves, Enter and Space press the focused control, the focus survives every redraw. A cancelled question offers
//! to ask again; a click right after typing a number lands; a move on a 300 × 300 gridgame board is drawn (and
//! timed); gridgame's numbers are whole, or not drawn at all, on cells of any size. Every field of a link and every
//! box is checked, with a message in the bar at the top of the window (seen when the page is scrolled); gridgame's
//! value history follows the game; large snakes boards show at once, and the charts' notes cover no data; on a
//! phone (and at 200 % zoom) the charts' text keeps its size and the maps fit; the focus and the selected token
//! stand out on every cell colour. Each game says how to play it; a game's end says why; a stopped server is said
//! so. A grid game's click puts a token or plays an outlined move, never by surprise; the solver's pending move
//! goes with its game; a footholds position past the time limit shows what the server knew, its map still comes,
//! and a slow board pasted is shown. Screenshots go to `target/`.
//!
//! Without Chromium the test prints a SKIP line and passes, unless `PERFECTPLAY_REQUIRE_ALL=1` (set by CI).
//!
//! One browser and one server serve every part, in turn (a Chromium started once, not once a file): `browser.rs`
//! drives the page; `footholds.rs`, `gridgame.rs` and `snakes.rs` each play their game; `links.rs` the position in
//! the URL and bad links; `keyboard.rs` keys and focus; `cancel.rs` slow answers; `layout.rs` charts and phones.

#[path = "../serve_support/mod.rs"]
mod serve_support;

mod browser;
mod cancel;
mod footholds;
mod gridgame;
mod keyboard;
mod layout;
mod links;
mod snakes;

use perfectplay::serve::Config;
use std::time::Duration;

#[test]
fn the_page_plays_all_three_games_in_chromium() {
    let Some(launched) = browser::launch() else { return };
    let base = serve_support::start(Config::default());
    let tab = launched.browser.new_tab().unwrap();
    tab.set_default_timeout(Duration::from_secs(30));
    gridgame::a_click_puts_a_token_or_plays_an_outlined_move(&tab, &base);
    gridgame::the_solvers_pending_move_is_dropped_with_its_game(&tab, &base);
    footholds::undo_goes_back_to_your_move(&tab, &base);
    cancel::what_a_slow_position_shows(&tab);
    footholds::footholds_page(&tab, &base);
    footholds::the_mirror_plan_names_the_copier(&tab, &base);
    cancel::cancel_a_long_solve(&tab, &base);
    gridgame::gridgame_page(&tab, &base);
    snakes::snakes_page(&tab, &base);
    links::links_and_bad_input(&tab, &base);
    links::links_with_moves(&tab, &base);
    layout::charts(&tab);
    keyboard::keys_press_the_focused_control(&tab, &base);
    keyboard::arrow_keys_play_only_legal_moves(&tab, &base);
    keyboard::focus_survives_redraws(&tab, &base);
    keyboard::gridgame_tab_stops_are_the_cells_a_click_can_use(&tab, &base);
    keyboard::footholds_tab_stops_are_the_cells_a_click_can_use(&tab, &base);
    footholds::a_click_after_typing_a_number(&tab, &base);
    footholds::a_pasted_position_is_asked_once(&tab, &base);
    footholds::the_end_says_why(&tab, &base);
    footholds::a_click_does_what_the_tool_says(&tab, &base);
    cancel::cancelled_questions_can_be_asked_again(&tab, &base);
    cancel::a_stopped_server_is_said_so(&tab);
    cancel::a_position_too_slow_to_solve(&tab);
    gridgame::gridgame_without_the_solver(&tab, &base);
    gridgame::gridgame_messages_name_what_was_typed(&tab, &base);
    gridgame::a_judges_whole_input(&tab, &base);
    gridgame::a_move_on_the_largest_gridgame_board(&tab, &base);
    gridgame::numbers_are_whole_or_absent(&tab, &base);
    layout::phone_sized(&tab, &base);
    layout::messages_and_maps_on_a_phone(&tab, &base);
    layout::charts_at_200_percent_zoom(&tab, &base);
    layout::each_game_says_how_to_play(&tab, &base);
    links::every_field_of_a_link_is_checked(&tab, &base);
    links::a_links_messages_stay_until_dismissed(&tab, &base);
    footholds::a_size_that_is_not_a_number(&tab, &base);
    snakes::rolls_are_on_the_board_solved(&tab, &base);
    snakes::large_boards(&tab, &base);
    snakes::chart_notes_cover_no_data(&tab, &base);
    snakes::the_boxes_hold_eight_digits(&tab, &base);
    snakes::messages_name_the_boxes(&tab, &base);
    snakes::the_median_as_the_library_has_it(&tab, &base);
    snakes::a_game_of_one_roll(&tab, &base);
    layout::focus_and_selection_stand_out(&tab, &base);
    gridgame::gridgame_status_wording(&tab, &base);
    layout::footholds_labels_fit_their_cells(&tab, &base);
    links::a_link_means_the_same_whatever_came_before(&tab, &base);
    links::gridgame_and_footholds_links_mean_the_same_whatever_came_before(&tab, &base);
    snakes::the_largest_board_shows_its_fewest_rolls(&tab, &base);
    snakes::a_board_being_solved_marks_the_previous_answer(&tab, &base);
}
