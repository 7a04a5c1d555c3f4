//! Explanations of verdicts in English and Chinese.

use super::repetition::SideSummary;
use super::{Category, CycleMove, Reason, Ruleset};
use crate::rules::{Color, Piece, Role, Square};

fn color_en(c: Color) -> &'static str {
    match c {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

fn color_zh(c: Color) -> &'static str {
    match c {
        Color::Red => "红方",
        Color::Black => "黑方",
    }
}

pub(in crate::rules) fn role_zh(r: Role) -> &'static str {
    match r {
        Role::General => "将",
        Role::Advisor => "士",
        Role::Elephant => "象",
        Role::Horse => "马",
        Role::Chariot => "车",
        Role::Cannon => "炮",
        Role::Soldier => "兵",
    }
}

fn ruleset_en(r: Ruleset) -> &'static str {
    match r {
        Ruleset::Axf => "AXF",
        Ruleset::Cxa => "CXA",
    }
}

fn ruleset_zh(r: Ruleset) -> &'static str {
    match r {
        Ruleset::Axf => "亚洲棋例",
        Ruleset::Cxa => "中国棋例",
    }
}

fn join_en(items: &[String]) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} and {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

/// The chased pieces of `color`'s moves and the roles that chased them, in order of first appearance.
fn chased_summary(
    cycle: &[CycleMove],
    color: Color,
    only: Option<crate::rules::Bitboard>,
) -> Vec<(Piece, Square, bool, Vec<Role>)> {
    let mut out: Vec<(Piece, Square, bool, Vec<Role>)> = Vec::new();
    for c in cycle.iter().filter(|c| c.color == color) {
        for p in &c.chased {
            if only.is_some_and(|b| !b.contains(p.origin)) {
                continue;
            }
            let entry = match out.iter_mut().position(|e| e.1 == p.origin) {
                Some(i) => &mut out[i],
                None => {
                    out.push((p.piece, p.origin, p.protected, Vec::new()));
                    out.last_mut().unwrap_or_else(|| unreachable!())
                }
            };
            entry.2 &= p.protected;
            for (a, _) in &p.attackers {
                if !entry.3.contains(&a.role) {
                    entry.3.push(a.role);
                }
            }
        }
    }
    out
}

fn chase_phrase(
    cycle: &[CycleMove],
    offender: Color,
    summary: &SideSummary,
    ruleset: Ruleset,
) -> (String, String) {
    let only = if ruleset == Ruleset::Axf {
        summary.common_targets
    } else {
        None
    };
    let list = chased_summary(cycle, offender, only);
    let en: Vec<String> = list
        .iter()
        .map(|(p, sq, prot, roles)| {
            let prot = if *prot { "protected" } else { "unprotected" };
            let by: Vec<String> = roles.iter().map(|r| format!("the {}", r.name())).collect();
            format!(
                "the {prot} {} {} on {sq} with {}",
                p.color.name(),
                p.role.name(),
                join_en(&by)
            )
        })
        .collect();
    let zh: Vec<String> = list
        .iter()
        .map(|(p, sq, prot, roles)| {
            let prot = if *prot { "有根" } else { "无根" };
            let by: String = roles
                .iter()
                .map(|r| role_zh(*r))
                .collect::<Vec<_>>()
                .join("、");
            format!(
                "用{by}捉{}{sq}位{prot}的{}",
                color_zh(p.color).trim_end_matches('方'),
                role_zh(p.role)
            )
        })
        .collect();
    (join_en(&en), zh.join("，"))
}

/// Explanation of a repetition verdict.
pub(in crate::rules) fn repetition(
    reason: Reason,
    offender: Option<Color>,
    ruleset: Ruleset,
    cycle: &[CycleMove],
    sides: &[SideSummary; 2],
) -> (String, String) {
    let rs = ruleset_en(ruleset);
    let rz = ruleset_zh(ruleset);
    match (reason, offender) {
        (Reason::PerpetualCheck, Some(o)) => (
            format!(
                "{} gave check on every move of the cycle (perpetual check) while {} did not; under {rs} rules perpetual check is forbidden, the checker must vary and loses.",
                color_en(o),
                color_en(o.other())
            ),
            format!(
                "{}在循环中着着将军（长将），{}并非长将；按{rz}，单方面长将必须变着，不变判负。",
                color_zh(o),
                color_zh(o.other())
            ),
        ),
        (Reason::PerpetualChase, Some(o)) => {
            let (en, zh) = chase_phrase(cycle, o, &sides[o.index()], ruleset);
            (
                format!(
                    "{} chased {en} on every move of the cycle; under {rs} rules the chaser must vary and loses.",
                    color_en(o)
                ),
                format!(
                    "{}在循环中每着都{zh}（长捉）；按{rz}，长捉一方必须变着，不变判负。",
                    color_zh(o)
                ),
            )
        }
        (Reason::PerpetualMateThreat, Some(o)) => (
            format!(
                "{} threatened mate on every move of the cycle (perpetual mate threat); under {rs} rules this is forbidden, the threatening side must vary and loses.",
                color_en(o)
            ),
            format!(
                "{}在循环中着着叫杀（长杀）；按{rz}，长杀属禁止着法，必须变着，不变判负。",
                color_zh(o)
            ),
        ),
        (Reason::PerpetualAttack, Some(o)) => {
            let kinds: Vec<&str> = [Category::Check, Category::MateThreat, Category::Chase]
                .into_iter()
                .filter(|k| cycle.iter().any(|c| c.color == o && c.category == *k))
                .map(|k| match k {
                    Category::Check => "checked",
                    Category::MateThreat => "threatened mate",
                    _ => "chased",
                })
                .collect();
            let kinds_zh: String = [Category::Check, Category::MateThreat, Category::Chase]
                .into_iter()
                .filter(|k| cycle.iter().any(|c| c.color == o && c.category == *k))
                .map(Category::chinese)
                .collect::<Vec<_>>()
                .join("、");
            (
                format!(
                    "{} {} on every move of the cycle, never making a quiet move; under {rs} rules any such mixture of attacks is forbidden (perpetual attack), the attacker must vary and loses.",
                    color_en(o),
                    kinds.join(" or ")
                ),
                format!(
                    "{}在循环中着着为{kinds_zh}，没有闲着（长打）；按{rz}，一将一捉、一将一杀等均属禁止着法，必须变着，不变判负。",
                    color_zh(o)
                ),
            )
        }
        (Reason::MutualPerpetual, _) => {
            let both_check = sides[0].all_check && sides[1].all_check;
            if both_check {
                (
                    format!("Both sides gave check on every move of the cycle (mutual perpetual check); under {rs} rules the game is drawn."),
                    format!("双方在循环中着着将军（解将还将）；按{rz}，判和。"),
                )
            } else {
                (
                    format!("Both sides broke the repetition rules in the same way on every move of the cycle (mutual perpetual attack); under {rs} rules the game is drawn."),
                    format!("双方在循环中均为禁止着法（双方长打）；按{rz}，判和。"),
                )
            }
        }
        _ => (
            format!("The position occurred for the third time and neither side made a forbidden perpetual attack; under {rs} rules the game is drawn."),
            format!("局面循环重复，双方均未违反棋例（均为允许着法）；按{rz}，判和。"),
        ),
    }
}

/// Explanation of the other endings. `loser` is the side that lost, if any.
pub(in crate::rules) fn simple(
    reason: Reason,
    loser: Option<Color>,
    move_limit: u32,
) -> (String, String) {
    let l = loser.unwrap_or(Color::Red);
    let w = l.other();
    match reason {
        Reason::Checkmate => (
            format!("{} is checkmated; {} wins.", color_en(l), color_en(w)),
            format!("{}被将死，{}胜。", color_zh(l), color_zh(w)),
        ),
        Reason::Stalemate => (
            format!(
                "{} has no legal move (stalemate); in xiangqi the stalemated side loses, so {} wins.",
                color_en(l),
                color_en(w)
            ),
            format!("{}无子可动（困毙），判负；{}胜。", color_zh(l), color_zh(w)),
        ),
        Reason::MoveLimit => (
            format!(
                "{} moves ({move_limit} plies) have been played without a capture; the game is drawn by the natural move limit.",
                move_limit / 2
            ),
            format!("双方连续{}回合未吃子（自然限着）；判和。", move_limit / 2),
        ),
        Reason::DeadPosition => (
            "Neither side has the material to ever give mate; the game is drawn (dead position).".to_string(),
            "双方均无取胜可能（无子可胜）；判和。".to_string(),
        ),
        Reason::Resignation => (
            format!("{} resigned; {} wins.", color_en(l), color_en(w)),
            format!("{}认输，{}胜。", color_zh(l), color_zh(w)),
        ),
        Reason::Agreement => (
            "The players agreed a draw.".to_string(),
            "双方同意和棋。".to_string(),
        ),
        Reason::TimeForfeit => (
            format!("{} ran out of time; {} wins.", color_en(l), color_en(w)),
            format!("{}超时判负，{}胜。", color_zh(l), color_zh(w)),
        ),
        Reason::IllegalMove => (
            format!("{} made an illegal move and loses; {} wins.", color_en(l), color_en(w)),
            format!("{}走出违规着法，判负；{}胜。", color_zh(l), color_zh(w)),
        ),
        _ => (String::new(), String::new()),
    }
}
