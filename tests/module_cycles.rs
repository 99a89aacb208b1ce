//! No module of the crate imports, directly or through others, a module that
//! imports it back (issue 43): a cycle makes neither side readable on its own.
//! And the parts of `src/` are layered (issue 51): each part, a folder of the
//! top level, uses only the parts below it in [`PARTS`], and a game's
//! modules use no other game's, so that the tree reads as the architecture.
//!
//! How the test reads the source (std only, a small lexer, no parser crate):
//!
//! - Every `.rs` file under `src/` is a module: `src/a/b.rs` and
//!   `src/a/b/mod.rs` are `a::b`. `lib.rs` and `main.rs` are the crate root,
//!   which is exempt: it declares every module and re-exports for users, and
//!   is never a node of a cycle. A path through the root's re-exports
//!   (`crate::check_game`) is followed to the module re-exported
//!   (`oracle`), so the root cannot hide a cycle either.
//! - A module imports another when its code names it by a path: a `use`
//!   (any tree: `use crate::a::{b, c::*}`, `use super::*`, `pub use`), or a
//!   path in code beginning with `crate::`, `$crate::`, `super::`, `self::`
//!   or the name of one of its own child modules (`check::run(..)` in a
//!   `mod.rs`). `super::` is resolved relative to the inline module it is
//!   written in, so `use super::*` in a file's `mod tests` names the file
//!   itself. A path names the deepest module that exists as a file:
//!   `crate::games::door::Settled` imports `door`, `crate::games::door::state::Settled`
//!   imports `door::state`.
//! - A `mod child;` declaration is not an import: it says where the child
//!   is, not that the parent uses it. A re-export (`pub use child::X`) is an
//!   import of the child, as is calling into it. So a child that uses its
//!   parent's items (`super::X`) while the parent re-exports or calls the
//!   child is a cycle; the way out is a module of its own for what both use
//!   (the game's `state.rs`).
//! - Test modules (`#[cfg(test)] mod tests { .. }`, `pub(super)` or not) are left out: nothing
//!   outside a test module uses it, so what it imports (the oracle, a
//!   game's module to play a case) is no dependency of its file's module.
//! - A module naming itself is not a cycle. Comments, doc links and string
//!   literals are not code.
//! - The imports in [`ALLOWED`] are left out, each with its reason: the
//!   cycles not untangled yet. On failure the test names each cycle and
//!   every import on one.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Imports left in place, each (importer, imported, why): the test reads
/// the crate as if they were not there. Each is a cycle not untangled in
/// issue 43's time; each entry is to go, not to grow.
const ALLOWED: &[(&str, &str, &str)] = &[];

/// The parts of `src/`, lowest first, each with what it is: a part may use
/// the parts before it and none after it. The crate root (`lib.rs`,
/// `main.rs`) declares them all and is no part. Each part's `mod.rs` says
/// the same in its line `//! May use: ...`, which a test holds to this list.
const PARTS: &[(&str, &str)] = &[
    ("process", "the machinery of any command-line tool"),
    ("kit", "the pieces games are built from"),
    ("game", "the game contract"),
    ("check", "checking one game"),
    ("games", "the registry and the games"),
    ("runs", "what runs many games"),
    ("cli", "the command line"),
];

/// The part that holds the games, one folder each, which share nothing
/// but the registry (its `mod.rs`).
const GAMES: &str = "games";

/// The most entries the top level of `src/` holds beside `lib.rs` and
/// `main.rs`: a newcomer reads the architecture off it at a glance.
const MOST_TOP_LEVEL_ENTRIES: usize = 10;

type Module = Vec<String>;

fn show(module: &[String]) -> String {
    if module.is_empty() {
        "crate".to_string()
    } else {
        module.join("::")
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir).expect("src/ is readable").map(|e| e.unwrap().path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn module_of(src: &Path, file: &Path) -> Module {
    let relative = file.strip_prefix(src).unwrap();
    let mut parts: Vec<String> = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    let at_root = parts.is_empty() && (stem == "lib" || stem == "main");
    if stem != "mod" && !at_root {
        parts.push(stem.to_string());
    }
    parts
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Word(String),
    Punct(&'static str),
}

/// Words and the punctuation the paths need; comments, strings and
/// characters dropped.
fn tokens(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == 'r' && (at(i + 1) == '"' || (at(i + 1) == '#' && matches!(at(i + 2), '"' | '#'))) {
            // A raw string: r"..", r#".."#.
            let mut j = i + 1;
            let mut hashes = 0;
            while at(j) == '#' {
                hashes += 1;
                j += 1;
            }
            j += 1;
            loop {
                if j >= chars.len() {
                    break;
                }
                if chars[j] == '"' && (0..hashes).all(|k| at(j + 1 + k) == '#') {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            i = j;
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c == '\'' {
            // A character literal ('x', '\n', '\'') or a lifetime ('a).
            if at(i + 1) == '\\' {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                i += 1;
            }
        } else if c.is_alphanumeric() || c == '_' || c == '$' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_' || chars[i] == '$') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            // A byte string b"..": the b is no word.
            if !(word == "b" && at(i) == '"') {
                out.push(Token::Word(word.trim_start_matches("r#").to_string()));
            }
        } else if c == ':' && at(i + 1) == ':' {
            out.push(Token::Punct("::"));
            i += 2;
        } else {
            let punct = match c {
                '{' => Some("{"),
                '}' => Some("}"),
                ',' => Some(","),
                ';' => Some(";"),
                '*' => Some("*"),
                _ => None,
            };
            out.extend(punct.map(Token::Punct));
            i += 1;
        }
    }
    out
}

/// `tokens` without the inline test modules (`#[cfg(test)] mod NAME { .. }`,
/// which the lexer sees as `cfg test mod NAME {`): no code outside a test
/// module uses it, so what it imports is no dependency of its file's module.
fn without_tests(tokens: Vec<Token>) -> Vec<Token> {
    let mut kept = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        // A test module other test modules take helpers from is `pub`, or
        // `pub(super)`: its visibility, which the lexer sees as `pub super`
        // or `pub in crate :: a`, stands between `test` and `mod`.
        let mut at_mod = i + 2;
        if word(&tokens, at_mod) == Some("pub") {
            at_mod += 1;
            if matches!(word(&tokens, at_mod), Some("crate" | "super" | "self" | "in")) {
                while word(&tokens, at_mod).is_some_and(|w| w != "mod") || punct(&tokens, at_mod, "::") {
                    at_mod += 1;
                }
            }
        }
        let test_module = word(&tokens, i) == Some("cfg")
            && word(&tokens, i + 1) == Some("test")
            && word(&tokens, at_mod) == Some("mod")
            && punct(&tokens, at_mod + 2, "{");
        if !test_module {
            kept.push(tokens[i].clone());
            i += 1;
            continue;
        }
        let mut depth = 0;
        i = at_mod + 2;
        while i < tokens.len() {
            depth += usize::from(punct(&tokens, i, "{"));
            if punct(&tokens, i, "}") {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            i += 1;
        }
        i += 1;
    }
    kept
}

fn word(tokens: &[Token], i: usize) -> Option<&str> {
    match tokens.get(i) {
        Some(Token::Word(w)) => Some(w),
        _ => None,
    }
}

fn punct(tokens: &[Token], i: usize, p: &str) -> bool {
    tokens.get(i)
        == Some(&Token::Punct(match p {
            "::" => "::",
            "{" => "{",
            "}" => "}",
            "," => ",",
            ";" => ";",
            _ => "*",
        }))
}

/// The paths of a use tree starting at `i`, each as its words (`*` and
/// `self` dropped: they name the prefix) and the name it is known by;
/// returns the index after the tree.
fn use_tree(tokens: &[Token], mut i: usize, prefix: &[String], out: &mut Vec<(Vec<String>, Option<String>)>) -> usize {
    let mut path = prefix.to_vec();
    loop {
        if punct(tokens, i, "{") {
            i += 1;
            while !punct(tokens, i, "}") && i < tokens.len() {
                i = use_tree(tokens, i, &path, out);
                if punct(tokens, i, ",") {
                    i += 1;
                }
            }
            return i + 1;
        }
        if punct(tokens, i, "*") {
            out.push((path, None));
            return i + 1;
        }
        match word(tokens, i) {
            Some("self") if !path.is_empty() => {
                let name = path.last().cloned();
                out.push((path, name));
                return i + 1;
            }
            Some(w) => {
                path.push(w.to_string());
                i += 1;
            }
            None => return i,
        }
        if punct(tokens, i, "::") {
            i += 1;
            continue;
        }
        let mut name = path.last().cloned();
        if word(tokens, i) == Some("as") {
            name = word(tokens, i + 1).map(str::to_string);
            i += 2;
        }
        out.push((path, name));
        return i;
    }
}

/// Every path a file names, each with the (inline) module it is written in.
struct Named {
    /// (where it is written, the path's words, the name a `use` gives it)
    paths: Vec<(Module, Vec<String>, Option<String>)>,
}

fn named_paths(file_module: &Module, tokens: &[Token], children: &BTreeSet<String>) -> Named {
    let mut paths = Vec::new();
    // The inline modules open at each brace depth: (depth, name).
    let mut inline: Vec<(usize, String)> = Vec::new();
    let mut depth = 0usize;
    let here = |inline: &Vec<(usize, String)>| {
        let mut m = file_module.clone();
        m.extend(inline.iter().map(|(_, n)| n.clone()));
        m
    };
    let mut i = 0;
    while i < tokens.len() {
        if punct(tokens, i, "{") {
            depth += 1;
        } else if punct(tokens, i, "}") {
            depth = depth.saturating_sub(1);
            while inline.last().is_some_and(|(d, _)| *d > depth) {
                inline.pop();
            }
        }
        match word(tokens, i) {
            Some("mod") if punct(tokens, i + 2, "{") => {
                if let Some(name) = word(tokens, i + 1) {
                    inline.push((depth + 1, name.to_string()));
                }
                depth += 1;
                i += 3;
                continue;
            }
            Some("use") if i == 0 || !punct(tokens, i - 1, "::") => {
                let mut tree = Vec::new();
                let next = use_tree(tokens, i + 1, &[], &mut tree);
                let module = here(&inline);
                paths.extend(tree.into_iter().map(|(p, n)| (module.clone(), p, n)));
                i = next.max(i + 1);
                continue;
            }
            Some(first) if punct(tokens, i + 1, "::") && (i == 0 || !punct(tokens, i - 1, "::")) => {
                let starts_a_path = matches!(first, "crate" | "$crate" | "super" | "self")
                    || (inline.is_empty() && children.contains(first));
                if starts_a_path {
                    let mut path = vec![first.to_string()];
                    let mut j = i + 1;
                    while punct(tokens, j, "::") {
                        match word(tokens, j + 1) {
                            Some(w) => path.push(w.to_string()),
                            None => break,
                        }
                        j += 2;
                    }
                    paths.push((here(&inline), path, None));
                    i = j;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    Named { paths }
}

/// Where a path starts, as a module; `None` for another crate's path.
fn start(
    written_in: &Module,
    file_module: &Module,
    path: &[String],
    children: &BTreeSet<String>,
) -> Option<(Module, usize)> {
    let mut base;
    let mut i = 0;
    match path.first().map(String::as_str) {
        Some("crate" | "$crate") => {
            base = Vec::new();
            i = 1;
        }
        Some("self") => {
            base = written_in.clone();
            i = 1;
        }
        Some("super") => {
            base = written_in.clone();
            while path.get(i).map(String::as_str) == Some("super") {
                base.pop();
                i += 1;
            }
        }
        Some(first) if written_in == file_module && children.contains(first) => {
            base = written_in.clone();
        }
        _ => return None,
    }
    Some((base, i))
}

/// The deepest module that exists as a file along `path` from `base`, with
/// the word after it, if any.
fn deepest(files: &BTreeSet<Module>, mut base: Module, path: &[String]) -> (Module, Option<String>) {
    while !files.contains(&base) {
        base.pop();
    }
    for (k, segment) in path.iter().enumerate() {
        let mut next = base.clone();
        next.push(segment.clone());
        if files.contains(&next) {
            base = next;
        } else {
            return (base, Some(path[k].clone()));
        }
    }
    (base, None)
}

struct Crate {
    /// Each module and the modules it imports.
    imports: BTreeMap<Module, BTreeSet<Module>>,
    /// The imports of [`ALLOWED`] the crate makes, as (importer, imported).
    allowed_made: BTreeSet<(String, String)>,
}

fn read_crate() -> Crate {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let modules: Vec<(Module, Vec<Token>)> =
        files.iter().map(|f| (module_of(&src, f), without_tests(tokens(&fs::read_to_string(f).unwrap())))).collect();
    let known: BTreeSet<Module> = modules.iter().map(|(m, _)| m.clone()).collect();
    let children_of = |m: &Module| -> BTreeSet<String> {
        known.iter().filter(|k| k.len() == m.len() + 1 && k.starts_with(m)).map(|k| k.last().unwrap().clone()).collect()
    };

    let resolve = |written_in: &Module, file_module: &Module, path: &[String], children: &BTreeSet<String>| {
        let (base, from) = start(written_in, file_module, path, children)?;
        Some(deepest(&known, base, &path[from..]))
    };

    // The root's re-exports: the name users call a thing by, and the
    // module it really lives in.
    let mut root_exports: BTreeMap<String, Module> = BTreeMap::new();
    let root_children = children_of(&Vec::new());
    for (module, toks) in modules.iter().filter(|(m, _)| m.is_empty()) {
        for (written_in, path, name) in named_paths(module, toks, &root_children).paths {
            if let (Some((target, _)), Some(name)) = (resolve(&written_in, module, &path, &root_children), name) {
                if !target.is_empty() {
                    root_exports.insert(name, target);
                }
            }
        }
    }

    let mut imports: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    let mut allowed_made = BTreeSet::new();
    for (module, toks) in modules.iter().filter(|(m, _)| !m.is_empty()) {
        let children = children_of(module);
        let entry = imports.entry(module.clone()).or_default();
        for (written_in, path, _) in named_paths(module, toks, &children).paths {
            let Some((mut target, rest)) = resolve(&written_in, module, &path, &children) else { continue };
            if target.is_empty() {
                match rest.and_then(|name| root_exports.get(&name)) {
                    Some(real) => target = real.clone(),
                    None => continue,
                }
            }
            if &target == module {
                continue;
            }
            if allowed(module, &target) {
                allowed_made.insert((show(module), show(&target)));
            } else {
                entry.insert(target);
            }
        }
    }
    Crate { imports, allowed_made }
}

/// A cycle through `from`, as the modules in order, if there is one.
fn cycle_through(imports: &BTreeMap<Module, BTreeSet<Module>>, from: &Module) -> Option<Vec<Module>> {
    // Depth-first, keeping the way back to `from`.
    let mut stack: Vec<(Module, Vec<Module>)> = vec![(from.clone(), vec![from.clone()])];
    let mut seen = BTreeSet::new();
    while let Some((at, way)) = stack.pop() {
        for next in imports.get(&at).into_iter().flatten() {
            if next == from {
                let mut cycle = way.clone();
                cycle.push(from.clone());
                return Some(cycle);
            }
            if seen.insert(next.clone()) {
                let mut longer = way.clone();
                longer.push(next.clone());
                stack.push((next.clone(), longer));
            }
        }
    }
    None
}

fn allowed(from: &Module, to: &Module) -> bool {
    ALLOWED.iter().any(|(a, b, _)| show(from) == *a && show(to) == *b)
}

fn cycles(krate: &Crate) -> Vec<String> {
    let mut found = Vec::new();
    let mut reported: BTreeSet<BTreeSet<Module>> = BTreeSet::new();
    for module in krate.imports.keys() {
        if let Some(cycle) = cycle_through(&krate.imports, module) {
            let members: BTreeSet<Module> = cycle.iter().cloned().collect();
            if reported.insert(members) {
                found.push(cycle.iter().map(|m| show(m)).collect::<Vec<_>>().join(" → "));
            }
        }
    }
    found
}

/// Every import that lies on some cycle: the ones to undo, or to allow.
fn imports_on_cycles(krate: &Crate) -> Vec<String> {
    let reaches = |from: &Module, to: &Module| {
        let mut seen = BTreeSet::from([from.clone()]);
        let mut stack = vec![from.clone()];
        while let Some(at) = stack.pop() {
            if &at == to {
                return true;
            }
            for next in krate.imports.get(&at).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        false
    };
    let mut on = Vec::new();
    for (from, tos) in &krate.imports {
        for to in tos.iter().filter(|to| reaches(to, from)) {
            on.push(format!("{} → {}", show(from), show(to)));
        }
    }
    on
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let krate = read_crate();
    let found = cycles(&krate);
    assert!(
        found.is_empty(),
        "{} import cycle(s):\n{}\n\nthe imports on them:\n{}",
        found.len(),
        found.join("\n"),
        imports_on_cycles(&krate).join("\n")
    );
}

#[test]
fn the_reader_sees_the_imports_it_must() {
    // The test above could pass by reading nothing; these are imports the
    // crate has and will keep in some form.
    let krate = read_crate();
    let imports = |from: &str| -> BTreeSet<String> {
        let module: Module = from.split("::").map(str::to_string).collect();
        krate.imports.get(&module).unwrap_or_else(|| panic!("no module {from}")).iter().map(|m| show(m)).collect()
    };
    assert!(krate.imports.len() > 50, "read only {} modules", krate.imports.len());
    assert!(imports("check::oracle").contains("game"), "{:?}", imports("check::oracle"));
    for (from, to, _) in ALLOWED {
        let module: Module = from.split("::").map(str::to_string).collect();
        assert!(krate.imports.contains_key(&module), "ALLOWED names no module {from}");
        assert!(!imports(from).contains(*to), "{from} → {to} is allowed, so not counted");
        let made = krate.allowed_made.contains(&(from.to_string(), to.to_string()));
        assert!(made, "ALLOWED lists {from} → {to}, an import the crate no longer makes: remove it");
    }
    assert!(
        imports("games::door::check").iter().any(|m| m.starts_with("games::door::")),
        "{:?}",
        imports("games::door::check")
    );
}

#[test]
fn the_lexer_and_resolver_find_what_a_file_names() {
    let module: Module = vec!["a".into(), "b".into()];
    let text = r##"
        // use crate::commented::Out;
        /// [`crate::doc::Link`]
        use crate::{x::y::{self, Z}, w::*};
        use super::sibling::Thing as Other;
        pub use child::Exported;
        fn f() { let s = "crate::in_string::No"; let c = '"'; crate::called::f(); child::g(); }
        mod tests { use super::*; }
    "##;
    let children: BTreeSet<String> = ["child".to_string()].into();
    let named = named_paths(&module, &tokens(text), &children);
    let files: BTreeSet<Module> = [
        vec![],
        vec!["a".into()],
        module.clone(),
        vec!["a".into(), "b".into(), "child".into()],
        vec!["a".into(), "sibling".into()],
        vec!["x".into()],
        vec!["x".into(), "y".into()],
        vec!["w".into()],
        vec!["called".into()],
    ]
    .into();
    let targets: BTreeSet<String> = named
        .paths
        .iter()
        .filter_map(|(written_in, path, _)| start(written_in, &module, path, &children).map(|(b, i)| (b, i, path)))
        .map(|(base, i, path)| show(&deepest(&files, base, &path[i..]).0))
        .collect();
    let expected: BTreeSet<String> =
        ["x::y", "w", "a::sibling", "a::b::child", "called", "a::b"].into_iter().map(str::to_string).collect();
    assert_eq!(targets, expected);
}

#[test]
fn a_test_module_s_imports_are_left_out_and_the_code_after_it_read() {
    let text = "#[cfg(test)]\nmod tests { use crate::check::oracle::f; fn g() { if x { } } }\nuse crate::after::Y;\n\
                #[cfg(not(test))]\nmod real { use crate::kept::Z; }\n\
                #[cfg(test)]\npub(super) mod shared { pub(in crate::game) fn map() {} }";
    let kept = without_tests(tokens(text));
    let words: Vec<&str> =
        kept.iter().filter_map(|t| if let Token::Word(w) = t { Some(w.as_str()) } else { None }).collect();
    assert!(!words.contains(&"oracle"), "{words:?}");
    assert!(!words.contains(&"game"), "a `pub(super)` test module is a test module: {words:?}");
    assert!(words.contains(&"after") && words.contains(&"kept"), "{words:?}");
}

fn layer(module: &Module) -> Option<usize> {
    PARTS.iter().position(|(part, _)| module.first().is_some_and(|first| first == part))
}

/// Every import that breaks the layering, as `importer → imported (why)`.
fn layering_breaches(krate: &Crate) -> Vec<String> {
    let mut breaches = Vec::new();
    for (from, tos) in &krate.imports {
        let Some(from_layer) = layer(from) else {
            breaches.push(format!("{} is in no part of PARTS", show(from)));
            continue;
        };
        for to in tos {
            let to_layer = layer(to).expect("every module is in a part, or reported above");
            if to_layer > from_layer {
                breaches.push(format!(
                    "{} → {} ({} may not use {}, above it)",
                    show(from),
                    show(to),
                    PARTS[from_layer].0,
                    PARTS[to_layer].0
                ));
            }
            let game_of = |m: &Module| (m.len() > 1 && m[0] == GAMES).then(|| m[1].clone());
            if let (Some(a), Some(b)) = (game_of(from), game_of(to)) {
                if a != b {
                    breaches.push(format!("{} → {} (a game uses no other game)", show(from), show(to)));
                }
            }
        }
    }
    breaches
}

#[test]
fn no_part_uses_a_part_above_it_and_no_game_uses_another() {
    let krate = read_crate();
    let breaches = layering_breaches(&krate);
    assert!(breaches.is_empty(), "{} import(s) against the layering:\n{}", breaches.len(), breaches.join("\n"));
}

#[test]
fn the_layering_check_sees_a_breach() {
    // The test above could pass by reading nothing, or by placing every
    // module in one layer: a made-up import down the layers must fail it.
    let mut krate = read_crate();
    let known = |name: &str| -> Module { name.split("::").map(str::to_string).collect() };
    let ok = layering_breaches(&krate).len();
    krate.imports.entry(known("process::files")).or_default().insert(known("runs::campaign"));
    krate.imports.entry(known("games::texas::check")).or_default().insert(known("games::door::check"));
    let found = layering_breaches(&krate);
    assert_eq!(found.len(), ok + 2, "{found:?}");
    assert!(found.iter().any(|b| b.contains("process may not use runs")), "{found:?}");
    assert!(found.iter().any(|b| b.contains("a game uses no other game")), "{found:?}");
}

#[test]
fn the_top_level_of_src_is_the_parts_and_each_says_what_it_may_use() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut entries: Vec<String> =
        fs::read_dir(&src).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    entries.sort();
    entries.retain(|e| e != "lib.rs" && e != "main.rs");
    assert!(entries.len() <= MOST_TOP_LEVEL_ENTRIES, "{} entries at the top of src/: {entries:?}", entries.len());
    let parts: Vec<String> = PARTS.iter().map(|(part, _)| part.to_string()).collect();
    assert_eq!(
        entries,
        {
            let mut p = parts.clone();
            p.sort();
            p
        },
        "src/'s top level is the parts of PARTS, each a folder"
    );
    for (i, (part, _)) in PARTS.iter().enumerate() {
        let doc = fs::read_to_string(src.join(part).join("mod.rs")).unwrap();
        let below: Vec<&str> = PARTS[..i].iter().rev().map(|(p, _)| *p).collect();
        let expected = if below.is_empty() {
            "nothing of the crate".to_string()
        } else {
            below.iter().map(|p| format!("`{p}`")).collect::<Vec<_>>().join(", ")
        };
        let line = doc
            .lines()
            .find(|l| l.starts_with("//! May use:"))
            .unwrap_or_else(|| panic!("src/{part}/mod.rs has no line `//! May use: ...`"));
        assert_eq!(line, format!("//! May use: {expected}."), "src/{part}/mod.rs");
    }
}
