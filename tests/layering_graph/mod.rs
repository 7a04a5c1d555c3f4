//! A small reader of the crate's module structure for `tests/layering.rs`: which file is which module,
//! the `use` trees and `crate::` / `super::` paths each file names, what a path resolves to (following
//! `pub use` re-exports to the module that defines the item), and whether it is public along the way.
//!
//! It reads source text, not the compiler's view: comments and `#[cfg(test)] mod tests` blocks (at the end
//! of a file, as in this crate) are left out; `#[path]` and inline modules other than test modules are not
//! followed (the crate has none under `src/` outside `src/bin`).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

/// A module as its path from the crate root (`["rules", "adjudication", "explain"]`; the root is `[]`).
pub type Module = Vec<String>;

/// The display name of a module: `crate::rules::board`.
pub fn name(m: &[String]) -> String {
    let mut s = "crate".to_string();
    for seg in m {
        s.push_str("::");
        s.push_str(seg);
    }
    s
}

/// One path named by a file: its segments (after `crate::` / `super::` resolution to an absolute module
/// path is done by [`Crate::resolve`]) and whether it came from a `pub use` (a re-export).
#[derive(Clone, Debug)]
pub struct NamedPath {
    /// The segments as written, e.g. `["super", "Board"]` or `["crate", "rules", "attacks", "HORSE_STEPS"]`.
    pub segments: Vec<String>,
    /// The name it is known by in the importing module (the last segment, or the `as` alias).
    pub alias: String,
    /// Whether it is a `pub use` (any `pub(...)` included).
    pub reexport: bool,
    /// Whether the leaf is public (`pub use` without a restriction).
    pub public_reexport: bool,
}

/// The crate's `src/` directory, read on demand.
pub struct Crate {
    src: PathBuf,
    cache: std::cell::RefCell<HashMap<Module, Option<String>>>,
}

impl Crate {
    /// The library under `src`.
    pub fn new(src: &Path) -> Crate {
        Crate {
            src: src.to_path_buf(),
            cache: Default::default(),
        }
    }

    /// The file of module `m`, if it is a file module.
    pub fn file(&self, m: &[String]) -> Option<PathBuf> {
        if m.is_empty() {
            return Some(self.src.join("lib.rs"));
        }
        let mut dir = self.src.clone();
        for seg in &m[..m.len() - 1] {
            dir = dir.join(seg);
        }
        let last = &m[m.len() - 1];
        let flat = dir.join(format!("{last}.rs"));
        if flat.is_file() {
            return Some(flat);
        }
        let nested = dir.join(last).join("mod.rs");
        nested.is_file().then_some(nested)
    }

    /// The source of module `m` without comments and trailing test modules.
    pub fn text(&self, m: &[String]) -> Option<String> {
        if let Some(t) = self.cache.borrow().get(m) {
            return t.clone();
        }
        let t = self
            .file(m)
            .map(|f| clean(&std::fs::read_to_string(f).unwrap()));
        self.cache.borrow_mut().insert(m.to_vec(), t.clone());
        t
    }

    /// Every file module of the library (everything under `src/` except `src/bin`).
    pub fn modules(&self) -> Vec<Module> {
        let mut out = Vec::new();
        walk(&self.src, &self.src, &mut out);
        out.sort();
        out
    }

    /// Whether `m` declares a child module `child`, and whether that declaration is `pub`.
    pub fn child(&self, m: &[String], child: &str) -> Option<bool> {
        let mut c = m.to_vec();
        c.push(child.to_string());
        self.file(&c)?;
        let text = self.text(m)?;
        for line in text.lines() {
            let l = line.trim();
            if let Some(rest) = l.strip_suffix(';') {
                let words: Vec<&str> = rest.split_whitespace().collect();
                if words.last() == Some(&child) && words.iter().rev().nth(1) == Some(&"mod") {
                    return Some(words[0] == "pub");
                }
            }
        }
        None
    }

    /// Resolves the paths of `named` (as written in module `from`) to the module that defines what they
    /// name. Returns the module and whether every step was public (`pub mod`, `pub use`, `pub` item).
    pub fn resolve(&self, from: &[String], segments: &[String]) -> Option<(Module, bool)> {
        let mut depth = 0;
        self.resolve_in(from, segments, &mut depth)
    }

    fn resolve_in(
        &self,
        from: &[String],
        segments: &[String],
        depth: &mut u32,
    ) -> Option<(Module, bool)> {
        *depth += 1;
        if *depth > 32 {
            return None;
        }
        let mut cur: Module;
        let mut rest: &[String] = segments;
        match segments.first().map(String::as_str) {
            Some("crate") => {
                cur = Vec::new();
                rest = &segments[1..];
            }
            Some("super") => {
                cur = from.to_vec();
                while rest.first().map(String::as_str) == Some("super") {
                    cur.pop();
                    rest = &rest[1..];
                }
            }
            Some("self") => {
                cur = from.to_vec();
                rest = &segments[1..];
            }
            Some(first) if self.child(from, first).is_some() => cur = from.to_vec(),
            _ => return None, // an external crate (core, std, ...) or a local item
        }
        let mut public = true;
        while let Some(seg) = rest.first() {
            if seg == "self" {
                rest = &rest[1..];
                continue;
            }
            if let Some(is_pub) = self.child(&cur, seg) {
                public &= is_pub;
                cur.push(seg.clone());
                rest = &rest[1..];
                continue;
            }
            // An item of `cur`: defined there, or re-exported by a `use` in it.
            let text = self.text(&cur)?;
            for p in use_paths(&text) {
                if p.alias == *seg {
                    if let Some((m, _)) = self.resolve_in(&cur, &p.segments, depth) {
                        // A `pub use` makes the item public whatever the privacy of the module it comes
                        // from (the compiler refuses a `pub use` of a less visible item).
                        return Some((m, public && p.public_reexport));
                    }
                }
            }
            return Some((cur, public && defines_pub(&text, seg)));
        }
        Some((cur, public))
    }
}

fn walk(root: &Path, dir: &Path, out: &mut Vec<Module>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let rel: Vec<String> = path
            .strip_prefix(root)
            .unwrap()
            .iter()
            .map(|s| s.to_string_lossy().into_owned())
            .collect();
        if rel.first().map(String::as_str) == Some("bin") {
            continue;
        }
        if path.is_dir() {
            walk(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let mut m = rel;
            let last = m.pop().unwrap();
            if (last == "lib.rs" && m.is_empty()) || last == "mod.rs" {
                out.push(m);
            } else {
                m.push(last.trim_end_matches(".rs").to_string());
                out.push(m);
            }
        }
    }
}

/// Whether `text` defines `name` as a `pub` item (not `pub(...)`).
fn defines_pub(text: &str, name: &str) -> bool {
    const KINDS: [&str; 9] = [
        "fn", "struct", "enum", "trait", "type", "const", "static", "mod", "union",
    ];
    text.lines().any(|line| {
        let words: Vec<&str> = line
            .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '(' || c == ')'))
            .filter(|w| !w.is_empty())
            .collect();
        words.windows(3).any(|w| {
            w[0] == "pub"
                && KINDS.contains(&w[1])
                && (w[2] == name || w[2].starts_with(&format!("{name}(")))
        }) || words.windows(4).any(|w| {
            w[0] == "pub" && w[1] == "const" && w[2] == "fn" && w[3].trim_end_matches('(') == name
        })
    })
}

/// The text without `//` comments, string contents and trailing `#[cfg(test)] mod` blocks.
pub fn clean(text: &str) -> String {
    let cut = text.find("#[cfg(test)]\nmod ").unwrap_or(text.len());
    let text = &text[..cut];
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut in_str = false;
    while let Some(c) = chars.next() {
        if in_str {
            if c == '\\' {
                chars.next();
            } else if c == '"' {
                in_str = false;
                out.push('"');
            } else if c == '\n' {
                out.push('\n');
            }
            continue;
        }
        match c {
            '"' => {
                in_str = true;
                out.push('"');
            }
            '\'' => {
                // A char literal ('x', '\n', '"') or a lifetime ('a): copy a lifetime, skip a literal.
                let rest: String = chars.clone().take(3).collect();
                let r: Vec<char> = rest.chars().collect();
                if r.first() == Some(&'\\') {
                    for c in chars.by_ref() {
                        if c == '\'' {
                            break;
                        }
                    }
                } else if r.get(1) == Some(&'\'') {
                    chars.next();
                    chars.next();
                } else {
                    out.push(c);
                }
            }
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// Every leaf of every `use` tree in `text` (already [`clean`]ed).
pub fn use_paths(text: &str) -> Vec<NamedPath> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while let Some(pos) = text[i..].find("use ") {
        let at = i + pos;
        i = at + 4;
        let boundary = at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_');
        if !boundary {
            continue;
        }
        // What precedes `use` on its line: nothing, or a visibility.
        let line_start = text[..at].rfind('\n').map_or(0, |p| p + 1);
        let before = text[line_start..at].trim();
        let vis = if before.is_empty() {
            ""
        } else if before.starts_with("pub") {
            before
        } else {
            continue;
        };
        let Some(end) = text[i..].find(';') else {
            break;
        };
        let tree = squeeze(&text[i..i + end]);
        i += end;
        let mut leaves = Vec::new();
        parse_tree(&tree, Vec::new(), &mut leaves);
        for (segments, alias) in leaves {
            out.push(NamedPath {
                segments,
                alias,
                reexport: !vis.is_empty(),
                public_reexport: vis == "pub",
            });
        }
    }
    out
}

/// The tree with single spaces, and none around `::`, braces and commas (`a::{b, c as d}` reads
/// `a::{b,c as d}`).
fn squeeze(tree: &str) -> String {
    let mut s = tree.split_whitespace().collect::<Vec<_>>().join(" ");
    for t in ["::", "{", "}", ","] {
        s = s.replace(&format!(" {t}"), t).replace(&format!("{t} "), t);
    }
    s
}

/// Parses a squeezed use tree (`a::b::{c,d::{e,f as g}}`) into (segments, alias) leaves.
fn parse_tree(tree: &str, prefix: Vec<String>, out: &mut Vec<(Vec<String>, String)>) {
    if let Some(open) = tree.find('{') {
        let head = &tree[..open];
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let mut p = prefix;
        p.extend(head.split("::").filter(|s| !s.is_empty()).map(String::from));
        let mut level = 0;
        let mut start = 0;
        for (k, c) in inner.char_indices() {
            match c {
                '{' => level += 1,
                '}' => level -= 1,
                ',' if level == 0 => {
                    parse_tree(&inner[start..k], p.clone(), out);
                    start = k + 1;
                }
                _ => {}
            }
        }
        parse_tree(&inner[start..], p, out);
        return;
    }
    let tree = tree.trim();
    if tree.is_empty() || tree == "*" || tree.ends_with("::*") {
        return;
    }
    let (path, alias) = match tree.split_once(" as ") {
        Some((p, a)) => (p.trim(), a.trim().to_string()),
        None => (tree.trim(), String::new()),
    };
    let mut segs = prefix;
    segs.extend(path.split("::").filter(|s| !s.is_empty()).map(String::from));
    if segs.len() > 1 && segs.last().map(String::as_str) == Some("self") {
        segs.pop();
    }
    let alias = if alias.is_empty() {
        segs.last().cloned().unwrap_or_default()
    } else {
        alias
    };
    out.push((segs, alias));
}

/// The `crate::` and `super::` paths named outside `use` statements (inline paths in code).
pub fn inline_paths(text: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    // Drop the use statements: their paths are read by `use_paths`.
    let mut code = String::new();
    let mut rest = text;
    while let Some(pos) = rest.find("use ") {
        let at = pos;
        let boundary = at == 0 || {
            let b = rest.as_bytes()[at - 1];
            !(b.is_ascii_alphanumeric() || b == b'_')
        };
        let line_start = rest[..at].rfind('\n').map_or(0, |p| p + 1);
        let before = rest[line_start..at].trim();
        if boundary && (before.is_empty() || before.starts_with("pub")) {
            code.push_str(&rest[..line_start]);
            match rest[at..].find(';') {
                Some(end) => rest = &rest[at + end + 1..],
                None => rest = "",
            }
        } else {
            code.push_str(&rest[..at + 4]);
            rest = &rest[at + 4..];
        }
    }
    code.push_str(rest);
    let b = code.as_bytes();
    for start in ["crate::", "super::"] {
        let mut i = 0;
        while let Some(p) = code[i..].find(start) {
            let at = i + p;
            i = at + start.len();
            if at > 0
                && (b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'_' || b[at - 1] == b':')
            {
                continue;
            }
            let mut segs = vec![start.trim_end_matches("::").to_string()];
            let mut j = i;
            loop {
                let len = code[j..]
                    .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .unwrap_or(code.len() - j);
                if len == 0 {
                    break;
                }
                segs.push(code[j..j + len].to_string());
                j += len;
                if code[j..].starts_with("::") {
                    j += 2;
                } else {
                    break;
                }
            }
            out.push(segs);
        }
    }
    out
}

/// The import graph: for each module, the modules whose items it names (re-exports followed to the
/// defining module; `pub use` lines themselves are not dependencies of the re-exporting module).
pub fn import_graph(krate: &Crate) -> BTreeMap<Module, BTreeSet<Module>> {
    let mut graph = BTreeMap::new();
    for m in krate.modules() {
        let text = krate.text(&m).unwrap_or_default();
        let mut deps = BTreeSet::new();
        let mut add = |segs: &[String]| {
            if let Some((target, _)) = krate.resolve(&m, segs) {
                if target != m {
                    deps.insert(target);
                }
            }
        };
        for p in use_paths(&text) {
            if !p.reexport {
                add(&p.segments);
            }
        }
        for segs in inline_paths(&text) {
            add(&segs);
        }
        graph.insert(m, deps);
    }
    graph
}

/// The strongly connected components of `graph` with more than one module (Tarjan), each sorted.
pub fn cycles(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    struct State<'a> {
        graph: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: HashMap<&'a Module, usize>,
        low: HashMap<&'a Module, usize>,
        stack: Vec<&'a Module>,
        on_stack: BTreeSet<&'a Module>,
        next: usize,
        out: Vec<Vec<Module>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a Module) {
        s.index.insert(v, s.next);
        s.low.insert(v, s.next);
        s.next += 1;
        s.stack.push(v);
        s.on_stack.insert(v);
        if let Some(ws) = s.graph.get(v) {
            for w in ws {
                let Some((w, _)) = s.graph.get_key_value(w) else {
                    continue;
                };
                if !s.index.contains_key(w) {
                    visit(s, w);
                    let lw = s.low[w];
                    let lv = s.low.get_mut(v).unwrap();
                    *lv = (*lv).min(lw);
                } else if s.on_stack.contains(w) {
                    let iw = s.index[w];
                    let lv = s.low.get_mut(v).unwrap();
                    *lv = (*lv).min(iw);
                }
            }
        }
        if s.low[v] == s.index[v] {
            let mut comp = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                comp.push(w.clone());
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                s.out.push(comp);
            }
        }
    }
    let mut s = State {
        graph,
        index: HashMap::new(),
        low: HashMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        next: 0,
        out: Vec::new(),
    };
    for v in graph.keys() {
        if !s.index.contains_key(v) {
            visit(&mut s, v);
        }
    }
    s.out.sort();
    s.out
}
