//! Editing a record (`RecordEditor`): every operation, every refusal (and that a refused edit changes nothing),
//! undo and redo, and random edit sequences that never break the tree.

use proptest::prelude::*;
use xiangqi::notation::edit::{
    EditError, NodeId, RecordEditor, TagProblem, MAX_UNDO, UNDO_MOVE_BUDGET,
};
use xiangqi::notation::pgn::{parse_pgn, write_pgn, PgnOptions};
use xiangqi::notation::record::{GameRecord, MAX_VARIATION_DEPTH};
use xiangqi::notation::Notation;
use xiangqi::{Move, Position};

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

fn pgn_of(e: &RecordEditor) -> String {
    let text = write_pgn(
        e.record(),
        &PgnOptions {
            notation: Notation::Iccs,
            line_width: 0,
        },
    );
    // The move text only.
    text.split("\n\n").nth(1).unwrap().trim().to_string()
}

fn read(text: &str) -> GameRecord {
    parse_pgn(text).unwrap().remove(0)
}

/// Everything a refused edit must leave alone.
fn snapshot(e: &RecordEditor) -> (GameRecord, NodeId, bool, bool) {
    (e.record().clone(), e.current(), e.can_undo(), e.can_redo())
}

/// `edit` is refused with `code` and changes nothing.
fn refused(
    e: &mut RecordEditor,
    code: &str,
    edit: impl FnOnce(&mut RecordEditor) -> Result<(), EditError>,
) -> EditError {
    let before = snapshot(e);
    let err = edit(e).expect_err("the edit is refused");
    assert_eq!(err.code(), code, "{err}");
    assert_eq!(snapshot(e), before, "a refused edit changed nothing");
    err
}

/// h2e2 h9g7 h0g2, with b9c7 as an alternative at ply 2.
fn sample() -> (RecordEditor, [NodeId; 4]) {
    let mut e = RecordEditor::default();
    let a = e.play(mv("h2e2")).unwrap();
    let b = e.play(mv("h9g7")).unwrap();
    let c = e.play(mv("h0g2")).unwrap();
    e.go(a).unwrap();
    let v = e.play(mv("b9c7")).unwrap();
    (e, [a, b, c, v])
}

#[test]
fn play_continues_follows_and_branches() {
    let (mut e, [a, b, c, v]) = sample();
    assert_eq!(pgn_of(&e), "1. H2-E2 H9-G7 (1... B9-C7) 2. H0-G2 *");
    assert_eq!(e.current(), v);
    assert_eq!(e.children(NodeId::ROOT).unwrap(), vec![a]);
    assert_eq!(e.children(a).unwrap(), vec![b, v]);
    assert_eq!(e.children(b).unwrap(), vec![c]);
    assert_eq!(e.children(c).unwrap(), vec![]);
    // Playing a child's move goes to it, adding nothing (no edit to undo).
    e.go(a).unwrap();
    let undo_before = e.can_undo();
    e.undo();
    e.redo();
    assert_eq!(e.play(mv("h9g7")).unwrap(), b);
    assert_eq!(e.current(), b);
    e.go(a).unwrap();
    assert_eq!(e.play(mv("b9c7")).unwrap(), v);
    assert_eq!(e.can_undo(), undo_before);
    // A third move at ply 2 is a second variation, after the first.
    e.go(a).unwrap();
    let w = e.play(mv("c6c5")).unwrap();
    assert_eq!(e.children(a).unwrap(), vec![b, v, w]);
    assert_eq!(
        pgn_of(&e),
        "1. H2-E2 H9-G7 (1... B9-C7) (1... C6-C5) 2. H0-G2 *"
    );
    // Continuing a variation at its last move extends it.
    let x = e.play(mv("h0g2")).unwrap();
    assert_eq!(e.parent(x).unwrap(), Some(w));
    assert_eq!(e.path(x).unwrap(), vec![a, w, x]);
    assert_eq!(
        e.moves_to(x).unwrap(),
        vec![mv("h2e2"), mv("c6c5"), mv("h0g2")]
    );
    let mut pos = Position::new();
    for m in ["h2e2", "c6c5", "h0g2"] {
        pos.play(mv(m)).unwrap();
    }
    assert_eq!(e.position(x).unwrap(), pos);
    assert!(e.is_main_line(c).unwrap());
    assert!(e.is_main_line(NodeId::ROOT).unwrap());
    assert!(!e.is_main_line(x).unwrap());
    assert_eq!(e.parent(NodeId::ROOT).unwrap(), None);
    assert_eq!(e.path(NodeId::ROOT).unwrap(), vec![]);
    assert_eq!(e.node(NodeId::ROOT).unwrap(), None);
    assert_eq!(e.node(x).unwrap().unwrap().mv, mv("h0g2"));
}

#[test]
fn a_variation_inside_a_variation_and_its_siblings() {
    // C8-E8 is an alternative to B9-C7 written inside its variation: also a child of the node after H2-E2.
    let record = read("1. H2-E2 H9-G7 (1... B9-C7 (1... H7-E7) 2. H0-G2) 2. H0-G2 *");
    let e = RecordEditor::from_record(record.clone()).unwrap();
    assert_eq!(
        e.record(),
        &record,
        "made from a record, the editor keeps it as it is"
    );
    let ids: Vec<u32> = e
        .children(NodeId::new(1))
        .unwrap()
        .into_iter()
        .map(NodeId::get)
        .collect();
    // Ids in the record's order: h2e2 1, h9g7 2, b9c7 3, h7e7 4, h0g2 (variation) 5, h0g2 (main) 6.
    assert_eq!(ids, vec![2, 3, 4]);
    assert_eq!(e.node(NodeId::new(4)).unwrap().unwrap().mv, mv("h7e7"));
    assert_eq!(e.parent(NodeId::new(4)).unwrap(), Some(NodeId::new(1)));
    assert_eq!(e.path(NodeId::new(5)).unwrap(), [1, 3, 5].map(NodeId::new));
    assert_eq!(e.path(NodeId::new(6)).unwrap(), [1, 2, 6].map(NodeId::new));
}

#[test]
fn go_and_play_refusals() {
    let (mut e, [a, ..]) = sample();
    refused(&mut e, "ERR_EDIT_NODE", |e| e.go(NodeId::new(99)));
    refused(&mut e, "ERR_ILLEGAL_MOVE", |e| e.play(mv("a0a5")).map(drop));
    e.go(a).unwrap();
    let err = refused(&mut e, "ERR_ILLEGAL_MOVE", |e| e.play(mv("h2e2")).map(drop));
    assert!(matches!(err, EditError::Illegal(i) if i.mv == mv("h2e2")));
    for id in [NodeId::new(99), NodeId::new(u32::MAX)] {
        assert!(!e.contains(id));
        for code_of in [
            e.children(id).unwrap_err(),
            e.path(id).unwrap_err(),
            e.position(id).unwrap_err(),
            e.parent(id).unwrap_err(),
            e.node(id).unwrap_err(),
        ] {
            assert_eq!(code_of, EditError::NoNode(id));
        }
    }
}

#[test]
fn promote_and_make_main_keep_ids() {
    let (mut e, [a, b, c, v]) = sample();
    e.go(v).unwrap();
    let v2 = e.play(mv("h0g2")).unwrap();
    e.set_comment_before(v, Some("better".into())).unwrap();
    e.promote(v2).unwrap();
    assert_eq!(
        pgn_of(&e),
        "1. H2-E2 B9-C7 ({better} 1... H9-G7 2. H0-G2) 2. H0-G2 *"
    );
    assert_eq!(e.children(a).unwrap(), vec![v, b]);
    assert_eq!(e.path(c).unwrap(), vec![a, b, c]);
    assert_eq!(e.path(v2).unwrap(), vec![a, v, v2]);
    assert!(e.is_main_line(v2).unwrap());
    refused(&mut e, "ERR_EDIT_MAIN_LINE", |e| e.promote(v2));
    refused(&mut e, "ERR_EDIT_MAIN_LINE", |e| e.make_main(a));
    refused(&mut e, "ERR_EDIT_ROOT", |e| e.promote(NodeId::ROOT));
    refused(&mut e, "ERR_EDIT_ROOT", |e| e.make_main(NodeId::ROOT));
    refused(&mut e, "ERR_EDIT_NODE", |e| e.promote(NodeId::new(42)));
    e.undo();
    assert_eq!(e.children(a).unwrap(), vec![b, v]);
}

#[test]
fn make_main_from_two_levels_down() {
    let record = read("1. H2-E2 H9-G7 (1... B9-C7 2. H0-G2 (2. B0-C2 C6-C5)) 2. H0-G2 *");
    let mut e = RecordEditor::from_record(record).unwrap();
    // b0c2 4? Ids: h2e2 1, h9g7 2, b9c7 3, h0g2 4, b0c2 5, c6c5 6, h0g2 7.
    let deep = NodeId::new(6);
    assert_eq!(e.node(deep).unwrap().unwrap().mv, mv("c6c5"));
    e.make_main(deep).unwrap();
    assert_eq!(
        pgn_of(&e),
        "1. H2-E2 B9-C7 (1... H9-G7 2. H0-G2) 2. B0-C2 (2. H0-G2) 2... C6-C5 *"
    );
    assert!(e.is_main_line(deep).unwrap());
    assert_eq!(e.path(deep).unwrap(), [1, 3, 5, 6].map(NodeId::new));
    assert_eq!(e.path(NodeId::new(7)).unwrap(), [1, 2, 7].map(NodeId::new));
    // One edit: one undo gives the record back.
    e.undo();
    assert_eq!(
        pgn_of(&e),
        "1. H2-E2 H9-G7 (1... B9-C7 2. H0-G2 (2. B0-C2 C6-C5)) 2. H0-G2 *"
    );
    assert!(!e.can_undo());
}

#[test]
fn delete_keeps_the_alternatives() {
    let (mut e, [a, b, c, v]) = sample();
    // Deleting the main continuation: the variation takes its place.
    e.go(c).unwrap();
    e.delete(b).unwrap();
    assert_eq!(pgn_of(&e), "1. H2-E2 B9-C7 *");
    assert_eq!(
        e.current(),
        a,
        "the cursor was on a deleted node: it goes to the parent"
    );
    assert!(!e.contains(b) && !e.contains(c));
    refused(&mut e, "ERR_EDIT_NODE", |e| e.delete(b));
    refused(&mut e, "ERR_EDIT_ROOT", |e| e.delete(NodeId::ROOT));
    e.undo();
    assert_eq!(e.current(), c);
    assert_eq!(pgn_of(&e), "1. H2-E2 H9-G7 (1... B9-C7) 2. H0-G2 *");
    // Deleting a variation's only move drops the variation.
    e.delete(v).unwrap();
    assert_eq!(pgn_of(&e), "1. H2-E2 H9-G7 2. H0-G2 *");
    assert_eq!(e.current(), c, "the cursor was elsewhere: it stays");
    e.undo();
    // Deleting the first move of the game with no alternative empties the main line, the start's comment kept.
    e.set_comment(NodeId::ROOT, Some("start".into())).unwrap();
    e.delete(a).unwrap();
    assert_eq!(pgn_of(&e), "{start} *");
    assert_eq!(e.children(NodeId::ROOT).unwrap(), vec![]);
    e.undo();
    e.undo();
    assert_eq!(pgn_of(&e), "1. H2-E2 H9-G7 (1... B9-C7) 2. H0-G2 *");
}

#[test]
fn delete_passes_the_comment_before_an_heir() {
    let mut e = RecordEditor::from_record(read(
        "1. H2-E2 {cannon} H9-G7 ({first} 1... B9-C7) ({second} 1... C6-C5) *",
    ))
    .unwrap();
    e.delete(NodeId::new(2)).unwrap();
    // The heir's comment has no place inside the line: it joins the comment after the move before; the
    // second variation stays an alternative, its comment before it kept.
    assert_eq!(
        pgn_of(&e),
        "1. H2-E2 {cannon first} 1... B9-C7 ({second} 1... C6-C5) *"
    );
    assert_eq!(e.comment_before(NodeId::new(4)).unwrap(), Some("second"));
    // Deleting the first move of a variation that has an alternative of its own: the alternative's comment
    // takes the place of the deleted one's.
    let mut e = RecordEditor::from_record(read(
        "1. H2-E2 H9-G7 ({a} 1... B9-C7 ({b} 1... C6-C5 2. H0-G2)) *",
    ))
    .unwrap();
    e.delete(NodeId::new(3)).unwrap();
    assert_eq!(pgn_of(&e), "1. H2-E2 H9-G7 ({b} 1... C6-C5 2. H0-G2) *");
}

#[test]
fn comments_and_nags() {
    let (mut e, [a, b, _, v]) = sample();
    e.set_comment(NodeId::ROOT, Some("a teacher's game".into()))
        .unwrap();
    e.set_comment(a, Some("central cannon".into())).unwrap();
    e.set_nags(a, vec![1, 14]).unwrap();
    e.set_comment_before(v, Some("also".into())).unwrap();
    assert_eq!(
        pgn_of(&e),
        "{a teacher's game} 1. H2-E2 $1 $14 {central cannon} 1... H9-G7 ({also} 1... B9-C7) 2. H0-G2 *"
    );
    assert_eq!(e.comment(NodeId::ROOT).unwrap(), Some("a teacher's game"));
    assert_eq!(e.comment(a).unwrap(), Some("central cannon"));
    assert_eq!(e.comment_before(v).unwrap(), Some("also"));
    assert_eq!(e.comment_before(b).unwrap(), None);
    refused(&mut e, "ERR_EDIT_COMMENT_BEFORE", |e| {
        e.set_comment_before(b, Some("x".into()))
    });
    refused(&mut e, "ERR_EDIT_COMMENT_BEFORE", |e| {
        e.set_comment_before(a, Some("x".into()))
    });
    refused(&mut e, "ERR_EDIT_ROOT", |e| {
        e.set_comment_before(NodeId::ROOT, Some("x".into()))
    });
    refused(&mut e, "ERR_EDIT_ROOT", |e| {
        e.set_nags(NodeId::ROOT, vec![1])
    });
    refused(&mut e, "ERR_EDIT_NODE", |e| {
        e.set_nags(NodeId::new(50), vec![1])
    });
    refused(&mut e, "ERR_EDIT_NODE", |e| {
        e.set_comment(NodeId::new(50), None)
    });
    // An empty text removes a comment; setting what is there is no edit.
    e.set_comment(a, Some(String::new())).unwrap();
    assert_eq!(e.comment(a).unwrap(), None);
    e.undo();
    assert_eq!(e.comment(a).unwrap(), Some("central cannon"));
    let before = snapshot(&e);
    e.set_comment(a, Some("central cannon".into())).unwrap();
    e.set_nags(a, vec![1, 14]).unwrap();
    e.set_comment_before(v, Some("also".into())).unwrap();
    assert_eq!(snapshot(&e), before);
    // Each edit is one step of undo.
    for _ in 0..4 {
        assert!(e.undo());
    }
    assert_eq!(pgn_of(&e), "1. H2-E2 H9-G7 (1... B9-C7) 2. H0-G2 *");
}

#[test]
fn tags() {
    let mut e = RecordEditor::default();
    e.set_tag("Event", "Club").unwrap();
    e.set_tag("Red", "A").unwrap();
    e.set_tag("Event", r#"The Spring cup \ 2026"#).unwrap();
    assert_eq!(
        e.record().headers,
        vec![
            ("Event".to_string(), r#"The Spring cup \ 2026"#.to_string()),
            ("Red".to_string(), "A".to_string()),
        ]
    );
    // A backslash is escaped by the PGN writer and read back as it was.
    let text = write_pgn(e.record(), &PgnOptions::default());
    assert!(
        text.contains(r#"[Event "The Spring cup \\ 2026"]"#),
        "{text}"
    );
    assert_eq!(read(&text).header("Event"), e.record().header("Event"));
    assert_eq!(e.remove_tag("Red"), Ok(true));
    assert_eq!(e.remove_tag("Red"), Ok(false));
    for (name, value, problem) in [
        ("Event", "two\nlines", TagProblem::ValueChar('\n')),
        ("Event", "say \"hi\"", TagProblem::Quote),
        ("Event", "cr\r", TagProblem::ValueChar('\r')),
        ("Event", "nul\0", TagProblem::ValueChar('\0')),
        ("", "x", TagProblem::EmptyName),
        ("Red Player", "x", TagProblem::NameChar(' ')),
        ("Red]", "x", TagProblem::NameChar(']')),
        ("FEN", "x", TagProblem::Fen),
    ] {
        let err = refused(&mut e, "ERR_EDIT_TAG", |e| e.set_tag(name, value));
        assert_eq!(
            err,
            EditError::Tag {
                name: name.to_string(),
                problem
            }
        );
    }
    refused(&mut e, "ERR_EDIT_TAG", |e| e.remove_tag("FEN").map(drop));
    refused(&mut e, "ERR_EDIT_TAG", |e| e.remove_tag("a b").map(drop));
    // A tab is allowed; names in any script.
    e.set_tag("赛事", "甲\t乙").unwrap();
    assert_eq!(e.record().header("赛事"), Some("甲\t乙"));
}

#[test]
fn set_start_clears_the_moves() {
    let (mut e, [a, ..]) = sample();
    e.set_comment(NodeId::ROOT, Some("start".into())).unwrap();
    e.set_tag("FEN", "x").unwrap_err();
    let mut with_fen = e.record().clone();
    with_fen.set_header("FEN", xiangqi::START_FEN);
    let mut e = RecordEditor::from_record(with_fen).unwrap();
    let endgame = Position::from_fen("4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1").unwrap();
    e.go(a).unwrap();
    e.set_start(endgame.clone()).unwrap();
    assert_eq!(e.record().start, endgame);
    assert!(e.record().mainline.moves.is_empty());
    assert_eq!(e.record().mainline.comment.as_deref(), Some("start"));
    assert_eq!(e.record().header("FEN"), Some(endgame.fen().as_str()));
    assert_eq!(e.current(), NodeId::ROOT);
    assert!(!e.contains(a));
    let d = e.play(mv("d0e0")).unwrap();
    assert!(d.get() > 4, "a new node never reuses an id: {d:?}");
    e.undo();
    e.undo();
    assert_eq!(e.record().start, Position::new());
    assert_eq!(e.current(), a);
    assert_eq!(e.node(a).unwrap().unwrap().mv, mv("h2e2"));
}

#[test]
fn from_record_refuses_a_broken_record() {
    let mut record = read("1. H2-E2 H9-G7 (1... B9-C7) *");
    record.mainline.moves[1].variations[0].moves[0].mv = mv("a0a5");
    let err = RecordEditor::from_record(record).unwrap_err();
    assert_eq!(err.code(), "ERR_ILLEGAL_MOVE");
    // Variations nested deeper than the readers accept.
    let mut record = read("1. H2-E2 *");
    let mut line = record.mainline.clone();
    for _ in 0..=MAX_VARIATION_DEPTH {
        let mut outer = read("1. H2-E2 *").mainline;
        outer.moves[0].variations.push(line);
        line = outer;
    }
    record.mainline = line;
    assert_eq!(
        RecordEditor::from_record(record).unwrap_err(),
        EditError::TooDeep
    );
}

#[test]
fn variations_stop_at_the_depth_limit() {
    // H2-E2 H9-G7, its first move with a variation H2-E2 H9-G7 whose first move has one, … MAX levels deep.
    let line = || read("1. H2-E2 H9-G7 *").mainline;
    let mut nested = line();
    for _ in 0..MAX_VARIATION_DEPTH {
        let mut outer = line();
        outer.moves[0].variations.push(nested);
        nested = outer;
    }
    let record = GameRecord {
        mainline: nested,
        ..GameRecord::default()
    };
    let mut e = RecordEditor::from_record(record).unwrap();
    // Ids in the record's order: each level's H2-E2 (1 to MAX + 1), then the innermost H9-G7.
    let depth = MAX_VARIATION_DEPTH as u32;
    let innermost = NodeId::new(depth + 1);
    assert_eq!(e.path(innermost).unwrap(), vec![innermost]);
    e.go(innermost).unwrap();
    // A new alternative to the innermost line's H9-G7 would nest one level more.
    refused(&mut e, "ERR_EDIT_DEPTH", |e| e.play(mv("b9c7")).map(drop));
    // Continuing the line is fine, and so is a new alternative one level up.
    e.go(NodeId::new(depth + 2)).unwrap();
    e.play(mv("h0g2")).unwrap();
    e.go(NodeId::new(depth)).unwrap();
    e.play(mv("b9c7")).unwrap();
}

#[test]
fn undo_redo() {
    let (mut e, [a, ..]) = sample();
    let full = e.record().clone();
    let mut undone = 0;
    while e.undo() {
        undone += 1;
    }
    assert_eq!(undone, 4);
    assert_eq!(e.record(), &GameRecord::default());
    assert!(!e.undo());
    while e.redo() {}
    assert_eq!(e.record(), &full);
    assert!(!e.redo());
    // A new edit forgets what was undone.
    e.undo();
    assert!(e.can_redo());
    e.set_nags(a, vec![3]).unwrap();
    assert!(!e.can_redo());
    // The history is bounded.
    let mut e = RecordEditor::default();
    let a = e.play(mv("h2e2")).unwrap();
    for i in 0..(MAX_UNDO + 10) {
        e.set_comment(a, Some(format!("{i}"))).unwrap();
    }
    let mut n = 0;
    while e.undo() {
        n += 1;
    }
    assert_eq!(n, MAX_UNDO);
    assert_eq!(e.comment(a).unwrap(), Some("9"));
}

#[test]
fn the_history_of_a_huge_record_holds_fewer_edits() {
    // 60,000 moves (the horses out and back): the history holds 200,000 moves, so three copies of it.
    let mut record = GameRecord::default();
    let cycle = ["h0g2", "h9g7", "g2h0", "g7h9"];
    for i in 0..60_000 {
        record
            .mainline
            .moves
            .push(xiangqi::notation::record::Node::new(mv(cycle[i % 4])));
    }
    let mut e = RecordEditor::from_record(record).unwrap();
    assert_eq!(UNDO_MOVE_BUDGET, 200_000);
    for i in 0..10 {
        e.set_comment(NodeId::new(1), Some(format!("{i}"))).unwrap();
    }
    let mut n = 0;
    while e.undo() {
        n += 1;
    }
    assert_eq!(n, 3);
    assert_eq!(e.comment(NodeId::new(1)).unwrap(), Some("6"));
}

// ------------------------------------------------------------------------------------------------------------
// Random edit sequences

#[derive(Clone, Debug)]
enum Op {
    Go(u32),
    Play(usize),
    PlayIllegal,
    Promote(u32),
    MakeMain(u32),
    Delete(u32),
    Comment(u32, Option<String>),
    CommentBefore(u32, Option<String>),
    Nags(u32, Vec<u8>),
    Tag(String, String),
    RemoveTag(String),
    Undo,
    Redo,
}

fn op() -> impl Strategy<Value = Op> {
    let id = 0u32..40;
    let text = prop::option::of("([a-z][a-z ]{0,4}[a-z])?");
    prop_oneof![
        id.clone().prop_map(Op::Go),
        (0usize..64).prop_map(Op::Play),
        (0usize..64).prop_map(Op::Play),
        (0usize..64).prop_map(Op::Play),
        Just(Op::PlayIllegal),
        id.clone().prop_map(Op::Promote),
        id.clone().prop_map(Op::MakeMain),
        id.clone().prop_map(Op::Delete),
        (id.clone(), text.clone()).prop_map(|(i, t)| Op::Comment(i, t)),
        (id.clone(), text).prop_map(|(i, t)| Op::CommentBefore(i, t)),
        (id, prop::collection::vec(0u8..20, 0..3)).prop_map(|(i, n)| Op::Nags(i, n)),
        ("(Event|Red|FEN|a b|X)", "[a-z\"\n]{0,4}").prop_map(|(k, v)| Op::Tag(k, v)),
        "(Event|Red|FEN)".prop_map(Op::RemoveTag),
        Just(Op::Undo),
        Just(Op::Redo),
    ]
}

/// Every node reachable from the start, checked against the index: each child's parent, path and position.
fn check_tree(e: &RecordEditor) -> Result<usize, TestCaseError> {
    let mut stack = vec![NodeId::ROOT];
    let mut count = 0;
    while let Some(id) = stack.pop() {
        let pos = e.position(id).unwrap();
        for child in e.children(id).unwrap() {
            count += 1;
            prop_assert_eq!(e.parent(child).unwrap(), Some(id));
            let mv = e.node(child).unwrap().unwrap().mv;
            prop_assert!(pos.is_legal(mv), "every move is legal in its position");
            let mut after = pos.clone();
            after.play(mv).unwrap();
            prop_assert_eq!(e.position(child).unwrap(), after);
            let path = e.path(child).unwrap();
            prop_assert_eq!(path.last(), Some(&child));
            stack.push(child);
        }
    }
    Ok(count)
}

fn apply(e: &mut RecordEditor, op: &Op) -> Result<(), EditError> {
    let n = NodeId::new;
    match op {
        Op::Go(i) => e.go(n(*i)),
        Op::Play(k) => {
            let moves = e.position(e.current()).unwrap().legal_moves();
            match moves.len() {
                0 => Ok(()),
                len => e.play(moves[k % len]).map(drop),
            }
        }
        Op::PlayIllegal => e.play(mv("a0a9")).map(drop),
        Op::Promote(i) => e.promote(n(*i)),
        Op::MakeMain(i) => e.make_main(n(*i)),
        Op::Delete(i) => e.delete(n(*i)),
        Op::Comment(i, t) => e.set_comment(n(*i), t.clone()),
        Op::CommentBefore(i, t) => e.set_comment_before(n(*i), t.clone()),
        Op::Nags(i, v) => e.set_nags(n(*i), v.clone()),
        Op::Tag(k, v) => e.set_tag(k, v),
        Op::RemoveTag(k) => e.remove_tag(k).map(drop),
        Op::Undo => {
            e.undo();
            Ok(())
        }
        Op::Redo => {
            e.redo();
            Ok(())
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn random_edits_never_break_the_tree(ops in prop::collection::vec(op(), 1..60)) {
        let original = read("[Event \"E\"]\n\n{start} 1. H2-E2 {c} H9-G7 (1... B9-C7 2. H0-G2) 2. H0-G2 *");
        let mut e = RecordEditor::from_record(original.clone()).unwrap();
        let mut edits = 0;
        for op in &ops {
            let before = snapshot(&e);
            match apply(&mut e, op) {
                Err(_) => prop_assert_eq!(snapshot(&e), before, "a refused edit changes nothing"),
                Ok(()) if !matches!(op, Op::Undo | Op::Redo | Op::Go(_)) && before.0 != e.record().clone() => {
                    edits += 1;
                    prop_assert!(e.can_undo());
                }
                Ok(()) => {}
            }
            prop_assert!(e.contains(e.current()));
            check_tree(&e)?;
            // The record stays one that the editor accepts and that PGN writes and reads back as it is.
            let again = RecordEditor::from_record(e.record().clone());
            prop_assert!(again.is_ok());
            let text = write_pgn(e.record(), &PgnOptions::default());
            let back = read(&text);
            prop_assert_eq!(&back.mainline, &e.record().mainline, "{}", text);
            prop_assert_eq!(&back.start, &e.record().start);
        }
        // Undo of everything gives the original back (the history holds far more than these edits), and redo
        // of everything the newest record.
        prop_assume!(edits < 50);
        while e.redo() {}
        let newest = e.record().clone();
        while e.undo() {}
        prop_assert_eq!(e.record(), &original);
        while e.redo() {}
        prop_assert_eq!(e.record(), &newest);
    }
}
