//! The crate's layers, checked from its source: every module imports only from its own layer
//! or the layers below it, and no two modules import each other, directly or around a circle.
//!
//! The layers, lowest first, are the folders of `src/` (a folder's module file, such as
//! `rules.rs`, belongs to it): see [`LAYERS`] and the map in the crate's documentation. An
//! import is any `crate::` or `super::` path in the code (comments aside; `use` lines and paths
//! written in place alike), read as the module file it names; the crate's root (`lib.rs`, which
//! only declares and re-exports) and test code (`#[cfg(test)]` items, `*_tests.rs` files, which
//! drive whole games) are not read. A module's own submodules are part of it: a submodule may
//! name its parent's items, and a parent its submodules'.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The layers, lowest first, each with what it holds.
const LAYERS: [(&str, &str); 9] = [
    ("error", "the errors"),
    ("table", "what a game's state is made of"),
    (
        "knowledge",
        "what each seat knows, kept up to date as cards move",
    ),
    (
        "rules",
        "what each decision does, and the questions the rules answer",
    ),
    (
        "legal",
        "the legal actions listed, and apply: decide, then settle",
    ),
    (
        "random_ply",
        "one ply of a random playout, counted rather than listed",
    ),
    (
        "determinise",
        "a state drawn among those a seat's view allows",
    ),
    ("view", "what a seat is shown"),
    ("game", "the Game implementation, loading and its checks"),
];

/// The crate's source files (path under `src/` with `/` separators, text), the root aside.
fn sources() -> Vec<(String, String)> {
    fn walk(dir: &Path, root: &Path, out: &mut Vec<(String, String)>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .expect("src/ is readable")
            .map(|e| e.expect("a directory entry").path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, root, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let name = path
                    .strip_prefix(root)
                    .expect("under src/")
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect::<Vec<_>>()
                    .join("/");
                let text = std::fs::read_to_string(&path).expect("a readable source file");
                out.push((name, text));
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = Vec::new();
    walk(&root, &root, &mut out);
    out
}

/// The module path of a source file: `table/field.rs` is `["table", "field"]`, `rules.rs` is
/// `["rules"]`.
fn module_of(file: &str) -> Vec<String> {
    file.trim_end_matches(".rs")
        .split('/')
        .map(str::to_owned)
        .collect()
}

/// The code of a file without its comments and its test items (`#[cfg(test)]` and what it
/// applies to: a one-line item, or a block up to its closing brace).
fn code(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let trimmed = line.trim();
        if trimmed.starts_with("//") {
            continue;
        }
        if trimmed != "#[cfg(test)]" {
            out.push(line.to_owned());
            continue;
        }
        // Skip the item the attribute applies to.
        let mut depth = 0i32;
        let mut opened = false;
        for item in lines.by_ref() {
            let t = item.trim();
            if t.starts_with("//") || t.starts_with("#[") {
                continue;
            }
            depth += t.matches('{').count() as i32 - t.matches('}').count() as i32;
            opened |= t.contains('{');
            if (opened && depth <= 0) || (!opened && t.ends_with(';')) {
                break;
            }
        }
    }
    out
}

/// Every module path named by a `crate::` or `super::` path in the code `lines` of the module
/// `at` (the segments after `crate`, `super` resolved; a group `a::{b, c::d}` read as `a::b`
/// and `a::c::d`).
fn named_paths(lines: &[String], at: &[String]) -> Vec<Vec<String>> {
    let text: Vec<char> = lines.join("\n").chars().collect();
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    let word_at = |j: usize| -> String {
        text[j.min(text.len())..]
            .iter()
            .take_while(|c| is_word(**c))
            .collect()
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let rest: String = text[i..(i + 7).min(text.len())].iter().collect();
        let starts_word = i == 0 || !is_word(text[i - 1]);
        let mut base = match rest.as_str() {
            "crate::" if starts_word => Vec::new(),
            "super::" if starts_word => at[..at.len().saturating_sub(1)].to_vec(),
            _ => {
                i += 1;
                continue;
            }
        };
        let mut j = i + 7;
        loop {
            let word = word_at(j);
            if word.is_empty() {
                break;
            }
            j += word.len();
            if word == "super" {
                base.pop();
            } else {
                base.push(word);
            }
            if text.get(j) == Some(&':') && text.get(j + 1) == Some(&':') {
                j += 2;
            } else {
                break;
            }
        }
        if text.get(j) == Some(&'{') {
            // A group: each member named from the path before it.
            let end = text[j..]
                .iter()
                .position(|&c| c == '}')
                .map_or(text.len(), |e| j + e);
            let group: String = text[j + 1..end].iter().collect();
            for member in group.split(',') {
                let member = member.split(" as ").next().unwrap_or("").trim();
                let mut path = base.clone();
                path.extend(
                    member
                        .split("::")
                        .map(str::trim)
                        .filter(|s| !s.is_empty() && *s != "self")
                        .map(str::to_owned),
                );
                out.push(path);
            }
            j = end;
        } else {
            out.push(base);
        }
        i = j.max(i + 1);
    }
    out
}

/// The problems of the crate's sources `files` (path under `src/`, text): an import from a
/// higher layer, a circle of imports, a file outside the layers or without a first doc line.
fn problems(files: &[(String, String)]) -> Vec<String> {
    let rank: BTreeMap<&str, usize> = LAYERS
        .iter()
        .enumerate()
        .map(|(i, (name, _))| (*name, i))
        .collect();
    let mut problems = Vec::new();
    // The crate root's private imports of modules (`use table::{card, phase, state};`) are
    // other names for them.
    let mut aliases: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let modules: BTreeSet<Vec<String>> = files
        .iter()
        .filter(|(f, _)| f != "lib.rs")
        .map(|(f, _)| module_of(f))
        .collect();
    for (file, text) in files.iter().filter(|(f, _)| f == "lib.rs") {
        for line in code(text) {
            let Some(rest) = line.trim().strip_prefix("use ") else {
                continue;
            };
            let Some((parent, names)) = rest.trim_end_matches(';').split_once("::{") else {
                continue;
            };
            for name in names.trim_end_matches('}').split(',').map(str::trim) {
                let target = vec![parent.to_owned(), name.to_owned()];
                if modules.contains(&target) {
                    aliases.insert(name.to_owned(), target);
                } else {
                    problems.push(format!("{file}: `{name}` is not a module of `{parent}`"));
                }
            }
        }
    }
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let file_of: BTreeMap<Vec<String>, &str> = files
        .iter()
        .map(|(f, _)| (module_of(f), f.as_str()))
        .collect();
    for (file, text) in files {
        if file == "lib.rs" || file.ends_with("_tests.rs") {
            continue;
        }
        let at = module_of(file);
        let layer = at[0].as_str();
        let Some(&from) = rank.get(layer) else {
            problems.push(format!("{file}: `{layer}` is none of the layers"));
            continue;
        };
        if !text.starts_with("//!") {
            problems.push(format!("{file}: no first doc line saying what it is for"));
        }
        for mut path in named_paths(&code(text), &at) {
            if let Some(target) = path.first().and_then(|s| aliases.get(s)) {
                path.splice(..1, target.iter().cloned());
            }
            // The longest prefix that is a module of the crate.
            let Some(target) = (1..=path.len())
                .rev()
                .map(|n| path[..n].to_vec())
                .find(|p| modules.contains(p))
            else {
                problems.push(format!(
                    "{file}: `crate::{}` names no module: name the module that defines it",
                    path.join("::")
                ));
                continue;
            };
            let to = rank[target[0].as_str()];
            if to > from {
                problems.push(format!(
                    "{file}: imports `{}` from the higher layer `{}`",
                    path.join("::"),
                    target[0]
                ));
            }
            // A module's submodules are part of it, both ways.
            let related = target.starts_with(&at) || at.starts_with(&target);
            if !related {
                edges
                    .entry(file.clone())
                    .or_default()
                    .insert(file_of[&target].to_owned());
            }
        }
    }
    // A circle: a file that reaches itself.
    for start in edges.keys() {
        let mut stack = vec![(start.clone(), vec![start.clone()])];
        let mut seen = BTreeSet::new();
        while let Some((file, trail)) = stack.pop() {
            for next in edges.get(&file).into_iter().flatten() {
                if next == start {
                    problems.push(format!(
                        "a circle of imports: {} -> {start}",
                        trail.join(" -> ")
                    ));
                    stack.clear();
                    break;
                }
                if seen.insert(next.clone()) {
                    let mut longer = trail.clone();
                    longer.push(next.clone());
                    stack.push((next.clone(), longer));
                }
            }
        }
    }
    problems
}

#[test]
fn no_module_imports_from_a_higher_layer_and_none_import_each_other_in_a_circle() {
    let files = sources();
    assert!(files.len() > 40, "{} source files", files.len());
    let found = problems(&files);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The check finds what it is for: an import from a higher layer, a circle inside a layer (by
/// a full path, the crate root's other name for a module or `super::`), a path through the
/// crate root's re-exports, a folder outside the layers; and it leaves test code alone.
#[test]
fn an_upward_import_a_circle_and_a_stray_folder_are_found() {
    let with = |file: &str, line: &str| {
        let mut files = sources();
        let text = &mut files.iter_mut().find(|(f, _)| f == file).expect(file).1;
        text.push_str(line);
        files
    };
    let upward = problems(&with(
        "table/card.rs",
        "\nuse crate::rules::duel::THIRTEEN;\n",
    ));
    assert!(
        upward
            .iter()
            .any(|p| p.contains("from the higher layer `rules`")),
        "{upward:?}"
    );
    let aliased = problems(&with(
        "table/card.rs",
        "\nfn f() -> crate::state::State {}\n",
    ));
    assert!(
        aliased.iter().any(|p| p.contains("a circle")),
        "{aliased:?}"
    );
    let re_exported = problems(&with("table/card.rs", "\nfn f(_: crate::Side) {}\n"));
    assert!(
        re_exported.iter().any(|p| p.contains("names no module")),
        "{re_exported:?}"
    );
    let circle = problems(&with(
        "table/card.rs",
        "\nuse crate::table::state::State;\n",
    ));
    assert!(circle.iter().any(|p| p.contains("a circle")), "{circle:?}");
    let through_super = problems(&with("table/card.rs", "\nuse super::state::State;\n"));
    assert!(
        through_super.iter().any(|p| p.contains("a circle")),
        "{through_super:?}"
    );
    let mut stray = sources();
    stray.push(("extra/x.rs".into(), "//! x\n".into()));
    assert!(problems(&stray)
        .iter()
        .any(|p| p.contains("none of the layers")));
    // Test code may drive whole games.
    let test_code = problems(&with(
        "table/card.rs",
        "\n#[cfg(test)]\nmod more {\n    use crate::game::HighJinks;\n}\n",
    ));
    assert!(test_code.is_empty(), "{test_code:?}");
}
