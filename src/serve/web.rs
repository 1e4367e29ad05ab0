//! The page's files, embedded in the binary: nothing is fetched from elsewhere, so the page works offline.

use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

/// Each file the page uses: name, content type, contents.
const FILES: &[(&str, &str, &str)] = &[
    ("style.css", "text/css; charset=utf-8", include_str!("web/style.css")),
    ("app.js", "text/javascript; charset=utf-8", include_str!("web/app.js")),
    ("footholds.js", "text/javascript; charset=utf-8", include_str!("web/footholds.js")),
    ("snakes.js", "text/javascript; charset=utf-8", include_str!("web/snakes.js")),
    ("gridgame.js", "text/javascript; charset=utf-8", include_str!("web/gridgame.js")),
];

/// `GET /`: the page.
pub async fn index() -> Response {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], include_str!("web/index.html")).into_response()
}

/// `GET /web/{file}`: the page's scripts and style.
pub async fn file(Path(name): Path<String>) -> Response {
    match FILES.iter().find(|(file, _, _)| *file == name) {
        Some((_, kind, contents)) => ([(header::CONTENT_TYPE, *kind)], *contents).into_response(),
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}
