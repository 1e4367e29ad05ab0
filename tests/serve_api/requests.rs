//! How requests are read, the same in every endpoint: whole numbers only as JSON integers or whole-number text,
//! quoted as written when refused; a JSON body only as an object; the input only in the body, never in the query
//! string; and messages in the project's words.

use super::{parse, post_json_bytes, raw, server, until_closed};
use crate::serve_support::{get, post_json, post_text};
use perfectplay::format::{cut, quote, whole_number};
use perfectplay::games::{gridgame::MAX_SIDE, snakes::MAX_FACES, snakes::MAX_SIZE};
use proptest::prelude::*;
use serde_json::json;

const U32: u64 = u32::MAX as u64;
const SNAKES: &str = r#""input": "0 0\n""#;

/// A whole-number field: its endpoint, a body with `@` where the value goes, the field's path in messages, its
/// range, and whether `null` is taken (as no value).
struct Field {
    endpoint: &'static str,
    body: String,
    path: &'static str,
    low: u64,
    high: u64,
    nullable: bool,
}

fn field(endpoint: &'static str, body: &str, path: &'static str, (low, high): (u64, u64), nullable: bool) -> Field {
    Field { endpoint, body: body.to_string(), path, low, high, nullable }
}

/// Every whole-number field of every endpoint, given in JSON.
fn whole_number_fields() -> Vec<Field> {
    let (size, faces) = ((1, u64::from(MAX_SIZE)), (1, u64::from(MAX_FACES)));
    let k = (0, MAX_SIDE as u64 - 1);
    let mut fields = vec![
        field("footholds", r#"{"board": [[@]], "aloc": [0, 0], "bloc": [0, 0]}"#, "board[0][0]", (0, 1), false),
        field("footholds", r#"{"board": [[1]], "aloc": [@, 0], "bloc": [0, 0]}"#, "aloc[0]", (0, U32), false),
        field("footholds", r#"{"board": [[1]], "aloc": [0, 0], "bloc": [0, @]}"#, "bloc[1]", (0, U32), false),
        field("gridgame", r#"{"rows": [".."], "k": @, "queries": [[[1, 1]]]}"#, "k", k, true),
        field("gridgame", r#"{"rows": [".."], "queries": [[[@, 1]]]}"#, "queries[0][0][0]", (0, U32), false),
        field("gridgame/moves", r#"{"rows": [".."], "k": @}"#, "k", k, true),
        field("gridgame/moves", r#"{"rows": [".."], "queries": [[[1, @]]]}"#, "queries[0][0][1]", (0, U32), false),
        field("snakes", r#"{"ladders": [[@, 5]]}"#, "ladders[0][0]", (0, U32), false),
        field("snakes", r#"{"snakes": [[50, @]]}"#, "snakes[0][1]", (0, U32), false),
        field("snakes/roll", r#"{"ladders": [[2, @]], "die": 1}"#, "ladders[0][1]", (0, U32), false),
    ];
    for (endpoint, path, range, nullable) in [
        ("snakes", "size", size, false),
        ("snakes", "faces", faces, false),
        ("snakes", "start", (0, u64::from(MAX_SIZE)), false),
        ("snakes", "max_rolls", (1, 100_000), false),
        ("snakes", "simulate", (1, 1_000_000), true),
        ("snakes", "seed", (0, u64::MAX), false),
        ("snakes/roll", "size", size, false),
        ("snakes/roll", "faces", faces, false),
        ("snakes/roll", "square", (0, u64::from(MAX_SIZE)), false),
        ("snakes/roll", "die", faces, true),
    ] {
        fields.push(field(endpoint, &format!(r#"{{{SNAKES}, "{path}": @}}"#), path, range, nullable));
    }
    fields
}

/// JSON values that are not integers, as written: fractions, exponents, strings, booleans, null, lists, objects.
fn not_integers() -> impl Strategy<Value = String> {
    prop_oneof![
        (0u64..1_000_000, 0u32..100).prop_map(|(n, f)| format!("{n}.{f}")),
        // A negative exponent gets its own sign: "1e+-3" is not JSON at all, and would be refused for that.
        (0u64..1000, 0u32..30, prop_oneof![Just("e"), Just("E"), Just("e+"), Just("e-"), Just("E-")])
            .prop_map(|(n, e, sign)| format!("{n}{sign}{e}")),
        (0u64..100, 0u32..10).prop_map(|(n, f)| format!("-{n}.{f}e1")),
        (0u64..1000).prop_map(|n| format!("\"{n}\"")),
        "\"[a-z0-9 .]{0,10}\"",
        Just("true".to_string()),
        Just("false".to_string()),
        Just("null".to_string()),
        Just("-0".to_string()),
        (0u64..10).prop_map(|n| format!("[{n}]")),
        (0u64..10).prop_map(|n| format!("{{\"x\": {n}}}")),
    ]
}

/// Integers outside every field's range, or past 2⁶⁴ (written in full, as JSON allows).
fn integers_out_of_range() -> impl Strategy<Value = String> {
    prop_oneof![
        (1u64..1_000_000).prop_map(|n| format!("-{n}")),
        "[1-9][0-9]{20,40}",
        Just("18446744073709551616".to_string()),
    ]
}

/// Posts `field`'s body with `value` in it and checks the message: the field, its range, and the value as written.
fn refused_as_written(field: &Field, value: &str) -> Result<(), TestCaseError> {
    let body = field.body.replace('@', value);
    let (code, answer) = post_json_bytes(&format!("{}/api/{}", server(), field.endpoint), &body);
    let (low, high, path) = (field.low, field.high, field.path);
    let expected = format!(
        "request JSON: {path}: must be a whole number between {low} and {high}, found {} at line 1 column ",
        cut(value)
    );
    prop_assert_eq!(code, 400, "{}: {}", body, answer);
    let error = parse(&answer)["error"].as_str().unwrap_or_default().to_string();
    prop_assert!(error.starts_with(&expected), "{}: {} is not {}...", body, error, expected);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    /// `"5"`, `5.0`, `5e0`, `true` and the like are refused by every whole-number field of every endpoint, quoted
    /// as written, in the same words.
    #[test]
    fn whole_number_fields_take_only_json_integers(value in not_integers()) {
        for field in whole_number_fields() {
            if !(field.nullable && value == "null") {
                refused_as_written(&field, &value)?;
            }
        }
    }

    /// An integer out of range, however long, is quoted as written, not as the float serde_json would make of it.
    #[test]
    fn integers_out_of_range_are_quoted_as_written(value in integers_out_of_range()) {
        for field in whole_number_fields() {
            refused_as_written(&field, &value)?;
        }
    }

    /// In the query string, only whole-number text: the text is quoted as sent.
    #[test]
    fn query_string_numbers_are_whole_number_text(
        text in "[0-9a-zA-Z.+ -]{0,12}".prop_filter("not a whole number", |t| whole_number(t).is_none()),
    ) {
        let encoded: String = text.bytes().map(|b| format!("%{b:02X}")).collect();
        for (endpoint, name, (low, high)) in [
            ("snakes", "size", (1, u64::from(MAX_SIZE))),
            ("snakes", "max_rolls", (1, 100_000)),
            ("snakes", "simulate", (1, 1_000_000)),
            ("snakes", "seed", (0, u64::MAX)),
            ("snakes/roll", "square", (0, u64::from(MAX_SIZE))),
            ("snakes/roll", "die", (1, u64::from(MAX_FACES))),
        ] {
            let (code, body) = post_text(&format!("{}/api/{endpoint}?{name}={encoded}", server()), b"0 0\n");
            prop_assert_eq!(code, 400, "{}", body);
            let range = format!("must be a whole number between {low} and {high}");
            let expected = format!("query string: {name}: {range}, found {}", quote(&text));
            prop_assert_eq!(parse(&body)["error"].as_str().unwrap_or_default().to_string(), expected);
        }
    }
}

#[test]
fn whole_numbers_in_range_still_read() {
    let base = server();
    for (endpoint, body) in [
        ("footholds", json!({ "board": [[1, 1]], "aloc": [0, 0], "bloc": [0, 1] })),
        ("snakes", json!({ "input": "1 1\n2 50\n60 3\n", "size": 100, "seed": u64::MAX, "simulate": null })),
        ("snakes/roll", json!({ "ladders": [[2, 50]], "square": 0, "die": 2 })),
        ("gridgame", json!({ "rows": ["...."], "k": 0, "queries": [[[1, 1]]] })),
        ("gridgame/moves", json!({ "rows": ["...."], "queries": [[[1, 2]]] })),
    ] {
        let (code, answer) = post_json(&format!("{base}/api/{endpoint}"), &body);
        assert_eq!(code, 200, "{endpoint} {body}: {answer}");
    }
    let (code, answer) = post_text(&format!("{base}/api/snakes?size=%2B100&seed=18446744073709551615"), b"0 0\n");
    assert_eq!(code, 200, "{answer}");
}

#[test]
fn a_json_body_must_be_an_object() {
    let base = server();
    let expected = "request JSON: the body must be a JSON object of the endpoint's options, {...}";
    for endpoint in ["footholds", "snakes", "snakes/roll", "gridgame", "gridgame/moves"] {
        for body in [r#"["[[1,1]]\n[0,0]\n[0,1]"]"#, "[]", " null", "\"0 0\"", "5", "true", "", "\u{feff}[{}]"] {
            let (code, answer) = post_json_bytes(&format!("{base}/api/{endpoint}"), body);
            assert_eq!(code, 400, "{endpoint} {body}: {answer}");
            assert_eq!(parse(&answer)["error"], expected, "{endpoint} {body}");
        }
    }
}

#[test]
fn the_input_is_the_body_never_the_query_string() {
    let base = server();
    let footholds = "[[1,1]] [0,0] [0,1]";
    let cases = [
        ("footholds", "input=x", "", "input, board, aloc, bloc", "`table`, `moves`, `line`"),
        ("footholds", "input=x", footholds, "input, board, aloc, bloc", "`table`, `moves`, `line`"),
        ("footholds", "table=true&board=x", footholds, "input, board, aloc, bloc", "`table`, `moves`, `line`"),
        ("snakes", "ladders=x", "0 0\n", "input, ladders, snakes", "`size`, `faces`, `start`, `overshoot`"),
        (
            "snakes/roll",
            "snakes=x&die=1",
            "0 0\n",
            "input, ladders, snakes",
            "`size`, `faces`, `overshoot`, `square`, `die`",
        ),
        ("gridgame", "k=1", "2 2 0\n..\n..\n1\n1 1\n", "input, rows, k, queries", "`remoteness`, `grundy`"),
        ("gridgame/moves", "rows=..", "2 2 0\n..\n..\n1\n1 1\n", "input, rows, k, queries", "`tokens`"),
    ];
    for (endpoint, query, body, position, options) in cases {
        let (code, answer) = post_text(&format!("{base}/api/{endpoint}?{query}"), body.as_bytes());
        assert_eq!(code, 400, "{endpoint}?{query}: {answer}");
        let error = parse(&answer)["error"].as_str().unwrap().to_string();
        let name = query.split('&').find_map(|p| p.split_once('=').map(|(n, _)| n)).unwrap();
        let name = if query.starts_with("table") { "board" } else { name };
        assert!(
            error.starts_with(&format!("query string: `{name}` is not an option: the input goes in the body")),
            "{error}"
        );
        assert!(error.contains(&format!("as JSON ({position}); the options here are {options}")), "{error}");
    }
    // An unknown name lists the options alone.
    let (code, answer) = post_text(&format!("{base}/api/footholds?mapp=true"), footholds.as_bytes());
    assert_eq!(code, 400);
    assert_eq!(
        parse(&answer)["error"],
        "query string: unknown option `mapp`, expected one of `table`, `moves`, `line`"
    );
}

#[test]
fn position_messages_say_what_is_wrong() {
    let base = server();
    let both = "give the position either as input text or as board, aloc and bloc, not both";
    let cases = [
        (
            "footholds",
            r#"{"board": [[1,1]], "aloc": [0,0,0], "bloc": [0,1]}"#,
            "request JSON: aloc: a pair [x, y] has two numbers, found more",
        ),
        (
            "footholds",
            r#"{"board": [[1,1]], "aloc": [0], "bloc": [0,1]}"#,
            "request JSON: aloc: a pair [x, y] has two numbers, found one",
        ),
        (
            "footholds",
            r#"{"board": [[1,1]], "aloc": [], "bloc": [0,1]}"#,
            "request JSON: aloc: a pair [x, y] has two numbers, found none",
        ),
        (
            "footholds",
            r#"{"board": [[1,1]], "aloc": {"x": 0}, "bloc": [0,1]}"#,
            "request JSON: aloc: a pair [x, y] is a list of two numbers, found an object",
        ),
        (
            "snakes",
            r#"{"ladders": [5]}"#,
            "request JSON: ladders[0]: a pair [x, y] is a list of two numbers, found a number",
        ),
        ("footholds", r#"{"input": "[[1]] [0,0] [0,0]", "board": [[1]]}"#, both),
        ("footholds", r#"{"input": "[[1]] [0,0] [0,0]", "bloc": [0, 0]}"#, both),
        (
            "footholds",
            r#"{"board": [[1]], "aloc": [0, 0]}"#,
            "the position as JSON needs board, aloc and bloc together (missing: bloc)",
        ),
        (
            "footholds",
            r#"{"aloc": [0, 0]}"#,
            "the position as JSON needs board, aloc and bloc together (missing: board, bloc)",
        ),
        (
            "gridgame",
            r#"{"input": "2 2 0\n..\n..\n1\n1 1\n", "k": 1}"#,
            "give the board either as input text or as rows, k and queries, not both",
        ),
        (
            "gridgame/moves",
            r#"{"input": "2 2 0\n..\n..\n1\n1 1\n", "queries": [[[1, 1]]]}"#,
            "give the board either as input text or as rows, k and queries, not both",
        ),
        (
            "gridgame",
            r#"{"k": 1, "queries": [[[1, 1]]]}"#,
            "the position as JSON needs the board as rows (with k and queries)",
        ),
    ];
    for (endpoint, body, expected) in cases {
        let (code, answer) = post_json_bytes(&format!("{base}/api/{endpoint}"), body);
        assert_eq!(code, 400, "{endpoint} {body}: {answer}");
        let error = parse(&answer)["error"].as_str().unwrap().to_string();
        let serde_says_where = error.starts_with(&format!("{expected} at line 1 column "));
        assert!(error == expected || serde_says_where, "{endpoint} {body}: {error}");
    }
}

/// POSTs `body` to `path` on the shared server with `content_type` as its Content-Type, or none at all (clients
/// add one of their own); returns the status and the body.
fn post_typed(path: &str, content_type: Option<&str>, body: &[u8]) -> (u16, String) {
    let mut request =
        format!("POST {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: {}\r\n", body.len());
    if let Some(kind) = content_type {
        request.push_str(&format!("Content-Type: {kind}\r\n"));
    }
    let request = [request.as_bytes(), b"\r\n", body].concat();
    let answer = until_closed(raw(server(), &request));
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or_else(|| panic!("no answer: {answer}"));
    let code = head.split(' ').nth(1).and_then(|code| code.parse().ok()).unwrap_or_else(|| panic!("{head}"));
    (code, body.to_string())
}

/// Every endpoint that solves, with an example file of its judge text.
const EXAMPLES: [(&str, &str); 5] = [
    ("/api/footholds", "examples/footholds/holes6x7.grid"),
    ("/api/snakes", "examples/snakes/boj-sample1.txt"),
    ("/api/snakes/roll?die=1", "examples/snakes/boj-sample1.txt"),
    ("/api/gridgame", "examples/gridgame/sample4.txt"),
    ("/api/gridgame/moves", "examples/gridgame/sample4.txt"),
];

#[test]
fn a_form_is_refused_saying_to_send_the_text_as_it_is() {
    const BOUNDARY: &str = "------------------------d74496d66958873e";
    let urlencoded = "application/x-www-form-urlencoded";
    for (path, file) in EXAMPLES {
        let text = std::fs::read(file).unwrap();
        // What `curl -d @file` sends: the file without its line breaks, as a form (a 6×7 grid became one row of 42).
        let stripped: Vec<u8> = text.iter().copied().filter(|&b| b != b'\n' && b != b'\r').collect();
        // What `curl -F input=@file` sends.
        let multipart = [
            format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"input\"; filename=\"{file}\"\r\n\r\n")
                .as_bytes(),
            &text,
            format!("\r\n--{BOUNDARY}--\r\n").as_bytes(),
        ]
        .concat();
        let forms = [
            (urlencoded.to_string(), &stripped, "application/x-www-form-urlencoded, a form, with no line break: "),
            ("Application/X-WWW-Form-URLencoded; charset=utf-8".to_string(), &stripped, "application/x-www-form-"),
            (format!("multipart/form-data; boundary={BOUNDARY}"), &multipart, "'multipart/form-data', a form, "),
        ];
        for (kind, body, named) in forms {
            let (code, answer) = post_typed(path, Some(&kind), body);
            assert_eq!(code, 400, "{path} as {kind}: {answer}");
            let error = parse(&answer)["error"].as_str().unwrap().to_string();
            let says = format!("request: the body's Content-Type is {named}");
            assert!(error.starts_with(&says), "{path} as {kind}: {error}");
            let advice = "send the judge text as it is (curl --data-binary @file), or a JSON object with \
                          Content-Type: application/json";
            assert!(error.ends_with(advice), "{path} as {kind}: {error}");
        }
        // The text itself is read under any other type, or none, and as a URL-encoded form when it keeps its line
        // breaks (what `curl --data-binary @file` sends).
        let kinds = [None, Some("text/plain"), Some("Text/Plain; charset=utf-8"), Some("application/octet-stream")];
        for kind in kinds.into_iter().chain([Some(urlencoded)]) {
            let (code, answer) = post_typed(path, kind, &text);
            assert_eq!(code, 200, "{path} as {kind:?}: {answer}");
            if path == "/api/footholds" {
                assert_eq!(parse(&answer)["answer"], 15, "{answer}");
            }
        }
    }
    // One line of Programmers arrays needs no line break: `curl -d '[[1, 1]] [0, 0] [0, 1]'` is read.
    let (code, answer) = post_typed("/api/footholds", Some(urlencoded), b"[[1, 1]] [0, 0] [0, 1]");
    assert_eq!(code, 200, "{answer}");
    assert_eq!(parse(&answer)["answer"], 1, "{answer}");
}

#[test]
fn json_with_a_byte_order_mark_but_not_its_type_gets_the_hint_to_send_its_type() {
    let body = "\u{feff} {\"input\": \"[[1]] [0,0] [0,0]\"}";
    for (kind, sent) in [(None, "none"), (Some("text/plain"), "'text/plain'")] {
        let (code, answer) = post_typed("/api/footholds", kind, body.as_bytes());
        assert_eq!(code, 400, "{answer}");
        let expected = format!(
            "request: the body is JSON but its Content-Type is {sent}; send it with Content-Type: application/json"
        );
        assert_eq!(parse(&answer)["error"], expected.as_str(), "{answer}");
    }
}

#[test]
fn the_status_takes_no_options_and_refuses_any_in_the_query_string() {
    let base = server();
    for (query, name) in [("x=1", "x"), ("table=true", "table"), ("verbose", "verbose")] {
        let (code, _, answer) = get(&format!("{base}/api/status?{query}"));
        assert_eq!(code, 400, "{query}: {answer}");
        let expected = format!("query string: unknown option `{name}`: /api/status takes no options");
        assert_eq!(parse(&answer)["error"], expected.as_str(), "{answer}");
    }
    for query in ["", "?"] {
        let (code, _, answer) = get(&format!("{base}/api/status{query}"));
        assert_eq!(code, 200, "{query}: {answer}");
        assert!(parse(&answer)["max_solves"].is_u64(), "{answer}");
    }
}
