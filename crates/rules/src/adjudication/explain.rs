//! Explanations of verdicts, rendered on demand from the plain data of an [`Outcome`] or a
//! [`RepetitionRuling`], in English, Simplified Chinese, Traditional Chinese or Vietnamese. The rulings never
//! build a sentence: only a caller that shows one pays for it.

use super::repetition::{summarize, SideSummary};
use super::{Category, CycleMove, Outcome, Reason, RepetitionRuling, Ruleset};
use crate::names::Named;
use crate::{Bitboard, Color, Piece, Role, Square};
use core::fmt;

/// The language of an explanation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Language {
    /// English.
    #[default]
    English,
    /// Chinese (简体中文, jiǎntǐ zhōngwén).
    Chinese,
    /// Traditional Chinese (繁體中文, fántǐ zhōngwén), as Taiwan, Hong Kong and overseas clubs write it.
    TraditionalChinese,
    /// Vietnamese (Tiếng Việt): the cờ tướng words of Vietnamese players.
    Vietnamese,
}

impl Language {
    /// Every language, in the order the interfaces list them.
    pub const ALL: [Language; 4] = [
        Language::English,
        Language::Chinese,
        Language::TraditionalChinese,
        Language::Vietnamese,
    ];

    /// The BCP 47 tag: `"en"`, `"zh"`, `"zh-Hant"`, `"vi"`.
    pub const fn tag(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Chinese => "zh",
            Language::TraditionalChinese => "zh-Hant",
            Language::Vietnamese => "vi",
        }
    }
}

impl Outcome {
    /// A sentence a player understands, saying why the game ended and who won, in `language`:
    ///
    /// ```
    /// use xiangqi::{Color, Game, Language};
    ///
    /// let mut game = Game::default();
    /// let outcome = game.resign(Color::Black).unwrap();
    /// assert_eq!(outcome.explain(Language::English), "Black resigned; Red wins.");
    /// assert_eq!(outcome.explain(Language::Chinese), "黑方认输，红方胜。");
    /// assert_eq!(outcome.to_string(), "Black resigned; Red wins."); // Display: English
    /// ```
    pub fn explain(&self, language: Language) -> String {
        if self.reason.is_repetition() {
            return repetition(
                language,
                self.reason,
                self.offender,
                self.ruleset,
                &self.cycle,
                self.repetition_count,
            );
        }
        simple(language, self.reason, self.loser(), self.move_limit)
    }
}

/// The explanation in English.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.explain(Language::English))
    }
}

impl RepetitionRuling {
    /// The sentence explaining the ruling, in `language` (the one a game's [`Outcome::explain`] gives).
    pub fn explain(&self, language: Language) -> String {
        repetition(
            language,
            self.reason,
            self.offender,
            self.ruleset,
            &self.cycle,
            self.repetition_count,
        )
    }
}

/// The explanation in English.
impl fmt::Display for RepetitionRuling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.explain(Language::English))
    }
}

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

fn color_hant(c: Color) -> &'static str {
    match c {
        Color::Red => "紅方",
        Color::Black => "黑方",
    }
}

/// `Đỏ` / `Đen`, as a sentence starts.
fn color_vi(c: Color) -> &'static str {
    match c {
        Color::Red => "Bên đỏ",
        Color::Black => "Bên đen",
    }
}

/// `bên đỏ` / `bên đen`, inside a sentence.
fn color_vi_lower(c: Color) -> &'static str {
    match c {
        Color::Red => "bên đỏ",
        Color::Black => "bên đen",
    }
}

fn role_hant(r: Role) -> &'static str {
    match r {
        Role::General => "將",
        Role::Advisor => "士",
        Role::Elephant => "象",
        Role::Horse => "馬",
        Role::Chariot => "車",
        Role::Cannon => "炮",
        Role::Soldier => "兵",
    }
}

fn role_vi(r: Role) -> &'static str {
    match r {
        Role::General => "tướng",
        Role::Advisor => "sĩ",
        Role::Elephant => "tượng",
        Role::Horse => "mã",
        Role::Chariot => "xe",
        Role::Cannon => "pháo",
        Role::Soldier => "tốt",
    }
}

fn join_vi(items: &[String]) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} và {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

fn role_zh(r: Role) -> &'static str {
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

/// `second`, `third`, … `tenth`, then `11th`, `21st`, `22nd`, ….
fn ordinal_en(n: u32) -> String {
    const WORDS: [&str; 11] = [
        "", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth",
    ];
    if let Some(w) = WORDS.get(n as usize).filter(|w| !w.is_empty()) {
        return (*w).to_string();
    }
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

fn join_en(items: &[String]) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} and {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

/// One chased piece of a side's moves: the piece, its identity (origin), whether it was protected on every
/// move, and the roles that chased it, in order of first appearance.
struct Chased {
    piece: Piece,
    origin: Square,
    protected: bool,
    by: Vec<Role>,
}

/// The chased pieces of `color`'s moves (only those whose origin is in `only`, if given).
fn chased_summary(cycle: &[CycleMove], color: Color, only: Option<Bitboard>) -> Vec<Chased> {
    let mut out: Vec<Chased> = Vec::new();
    for c in cycle.iter().filter(|c| c.color == color) {
        for p in &c.chased {
            if only.is_some_and(|b| !b.contains(p.origin)) {
                continue;
            }
            let i = match out.iter().position(|e| e.origin == p.origin) {
                Some(i) => i,
                None => {
                    out.push(Chased {
                        piece: p.piece,
                        origin: p.origin,
                        protected: p.protected,
                        by: Vec::new(),
                    });
                    out.len() - 1
                }
            };
            let entry = &mut out[i];
            entry.protected &= p.protected;
            for (a, _) in &p.attackers {
                if !entry.by.contains(&a.role) {
                    entry.by.push(a.role);
                }
            }
        }
    }
    out
}

/// The kinds of attack (check, mate threat, chase) `offender` made in `cycle`, in that order: what a perpetual
/// attack (长打, cháng dǎ) mixed, for its explanation in every language.
fn attack_kinds(cycle: &[CycleMove], offender: Color) -> impl Iterator<Item = Category> + '_ {
    [Category::Check, Category::MateThreat, Category::Chase]
        .into_iter()
        .filter(move |k| {
            cycle
                .iter()
                .any(|m| m.color == offender && m.category == *k)
        })
}

/// What `offender` chased, as a phrase of `language`.
fn chase_phrase(
    language: Language,
    cycle: &[CycleMove],
    offender: Color,
    summary: &SideSummary,
    ruleset: Ruleset,
) -> String {
    let only = if ruleset == Ruleset::Axf {
        summary.common_targets
    } else {
        None
    };
    let list = chased_summary(cycle, offender, only);
    match language {
        Language::English => {
            let phrases: Vec<String> = list
                .iter()
                .map(|c| {
                    let prot = if c.protected {
                        "protected"
                    } else {
                        "unprotected"
                    };
                    let by: Vec<String> =
                        c.by.iter().map(|r| format!("the {}", r.name())).collect();
                    format!(
                        "the {prot} {} {} on {} with {}",
                        c.piece.color.name(),
                        c.piece.role.name(),
                        c.origin,
                        join_en(&by)
                    )
                })
                .collect();
            join_en(&phrases)
        }
        Language::Chinese | Language::TraditionalChinese => {
            let hant = language == Language::TraditionalChinese;
            let role: fn(Role) -> &'static str = if hant { role_hant } else { role_zh };
            let color: fn(Color) -> &'static str = if hant { color_hant } else { color_zh };
            list.iter()
                .map(|c| {
                    let prot = match (c.protected, hant) {
                        (true, _) => "有根",
                        (false, false) => "无根",
                        (false, true) => "無根",
                    };
                    let by = c.by.iter().map(|r| role(*r)).collect::<Vec<_>>().join("、");
                    format!(
                        "用{by}捉{}{}位{prot}的{}",
                        color(c.piece.color).trim_end_matches('方'),
                        c.origin,
                        role(c.piece.role)
                    )
                })
                .collect::<Vec<_>>()
                .join("，")
        }
        Language::Vietnamese => {
            let phrases: Vec<String> = list
                .iter()
                .map(|c| {
                    let prot = if c.protected {
                        "có quân bảo vệ"
                    } else {
                        "không có quân bảo vệ"
                    };
                    let by: Vec<String> = c.by.iter().map(|r| role_vi(*r).to_string()).collect();
                    format!(
                        "{} {} ở {} ({prot}) bằng {}",
                        role_vi(c.piece.role),
                        if c.piece.color == Color::Red {
                            "đỏ"
                        } else {
                            "đen"
                        },
                        c.origin,
                        join_vi(&by)
                    )
                })
                .collect();
            join_vi(&phrases)
        }
    }
}

/// Explanation of a repetition verdict.
fn repetition(
    language: Language,
    reason: Reason,
    offender: Option<Color>,
    ruleset: Ruleset,
    cycle: &[CycleMove],
    repetition_count: u32,
) -> String {
    match language {
        Language::TraditionalChinese => {
            return repetition_hant(reason, offender, ruleset, cycle, repetition_count)
        }
        Language::Vietnamese => {
            return repetition_vi(reason, offender, ruleset, cycle, repetition_count)
        }
        Language::English | Language::Chinese => {}
    }
    let en = language == Language::English;
    let rs = ruleset_en(ruleset);
    // The rule set's one Chinese name, from the list of names (亚洲棋规 / 中国棋规).
    let rz = ruleset.names().zh;
    match (reason, offender) {
        (Reason::PerpetualCheck, Some(o)) if en => format!(
            "{} gave check on every move of the cycle (perpetual check) while {} did not; under {rs} rules perpetual check is forbidden, the checker must vary and loses.",
            color_en(o),
            color_en(o.other())
        ),
        (Reason::PerpetualCheck, Some(o)) => format!(
            "{}在循环中着着将军（长将），{}并非长将；按{rz}，单方面长将必须变着，不变判负。",
            color_zh(o),
            color_zh(o.other())
        ),
        (Reason::PerpetualChase, Some(o)) => {
            let what = chase_phrase(language, cycle, o, &summarize(cycle, o, ruleset), ruleset);
            if en {
                format!(
                    "{} chased {what} on every move of the cycle; under {rs} rules the chaser must vary and loses.",
                    color_en(o)
                )
            } else {
                format!(
                    "{}在循环中每着都{what}（长捉）；按{rz}，长捉一方必须变着，不变判负。",
                    color_zh(o)
                )
            }
        }
        (Reason::PerpetualMateThreat, Some(o)) if en => format!(
            "{} threatened mate on every move of the cycle (perpetual mate threat); under {rs} rules this is forbidden, the threatening side must vary and loses.",
            color_en(o)
        ),
        (Reason::PerpetualMateThreat, Some(o)) => format!(
            "{}在循环中着着叫杀（长杀）；按{rz}，长杀属禁止着法，必须变着，不变判负。",
            color_zh(o)
        ),
        (Reason::PerpetualAttack, Some(o)) => {
            let kinds = attack_kinds(cycle, o);
            if en {
                let kinds: Vec<&str> = kinds
                    .map(|k| match k {
                        Category::Check => "checked",
                        Category::MateThreat => "threatened mate",
                        _ => "chased",
                    })
                    .collect();
                format!(
                    "{} {} on every move of the cycle, never making a quiet move; under {rs} rules any such mixture of attacks is forbidden (perpetual attack), the attacker must vary and loses.",
                    color_en(o),
                    kinds.join(" or ")
                )
            } else {
                let kinds = kinds.map(Category::chinese).collect::<Vec<_>>().join("、");
                format!(
                    "{}在循环中着着为{kinds}，没有闲着（长打）；按{rz}，一将一捉、一将一杀等均属禁止着法，必须变着，不变判负。",
                    color_zh(o)
                )
            }
        }
        (Reason::MutualPerpetual, _) => {
            let all_check = |c| summarize(cycle, c, ruleset).all_check;
            match (all_check(Color::Red) && all_check(Color::Black), en) {
                (true, true) => format!("Both sides gave check on every move of the cycle (mutual perpetual check); under {rs} rules the game is drawn."),
                (true, false) => format!("双方在循环中着着将军（解将还将）；按{rz}，判和。"),
                (false, true) => format!("Both sides broke the repetition rules in the same way on every move of the cycle (mutual perpetual attack); under {rs} rules the game is drawn."),
                (false, false) => format!("双方在循环中均为禁止着法（双方长打）；按{rz}，判和。"),
            }
        }
        _ if en => format!(
            "The position occurred for the {} time and neither side made a forbidden perpetual attack; under {rs} rules the game is drawn.",
            ordinal_en(repetition_count)
        ),
        _ => format!("局面循环重复，双方均未违反棋例（均为允许着法）；按{rz}，判和。"),
    }
}

/// Explanation of the other endings. `loser` is the side that lost, if any; `move_limit` is in plies.
fn simple(language: Language, reason: Reason, loser: Option<Color>, move_limit: u32) -> String {
    let l = loser.unwrap_or(Color::Red);
    let w = l.other();
    match language {
        Language::TraditionalChinese => return simple_hant(reason, loser, move_limit),
        Language::Vietnamese => return simple_vi(reason, loser, move_limit),
        Language::English | Language::Chinese => {}
    }
    let en = language == Language::English;
    match reason {
        Reason::Checkmate if en => format!("{} is checkmated; {} wins.", color_en(l), color_en(w)),
        Reason::Checkmate => format!("{}被将死，{}胜。", color_zh(l), color_zh(w)),
        Reason::Stalemate if en => format!(
            "{} has no legal move (stalemate); in xiangqi the stalemated side loses, so {} wins.",
            color_en(l),
            color_en(w)
        ),
        Reason::Stalemate => format!("{}无子可动（困毙），判负；{}胜。", color_zh(l), color_zh(w)),
        Reason::MoveLimit if en => format!(
            "{} moves ({move_limit} plies) have been played without a capture; the game is drawn by the natural move limit.",
            move_limit / 2
        ),
        Reason::MoveLimit => format!("双方连续{}回合未吃子（自然限着）；判和。", move_limit / 2),
        Reason::DeadPosition if en => {
            "Neither side has the material to ever give mate; the game is drawn (dead position).".to_string()
        }
        Reason::DeadPosition => "双方均无取胜可能（无子可胜）；判和。".to_string(),
        Reason::Resignation if en => format!("{} resigned; {} wins.", color_en(l), color_en(w)),
        Reason::Resignation => format!("{}认输，{}胜。", color_zh(l), color_zh(w)),
        Reason::Agreement if en => "The players agreed a draw.".to_string(),
        Reason::Agreement => "双方同意和棋。".to_string(),
        Reason::TimeForfeit if en => format!("{} ran out of time; {} wins.", color_en(l), color_en(w)),
        Reason::TimeForfeit => format!("{}超时判负，{}胜。", color_zh(l), color_zh(w)),
        Reason::IllegalMove if en => format!(
            "{} made an illegal move and loses; {} wins.",
            color_en(l),
            color_en(w)
        ),
        Reason::IllegalMove => format!("{}走出违规着法，判负；{}胜。", color_zh(l), color_zh(w)),
        Reason::Recorded if en => match loser {
            Some(_) => format!("The record gives the result: {} won.", color_en(w)),
            None => "The record gives the result: a draw.".to_string(),
        },
        Reason::Recorded => match loser {
            Some(_) => format!("棋谱记载：{}胜。", color_zh(w)),
            None => "棋谱记载：和棋。".to_string(),
        },
        _ => String::new(),
    }
}

/// The rule set's Traditional Chinese name (亞洲棋規 / 中國棋規).
fn ruleset_hant(r: Ruleset) -> &'static str {
    match r {
        Ruleset::Axf => "亞洲棋規",
        Ruleset::Cxa => "中國棋規",
    }
}

/// The rule set as Vietnamese players name it.
fn ruleset_vi(r: Ruleset) -> &'static str {
    match r {
        Ruleset::Axf => "luật châu Á (AXF)",
        Ruleset::Cxa => "luật Trung Quốc (CXA)",
    }
}

/// [`repetition`] in Traditional Chinese.
fn repetition_hant(
    reason: Reason,
    offender: Option<Color>,
    ruleset: Ruleset,
    cycle: &[CycleMove],
    _repetition_count: u32,
) -> String {
    let rz = ruleset_hant(ruleset);
    let c = color_hant;
    match (reason, offender) {
        (Reason::PerpetualCheck, Some(o)) => format!(
            "{}在循環中著著將軍（長將），{}並非長將；按{rz}，單方面長將必須變著，不變判負。",
            c(o),
            c(o.other())
        ),
        (Reason::PerpetualChase, Some(o)) => {
            let what = chase_phrase(
                Language::TraditionalChinese,
                cycle,
                o,
                &summarize(cycle, o, ruleset),
                ruleset,
            );
            format!(
                "{}在循環中每著都{what}（長捉）；按{rz}，長捉一方必須變著，不變判負。",
                c(o)
            )
        }
        (Reason::PerpetualMateThreat, Some(o)) => format!(
            "{}在循環中著著叫殺（長殺）；按{rz}，長殺屬禁止著法，必須變著，不變判負。",
            c(o)
        ),
        (Reason::PerpetualAttack, Some(o)) => {
            let kinds = attack_kinds(cycle, o)
                .map(|k| match k {
                    Category::Check => "將",
                    Category::MateThreat => "殺",
                    Category::Chase => "捉",
                    Category::Idle => "閒",
                })
                .collect::<Vec<_>>()
                .join("、");
            format!(
                "{}在循環中著著為{kinds}，沒有閒著（長打）；按{rz}，一將一捉、一將一殺等均屬禁止著法，必須變著，不變判負。",
                c(o)
            )
        }
        (Reason::MutualPerpetual, _) => {
            let all_check = |c| summarize(cycle, c, ruleset).all_check;
            if all_check(Color::Red) && all_check(Color::Black) {
                format!("雙方在循環中著著將軍（解將還將）；按{rz}，判和。")
            } else {
                format!("雙方在循環中均為禁止著法（雙方長打）；按{rz}，判和。")
            }
        }
        _ => format!("局面循環重複，雙方均未違反棋例（均為允許著法）；按{rz}，判和。"),
    }
}

/// [`repetition`] in Vietnamese.
fn repetition_vi(
    reason: Reason,
    offender: Option<Color>,
    ruleset: Ruleset,
    cycle: &[CycleMove],
    repetition_count: u32,
) -> String {
    let rs = ruleset_vi(ruleset);
    match (reason, offender) {
        (Reason::PerpetualCheck, Some(o)) => format!(
            "{} chiếu tướng ở mọi nước của vòng lặp (chiếu mãi) còn {} thì không; theo {rs}, chiếu mãi bị cấm: bên chiếu phải đổi nước, không đổi thì bị xử thua.",
            color_vi(o),
            color_vi_lower(o.other())
        ),
        (Reason::PerpetualChase, Some(o)) => {
            let what = chase_phrase(
                Language::Vietnamese,
                cycle,
                o,
                &summarize(cycle, o, ruleset),
                ruleset,
            );
            format!(
                "{} đuổi bắt {what} ở mọi nước của vòng lặp (đuổi bắt mãi); theo {rs}, bên đuổi bắt phải đổi nước, không đổi thì bị xử thua.",
                color_vi(o)
            )
        }
        (Reason::PerpetualMateThreat, Some(o)) => format!(
            "{} dọa chiếu bí ở mọi nước của vòng lặp (dọa bí mãi); theo {rs}, điều này bị cấm: bên dọa phải đổi nước, không đổi thì bị xử thua.",
            color_vi(o)
        ),
        (Reason::PerpetualAttack, Some(o)) => {
            let kinds: Vec<&str> = attack_kinds(cycle, o)
                .map(|k| match k {
                    Category::Check => "chiếu tướng",
                    Category::MateThreat => "dọa chiếu bí",
                    _ => "đuổi bắt",
                })
                .collect();
            format!(
                "{} {} ở mọi nước của vòng lặp, không có nước nhàn nào (tấn công mãi); theo {rs}, mọi kiểu tấn công liên tục như vậy đều bị cấm: bên tấn công phải đổi nước, không đổi thì bị xử thua.",
                color_vi(o),
                kinds.join(" hoặc ")
            )
        }
        (Reason::MutualPerpetual, _) => {
            let all_check = |c| summarize(cycle, c, ruleset).all_check;
            if all_check(Color::Red) && all_check(Color::Black) {
                format!("Cả hai bên đều chiếu tướng ở mọi nước của vòng lặp (cùng chiếu mãi); theo {rs}, ván cờ hòa.")
            } else {
                format!("Cả hai bên cùng tấn công mãi theo cách bị cấm ở mọi nước của vòng lặp; theo {rs}, ván cờ hòa.")
            }
        }
        _ => format!(
            "Thế cờ lặp lại lần thứ {repetition_count} và không bên nào tấn công mãi theo cách bị cấm; theo {rs}, ván cờ hòa."
        ),
    }
}

/// [`simple`] in Traditional Chinese.
fn simple_hant(reason: Reason, loser: Option<Color>, move_limit: u32) -> String {
    let l = loser.unwrap_or(Color::Red);
    let (l, w) = (color_hant(l), color_hant(l.other()));
    match reason {
        Reason::Checkmate => format!("{l}被將死，{w}勝。"),
        Reason::Stalemate => format!("{l}無子可動（困斃），判負；{w}勝。"),
        Reason::MoveLimit => format!("雙方連續{}回合未吃子（自然限著）；判和。", move_limit / 2),
        Reason::DeadPosition => "雙方均無取勝可能（無子可勝）；判和。".to_string(),
        Reason::Resignation => format!("{l}認輸，{w}勝。"),
        Reason::Agreement => "雙方同意和棋。".to_string(),
        Reason::TimeForfeit => format!("{l}超時判負，{w}勝。"),
        Reason::IllegalMove => format!("{l}走出違規著法，判負；{w}勝。"),
        Reason::Recorded => match loser {
            Some(_) => format!("棋譜記載：{w}勝。"),
            None => "棋譜記載：和棋。".to_string(),
        },
        _ => String::new(),
    }
}

/// [`simple`] in Vietnamese.
fn simple_vi(reason: Reason, loser: Option<Color>, move_limit: u32) -> String {
    let lc = loser.unwrap_or(Color::Red);
    let (l, w) = (color_vi(lc), color_vi_lower(lc.other()));
    match reason {
        Reason::Checkmate => format!("{l} bị chiếu bí; {w} thắng."),
        Reason::Stalemate => format!(
            "{l} không còn nước đi (bị vây chết); trong cờ tướng bên hết nước đi bị xử thua, nên {w} thắng."
        ),
        Reason::MoveLimit => format!(
            "Hai bên đã đi {} nước liền không ăn quân; ván cờ hòa theo luật hạn nước.",
            move_limit / 2
        ),
        Reason::DeadPosition => {
            "Không bên nào còn đủ quân để chiếu bí; ván cờ hòa (hết khả năng thắng).".to_string()
        }
        Reason::Resignation => format!("{l} xin thua; {w} thắng."),
        Reason::Agreement => "Hai bên thỏa thuận hòa.".to_string(),
        Reason::TimeForfeit => format!("{l} hết giờ; {w} thắng."),
        Reason::IllegalMove => format!("{l} đi nước phạm luật nên bị xử thua; {w} thắng."),
        Reason::Recorded => match loser {
            Some(_) => format!("Theo biên bản: {w} thắng."),
            None => "Theo biên bản: hòa.".to_string(),
        },
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::ordinal_en;

    #[test]
    fn ordinals() {
        let got: Vec<String> = [2, 3, 4, 10, 11, 12, 13, 21, 22, 23, 24, 100, 101, 111]
            .map(ordinal_en)
            .into();
        assert_eq!(
            got,
            [
                "second", "third", "fourth", "tenth", "11th", "12th", "13th", "21st", "22nd",
                "23rd", "24th", "100th", "101st", "111th"
            ]
        );
    }
}
