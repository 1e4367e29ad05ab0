//! Driving the page in headless Chromium: starting the browser (or skipping without one), evaluating JavaScript,
//! waiting, clicking, keys, screenshots, and the page's own errors.

use headless_chrome::protocol::cdp::Page::{CaptureScreenshotFormatOption, Viewport};
use headless_chrome::{Browser, LaunchOptions, Tab};
use serde_json::Value;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Okabe–Ito blue and orange, as the page's CSS gives them.
pub const WIN: &str = "rgb(0, 114, 178)";

pub const LOSE: &str = "rgb(230, 159, 0)";

pub fn chromium() -> Option<PathBuf> {
    ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.exists())
}

/// The browser and its profile folder, removed when the test ends (the browser first, since it writes there).
pub struct Launched {
    pub browser: Browser,
    _profile: tempfile::TempDir,
}

pub fn launch() -> Option<Launched> {
    let Some(path) = chromium() else {
        eprintln!("SKIP: serve_page: no Chromium found (install the Debian package `chromium`)");
        assert!(
            std::env::var("PERFECTPLAY_REQUIRE_ALL").as_deref() != Ok("1"),
            "PERFECTPLAY_REQUIRE_ALL=1: the browser test may not be skipped"
        );
        return None;
    };
    let profile = tempfile::Builder::new().prefix("perfectplay-chromium-").tempdir().expect("a profile folder");
    let args: Vec<&OsStr> = [
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
    ]
    .iter()
    .map(OsStr::new)
    .collect();
    let options = LaunchOptions::default_builder()
        .path(Some(path))
        .headless(true)
        .sandbox(false)
        .user_data_dir(Some(profile.path().to_path_buf()))
        .window_size(Some((1200, 1000)))
        .idle_browser_timeout(Duration::from_secs(300))
        .args(args)
        .build()
        .unwrap();
    Some(Launched { browser: Browser::new(options).expect("Chromium starts"), _profile: profile })
}

/// Evaluates a JavaScript expression and returns its JSON value.
pub fn eval(tab: &Tab, expression: &str) -> Value {
    let wrapped = format!("JSON.stringify((() => {{ return {expression}; }})())");
    let result = tab.evaluate(&wrapped, false).unwrap_or_else(|e| panic!("{expression}: {e}"));
    match result.value {
        Some(Value::String(text)) => serde_json::from_str(&text).unwrap(),
        _ => Value::Null,
    }
}

/// Waits (up to 30 s) until a JavaScript expression is truthy, and returns its value.
pub fn wait(tab: &Tab, expression: &str) -> Value {
    let until = Instant::now() + Duration::from_secs(30);
    loop {
        let value = eval(tab, expression);
        if !matches!(value, Value::Null | Value::Bool(false)) {
            return value;
        }
        let error =
            eval(tab, "document.getElementById('error').hidden ? null : document.getElementById('error').textContent");
        assert!(Instant::now() < until, "timed out waiting for {expression} (page error: {error})");
        std::thread::sleep(Duration::from_millis(50));
    }
}

pub fn click(tab: &Tab, selector: &str) {
    let found = eval(
        tab,
        &format!("(() => {{ const e = document.querySelector({selector:?}); if (e) e.click(); return !!e; }})()"),
    );
    assert_eq!(found, Value::Bool(true), "no element {selector}");
}

/// Gives the keyboard focus to the element `selector` names.
pub fn focus(tab: &Tab, selector: &str) {
    let found = eval(
        tab,
        &format!("(() => {{ const e = document.querySelector({selector:?}); if (e) e.focus(); return !!e; }})()"),
    );
    assert_eq!(found, Value::Bool(true), "no element {selector}");
}

/// Presses `key` with the focus on the element `selector` names.
pub fn press_on(tab: &Tab, selector: &str, key: &str) {
    focus(tab, selector);
    tab.press_key(key).unwrap();
}

/// What has the keyboard focus: `[id, data-cell]` of the element (empty strings where it has none), or `BODY`.
pub fn focused(tab: &Tab) -> Value {
    eval(
        tab,
        "document.activeElement === document.body ? 'BODY' : [document.activeElement.id, document.activeElement.dataset.cell ?? '']",
    )
}

/// Waits until no question to the API is pending (and a moment more, for what a key would have started).
pub fn settle(tab: &Tab) {
    std::thread::sleep(Duration::from_millis(400));
    wait(tab, "!PP.job");
}

/// Makes the page's questions to `path` wait, unanswered, until they are cancelled (`hang`), or answers them again.
pub fn hang(tab: &Tab, path: &str) {
    eval(
        tab,
        &format!(
            "(() => {{ window.realFetch ??= window.fetch; window.fetch = (url, options) => url !== '{path}' ? window.realFetch(url, options)              : new Promise((_, reject) => options.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))); }})()"
        ),
    );
}

pub fn unhang(tab: &Tab) {
    eval(tab, "(() => { if (window.realFetch) window.fetch = window.realFetch; })()");
}

/// Presses the busy bar's Cancel once it shows.
pub fn cancel(tab: &Tab) {
    wait(tab, "!document.getElementById('busy').hidden");
    click(tab, "#busy-cancel");
}

/// Saves the top left `width` × `height` pixels of the page as `target/serve-NAME.png`, the help closed so that the
/// game fills the picture (closed by the page, not the user: nothing is remembered).
pub fn screenshot(tab: &Tab, name: &str, width: f64, height: f64) {
    eval(tab, "(() => { document.getElementById('help').open = false; })()");
    let clip = Viewport { x: 0.0, y: 0.0, width, height, scale: 1.0 };
    let png = tab.capture_screenshot(CaptureScreenshotFormatOption::Png, None, Some(clip), true).unwrap();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target");
    std::fs::write(dir.join(format!("serve-{name}.png")), png).unwrap();
}

/// Loads `base/#fragment` as a new document (a query string that changes each time, so a change of fragment alone
/// is a navigation too).
pub fn open(tab: &Tab, base: &str, fragment: &str) {
    static LOADS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = LOADS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    tab.navigate_to(&format!("{base}/?load={n}#{fragment}")).unwrap().wait_until_navigated().unwrap();
}

/// The best of the moves the page shows on `selector`'s cells (`data-move="win 3"`): the fastest win, else the
/// longest loss; returns the cell's `data-cell`.
pub fn best_move(tab: &Tab, selector: &str) -> String {
    let moves = wait(
        tab,
        &format!("[...document.querySelectorAll('{selector} [data-move]')].map(e => [e.dataset.cell, e.dataset.move])"),
    );
    let moves = moves.as_array().unwrap();
    assert!(!moves.is_empty(), "no move shown");
    let score = |m: &Value| {
        let (value, remoteness) = m[1].as_str().unwrap().split_once(' ').unwrap();
        let r: i64 = remoteness.parse().unwrap();
        if value == "win" { 1_000_000 - r } else { r }
    };
    moves.iter().max_by_key(|m| score(m)).unwrap()[0].as_str().unwrap().to_string()
}

/// Drags with the pointer from one cell of the footholds board to another (press on the first, release on the
/// second), as a mouse or a finger does.
pub fn drag(tab: &Tab, from: &str, to: &str) {
    eval(
        tab,
        &format!(
            "(() => {{ const at = (c) => {{ const r = document.querySelector(`[data-cell='${{c}}']`).getBoundingClientRect(); \
             return {{ clientX: r.x + r.width / 2, clientY: r.y + r.height / 2, bubbles: true }}; }}; \
             document.querySelector(\"[data-cell='{from}']\").dispatchEvent(new PointerEvent('pointerdown', at('{from}'))); \
             document.querySelector(\"[data-cell='{to}']\").dispatchEvent(new PointerEvent('pointerup', at('{to}'))); }})()"
        ),
    );
}

/// The page's errors so far (uncaught exceptions, rejected promises and anything its content security policy
/// blocked), counted from the last [`watch_errors`].
pub fn page_errors(tab: &Tab) -> Value {
    eval(tab, "window.pageErrors")
}

pub fn watch_errors(tab: &Tab) {
    eval(
        tab,
        "(() => { window.pageErrors = []; \
         window.addEventListener('error', (e) => window.pageErrors.push(e.message)); \
         window.addEventListener('unhandledrejection', (e) => window.pageErrors.push(String(e.reason))); \
         document.addEventListener('securitypolicyviolation', \
           (e) => window.pageErrors.push(`blocked by ${e.violatedDirective}: ${e.blockedURI}`)); })()",
    );
}
