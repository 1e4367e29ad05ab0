//! The page's files, embedded in the binary: nothing is fetched from elsewhere, so the page works offline.

use axum::extract::Path;
use axum::extract::rejection::PathRejection;
use axum::http::header;
use axum::response::{IntoResponse, Response};

/// Each file the page uses: name, content type, contents.
const FILES: &[(&str, &str, &str)] = &[
    ("style.css", "text/css; charset=utf-8", include_str!("web/style.css")),
    ("app.js", "text/javascript; charset=utf-8", include_str!("web/app.js")),
    ("footholds.js", "text/javascript; charset=utf-8", include_str!("web/footholds.js")),
    ("snakes.js", "text/javascript; charset=utf-8", include_str!("web/snakes.js")),
    ("gridgame.js", "text/javascript; charset=utf-8", include_str!("web/gridgame.js")),
];

/// For working on the page: when this variable names a folder, its files are served instead of the embedded ones,
/// so a change shows on reload without a rebuild.
const DEV_FOLDER: &str = "PERFECTPLAY_WEB_DIR";

/// The contents of one of the page's files.
fn contents(name: &str, embedded: &'static str) -> String {
    std::env::var_os(DEV_FOLDER)
        .and_then(|folder| std::fs::read_to_string(std::path::Path::new(&folder).join(name)).ok())
        .unwrap_or_else(|| embedded.to_string())
}

/// What the page may load and run: its own files and requests to its own server, nothing else (no inline script,
/// no other site, not framed by another page). Inline styles stay allowed: the boards set their sizes and colours
/// through `style` attributes.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; \
     object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// `GET /`: the page.
pub async fn index() -> Response {
    let page = contents("index.html", include_str!("web/index.html"));
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        ],
        page,
    )
        .into_response()
}

/// `GET /web/{file}`: the page's scripts and style.
pub async fn file(name: Result<Path<String>, PathRejection>) -> Response {
    // A name that is not UTF-8 (`%ff`) names no file either.
    let Ok(Path(name)) = name else { return super::api::not_found().await };
    match FILES.iter().find(|(file, _, _)| *file == name) {
        Some((file, kind, embedded)) => ([(header::CONTENT_TYPE, *kind)], contents(file, embedded)).into_response(),
        None => super::api::not_found().await,
    }
}
