//! House rule 1, checked by scanning the sources: `rules` (the game clock included) knows nothing of the search,
//! the wasm binding, the browser, threads, clocks or I/O; `search` uses only the public API of `rules`; no
//! two modules import each other. (The search has its own purity check in `search_engine.rs`.)

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

const BANNED: [&str; 12] = [
    "crate::search",
    "crate::wasm",
    "wasm_bindgen",
    "js_sys",
    "web_sys",
    "serde",
    "std::time",
    "std::thread",
    "std::fs",
    "std::io",
    "println!",
    "rand::",
];

#[test]
fn rules_stays_pure() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root.join("rules"), &mut files);
    assert!(files.contains(&root.join("rules").join("clock.rs")));
    assert!(files.len() > 20, "found only {} files", files.len());
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for banned in BANNED {
            assert!(
                !text.contains(banned),
                "{} mentions {banned}",
                path.display()
            );
        }
    }
}

#[test]
fn only_the_wasm_layer_names_wasm_bindgen() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    for path in files {
        if path.starts_with(root.join("wasm")) {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for banned in ["wasm_bindgen", "js_sys", "web_sys"] {
            assert!(
                !text.contains(banned),
                "{} mentions {banned}",
                path.display()
            );
        }
    }
}

// ----- no import cycles inside the binding and the adjudicator ----------------------------------------------

use std::collections::{BTreeMap, BTreeSet};

/// `text` with comments, string and character literals blanked out, so that only code is scanned.
fn code_only(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        let rest = &text[i..];
        if rest.starts_with("//") {
            let end = rest.find('\n').map_or(b.len(), |n| i + n);
            i = end;
        } else if rest.starts_with("/*") {
            let end = rest.find("*/").map_or(b.len(), |n| i + n + 2);
            i = end;
            out.push(' ');
        } else if rest.starts_with("r#\"") || rest.starts_with("r\"") {
            let hashes = rest[1..].bytes().take_while(|&c| c == b'#').count();
            let close = format!("\"{}", "#".repeat(hashes));
            let body = 2 + hashes;
            let end = rest[body..]
                .find(&close)
                .map_or(b.len(), |n| i + body + n + close.len());
            i = end;
            out.push_str("\"\"");
        } else if b[i] == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            i = j + 1;
            out.push_str("\"\"");
        } else if b[i] == b'\''
            && (rest.len() > 2 && (rest.as_bytes()[2] == b'\'' || rest.as_bytes()[1] == b'\\'))
        {
            // a character literal ('a', '\n', '\''); a lifetime ('a) has no closing quote right after
            let end = rest[2..].find('\'').map_or(b.len(), |n| i + 2 + n + 1);
            i = end;
            out.push_str("' '");
        } else {
            let c = rest.chars().next().unwrap();
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

fn ident_at(s: &str) -> &str {
    let end = s
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    &s[..end]
}

/// The first identifiers of the paths after `prefix` (`super::` …): `prefix name` or `prefix{a::b, c}`.
fn names_after(code: &str, prefix: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (at, _) in code.match_indices(prefix) {
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue; // `foo_super::` or `a::super::`
        }
        let rest = code[at + prefix.len()..].trim_start();
        if let Some(group) = rest.strip_prefix('{') {
            // top-level items of the group
            let mut depth = 0;
            let mut item_start = true;
            for (k, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => item_start = true,
                    c if item_start && !c.is_whitespace() => {
                        item_start = false;
                        if depth == 0 {
                            out.push(ident_at(&group[k..]).to_string());
                        }
                    }
                    _ => {}
                }
            }
        } else {
            out.push(ident_at(rest).to_string());
        }
    }
    out.retain(|n| !n.is_empty() && n != "self" && n != "super");
    out
}

/// The import graph of the modules that are files directly in `dir` (`crate_path` is its path in the
/// crate, such as `crate::wasm`): an edge `a -> b` when module `a` names module `b` or an item that `b`
/// defines (items re-exported by `mod.rs` count for the module that defines them). `mod.rs` is the node
/// `mod`; its own re-exports (`pub use child::…`) and `mod` declarations are not imports.
fn module_graph(dir: &Path, crate_path: &str) -> BTreeMap<String, BTreeSet<String>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    files.sort();
    let stem = |p: &Path| p.file_stem().unwrap().to_string_lossy().into_owned();
    let root = code_only(&std::fs::read_to_string(dir.join("mod.rs")).unwrap());
    // `#[path = "x.rs"] mod y;` mounts file x as module y
    let mut alias: BTreeMap<String, String> = BTreeMap::new();
    let raw_root = std::fs::read_to_string(dir.join("mod.rs")).unwrap();
    let lines: Vec<&str> = raw_root.lines().map(str::trim).collect();
    for (k, line) in lines.iter().enumerate() {
        if let Some(file) = line
            .strip_prefix("#[path = \"")
            .and_then(|l| l.strip_suffix(".rs\"]"))
        {
            let module = lines[k + 1..]
                .iter()
                .find_map(|l| l.strip_prefix("mod ").and_then(|m| m.strip_suffix(';')))
                .unwrap();
            alias.insert(file.to_string(), module.to_string());
        }
    }
    let node = |p: &Path| {
        let s = stem(p);
        alias.get(&s).cloned().unwrap_or(s)
    };
    let modules: BTreeSet<String> = files.iter().map(|p| node(p)).collect();
    // items re-exported by mod.rs: `pub use child::{A, B as C}` -> the child defines A and B (named C)
    let mut defined_in: BTreeMap<String, String> = BTreeMap::new();
    for stmt in root.split(';') {
        let stmt = stmt.trim();
        let Some(path) = stmt
            .strip_prefix("pub use ")
            .or_else(|| stmt.strip_prefix("pub(crate) use "))
        else {
            continue;
        };
        let child = ident_at(path).to_string();
        if !modules.contains(&child) {
            continue;
        }
        let items = path[child.len()..].trim_start_matches("::");
        let items = items.trim_start_matches('{').trim_end_matches('}');
        for item in items.split(',') {
            let name = item.split(" as ").last().unwrap().trim();
            let name = name.rsplit("::").next().unwrap().trim();
            if !name.is_empty() {
                defined_in.insert(name.to_string(), child.clone());
            }
        }
    }
    let resolve = |name: &str| -> Option<String> {
        if modules.contains(name) && name != "mod" {
            Some(name.to_string())
        } else {
            defined_in.get(name).cloned().or(Some("mod".to_string()))
        }
    };
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for path in &files {
        let from = node(path);
        let code = code_only(&std::fs::read_to_string(path).unwrap());
        let mut to = BTreeSet::new();
        if from == "mod" {
            // mod.rs names its children by bare paths; its re-exports and `mod` lines are not imports
            let body: String = code
                .split(';')
                .filter(|s| {
                    let s = s.trim_start();
                    !(s.starts_with("pub use ")
                        || s.starts_with("pub(crate) use ")
                        || s.contains("mod "))
                })
                .collect::<Vec<_>>()
                .join(";");
            for m in &modules {
                if m != "mod" && !names_after(&body, &format!("{m}::")).is_empty() {
                    to.insert(m.clone());
                }
            }
        } else {
            let crate_prefix = format!("{crate_path}::");
            for name in names_after(&code, "super::")
                .into_iter()
                .chain(names_after(&code, &crate_prefix))
            {
                to.extend(resolve(&name));
            }
        }
        to.remove(&from);
        graph.insert(from, to);
    }
    graph
}

/// A cycle of `graph`, as the list of its modules, if there is one.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        n: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(n.to_string(), 1);
        stack.push(n.to_string());
        for m in graph.get(n).into_iter().flatten() {
            match state.get(m.as_str()).copied().unwrap_or(0) {
                1 => {
                    let k = stack.iter().position(|s| s == m).unwrap();
                    let mut cycle = stack[k..].to_vec();
                    cycle.push(m.clone());
                    return Some(cycle);
                }
                0 => {
                    if let Some(c) = visit(m, graph, state, stack) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(n.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for n in graph.keys() {
        if state.get(n.as_str()).copied().unwrap_or(0) == 0 {
            if let Some(c) = visit(n, graph, &mut state, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

#[test]
fn no_import_cycles_in_the_binding_or_the_adjudicator() {
    // The scanner and the cycle finder work (so that this test can fail).
    let code = code_only("use super::{a::{B, c::D}, e, F as G}; // super::comment\nlet s = \"super::string\"; super::h::i(); x_super::j;");
    assert_eq!(names_after(&code, "super::"), ["a", "e", "F", "h"]);
    let looped: BTreeMap<String, BTreeSet<String>> = [("a", "b"), ("b", "c"), ("c", "a")]
        .into_iter()
        .map(|(x, y)| (x.to_string(), BTreeSet::from([y.to_string()])))
        .collect();
    assert_eq!(find_cycle(&looped).unwrap().len(), 4);

    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let wasm = module_graph(&src.join("wasm"), "crate::wasm");
    assert!(wasm.len() >= 9, "{wasm:?}");
    for (from, to) in [
        ("game", "notation"),
        ("engine", "game"),
        ("errors", "dto"),
        ("game_notation", "game"),
    ] {
        assert!(wasm[from].contains(to), "{from} -> {to} not seen: {wasm:?}");
    }
    // `iccs_only.rs` is mounted as `notation` (builds without the notation feature).
    assert!(!wasm.contains_key("iccs_only"));
    if let Some(cycle) = find_cycle(&wasm) {
        panic!("src/wasm modules import each other: {}", cycle.join(" -> "));
    }

    let adjudication = module_graph(
        &src.join("rules").join("adjudication"),
        "crate::rules::adjudication",
    );
    for (from, to) in [
        ("explain", "outcome"),
        ("explain", "repetition"),
        ("repetition", "classify"),
        ("repetition", "verdict"),
    ] {
        assert!(
            adjudication[from].contains(to),
            "{from} -> {to} not seen: {adjudication:?}"
        );
    }
    if let Some(cycle) = find_cycle(&adjudication) {
        panic!(
            "rules/adjudication modules import each other: {}",
            cycle.join(" -> ")
        );
    }
}

mod layering_graph;

use layering_graph::{cycles, import_graph, inline_paths, name, use_paths, Crate};

/// Every item of `rules` is either public or visible inside `rules` only (`pub(in crate::rules)`, `pub(super)`
/// or private) — never `pub(crate)`. So the compiler itself keeps `search`, `wasm` and the rest of the crate
/// to the public API of `rules`, methods included, exactly as an outside client.
#[test]
fn rules_internals_are_invisible_outside_rules() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root.join("rules"), &mut files);
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for (i, line) in text.lines().enumerate() {
            assert!(
                !line.contains("pub(crate)"),
                "{}:{}: `pub(crate)` lets the rest of the crate reach into rules; use `pub(in crate::rules)` \
                 (or make the item part of the public API): {line}",
                path.display(),
                i + 1
            );
        }
    }
}

/// `search` names only public items of `rules`: every `crate::rules::…` / `super::…` path in its sources,
/// in `use` trees and inline, resolves (through `pub use` re-exports) to a public item along public
/// modules. (`rules_internals_are_invisible_outside_rules` makes the compiler check the same for methods.)
#[test]
fn search_uses_only_the_public_api_of_rules() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let krate = Crate::new(&src);
    let s = |p: &str| -> Vec<String> { p.split("::").map(String::from).collect() };
    let search = s("search");
    // The checker itself: a private module is refused, its public re-export accepted.
    assert_eq!(
        krate
            .resolve(&search, &s("crate::rules::board::Board"))
            .map(|r| r.1),
        Some(false)
    );
    assert_eq!(
        krate
            .resolve(&search, &s("crate::rules::Board"))
            .map(|r| r.1),
        Some(true)
    );
    assert_eq!(
        krate
            .resolve(&search, &s("crate::rules::Board"))
            .map(|r| r.0),
        Some(s("rules::board"))
    );
    assert_eq!(
        krate
            .resolve(&search, &s("crate::rules::attacks::HORSE_STEPS"))
            .map(|r| r.1),
        Some(true)
    );
    let mut checked = 0;
    for m in krate
        .modules()
        .into_iter()
        .filter(|m| m.first() == Some(&search[0]))
    {
        let text = krate.text(&m).unwrap();
        let mut paths: Vec<Vec<String>> =
            use_paths(&text).into_iter().map(|p| p.segments).collect();
        paths.extend(inline_paths(&text));
        for segs in paths {
            let Some((target, public)) = krate.resolve(&m, &segs) else {
                continue;
            };
            if target.first().map(String::as_str) != Some("rules") {
                continue;
            }
            checked += 1;
            assert!(
                public,
                "{} names {} — not part of the public API of rules",
                name(&m),
                segs.join("::")
            );
        }
    }
    assert!(
        checked > 20,
        "only {checked} paths into rules found: is the scan broken?"
    );
}

/// No two modules import each other, directly or round a longer loop: the import graph of the library (a
/// module depends on the module that defines each item it names) has no cycle.
#[test]
fn no_two_modules_import_each_other() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let krate = Crate::new(&src);
    let graph = import_graph(&krate);
    // The scan sees real edges.
    let s = |p: &str| -> Vec<String> { p.split("::").map(String::from).collect() };
    assert!(graph[&s("search::engine")].contains(&s("rules::game")));
    assert!(graph[&s("rules::position")].contains(&s("rules::board")));
    let found: Vec<String> = cycles(&graph)
        .iter()
        .map(|c| c.iter().map(|m| name(m)).collect::<Vec<_>>().join(" <-> "))
        .collect();
    assert!(
        found.is_empty(),
        "modules that import each other: {found:#?}"
    );
}

/// Every file (any extension) under `dir`, recursively.
fn all_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            all_files(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// The section numbers (`6.3`, `6.3.4`, …) of the headings of `docs/rules.md` whose text starts with `§`.
fn rules_doc_sections(doc: &str) -> Vec<String> {
    doc.lines()
        .filter_map(|line| {
            let text = line.strip_prefix('#')?.trim_start_matches('#').trim_start();
            let rest = text.strip_prefix('§')?;
            let number: String = rest
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            let number = number.trim_end_matches('.');
            (!number.is_empty()).then(|| number.to_string())
        })
        .collect()
}

/// The section numbers cited as `docs/rules.md §X` in `text`: the first `§X` after the path (across a line
/// break and comment markers), and any further `§Y` joined to it by a range or a list (`§4–§7`, `§1.6, §1.8`,
/// `§6.3 / §6.5`). A subsection suffix such as `§6.6(4)` cites `6.6`.
fn rules_doc_citations(text: &str) -> Vec<String> {
    const PATH: &str = "docs/rules.md";
    let mut out = Vec::new();
    for (at, _) in text.match_indices(PATH) {
        let mut rest = text[at + PATH.len()..].trim_start_matches(|c: char| {
            c.is_whitespace() || matches!(c, '`' | '/' | '!' | '*' | ']' | ')')
        });
        // The path itself may be the thing named (a link, "follows docs/rules.md instead"): not a citation.
        while let Some(after) = rest.strip_prefix('§') {
            let number: String = after
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            let number = number.trim_end_matches('.');
            assert!(
                !number.is_empty(),
                "a `{PATH} §` citation without a section number: {:?}",
                &rest[..rest.len().min(40)]
            );
            out.push(number.to_string());
            rest = after[number.len()..]
                .trim_start_matches(|c: char| c == '(' || c == ')' || c.is_ascii_digit())
                .trim_start_matches([' ', ',', '–', '-', '/']);
        }
    }
    out
}

/// The repo stands alone: code, tests and docs cite the rules as `docs/rules.md §X` (and the original texts by
/// name and article), never the project's internal spec or the shared folder it came from; and every section
/// cited exists as a heading of `docs/rules.md`.
#[test]
fn rules_citations_point_into_the_repo() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    all_files(&root.join("src"), &mut files);
    all_files(&root.join("docs"), &mut files);
    rust_files(&root.join("tests"), &mut files);
    files.push(root.join("tests/data/README.md"));
    files.push(root.join("README.md"));
    // Spelled in pieces so that this file does not match itself.
    let banned = [
        ["RULES", ".md"].concat(),
        ["..", "/shared"].concat(),
        ["rulings", ".md"].concat(),
    ];
    // The folder of original rule texts beside the internal spec; the fuzz corpora's own folder of that
    // name (under fuzz/) is this repository's.
    let seeds = ["seeds", "/"].concat();
    let doc = std::fs::read_to_string(root.join("docs/rules.md")).unwrap();
    let sections = rules_doc_sections(&doc);
    for top in 0..=11 {
        assert!(
            sections.contains(&top.to_string()),
            "docs/rules.md has no heading \"§{top} …\" (found {sections:?})"
        );
    }
    let mut cited_in_src = 0;
    for path in &files {
        let text = String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
        let outside_fuzz = text
            .match_indices(seeds.as_str())
            .any(|(i, _)| !text[..i].ends_with("fuzz/"));
        assert!(!outside_fuzz, "{} mentions {seeds}", path.display());
        for b in &banned {
            assert!(
                !text.contains(b.as_str()),
                "{} mentions {b}",
                path.display()
            );
        }
        if path.ends_with("tests/layering.rs") {
            continue; // this file names the citation form in its own docs and messages
        }
        for number in rules_doc_citations(&text) {
            assert!(
                sections.contains(&number),
                "{} cites docs/rules.md §{number}, which is not a heading of docs/rules.md",
                path.display()
            );
            if path.starts_with(root.join("src")) {
                cited_in_src += 1;
            }
        }
    }
    assert!(
        cited_in_src > 50,
        "only {cited_in_src} citations found in src/"
    );
}

#[test]
fn rules_citation_parser() {
    let text = "see docs/rules.md §5.4–§5.6, §7) and docs/rules.md §6.6(4)); docs/rules.md\n    /// §3.4).\n\
                [docs/rules.md](rules.md) §4–§7; follows docs/rules.md instead; docs/rules.md §6.3 condition 1";
    assert_eq!(
        rules_doc_citations(text),
        ["5.4", "5.6", "7", "6.6", "3.4", "6.3"]
    );
    let doc =
        "# Title\n## §6 Classifying\n### §6.3 Chase (捉 zhuō)\n#### §6.3.4 Newness\ntext §9\n";
    assert_eq!(rules_doc_sections(doc), ["6", "6.3", "6.3.4"]);
}
