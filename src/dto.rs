//! Plain data crossing the boundary as JS objects (camelCase, built by `serde-wasm-bindgen`). Their TypeScript
//! shapes are written out in `types.d.ts`; `tests/js` checks the two agree. The records returned in bulk
//! (`MoveInfo`, `PieceInfo`) are built by hand in [`super::move_info`] with cached strings instead.

use serde::Serialize;
use wasm_bindgen::JsValue;
use xiangqi::adjudication::{Classification, Options};
use xiangqi::{Color, Language};

/// Serialises a DTO: `None` becomes `null`, maps become plain objects.
pub(crate) fn to_js<T: Serialize>(value: &T) -> JsValue {
    let ser = serde_wasm_bindgen::Serializer::new().serialize_missing_as_null(true);
    // Our DTOs hold only strings, booleans, numbers, options and vectors: serialising them cannot fail.
    value.serialize(&ser).unwrap_or(JsValue::NULL)
}

/// The answer of `validate` (`Validation`).
#[derive(Serialize)]
pub(crate) struct Validation {
    pub legal: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// For a legal move that completes a repetition: the verdict it would bring.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub warning: Option<OutcomeDto>,
}

/// The answer of `validateFen` (`FenValidation`).
#[derive(Serialize)]
pub(crate) struct FenValidation {
    pub ok: bool,
    pub errors: Vec<FenProblemDto>,
}

/// One problem of a FEN (`FenProblem`).
#[derive(Serialize)]
pub(crate) struct FenProblemDto {
    pub code: &'static str,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub square: Option<String>,
}

/// How a finished game ended (`Outcome`): the verdict of [`xiangqi::Outcome`], its explanation rendered here
/// in every interface language and, for a repetition ruling, the classified cycle.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct OutcomeDto {
    pub result: &'static str,
    pub winner: Option<&'static str>,
    pub reason: &'static str,
    pub ruleset: &'static str,
    pub offender: Option<&'static str>,
    pub explanation: String,
    pub explanation_zh: String,
    pub explanations: ExplanationsDto,
    pub ply: usize,
    pub cycle: Vec<CycleMoveDto>,
}

/// The explanation in each interface language: `{ en, zh, "zh-Hant", vi }`.
#[derive(Serialize)]
pub(crate) struct ExplanationsDto {
    pub en: String,
    pub zh: String,
    #[serde(rename = "zh-Hant")]
    pub zh_hant: String,
    pub vi: String,
}

/// One move of a repetition cycle (`CycleMove`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CycleMoveDto {
    pub ply: usize,
    #[serde(rename = "move")]
    pub mv: String,
    pub color: &'static str,
    pub category: &'static str,
    pub targets: Vec<TargetDto>,
}

/// A chased piece (`ChaseTarget`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct TargetDto {
    pub square: String,
    pub color: &'static str,
    pub kind: &'static str,
    pub protected: bool,
    pub attackers: Vec<AttackerDto>,
}

/// A chasing piece (`Attacker`).
#[derive(Serialize)]
pub(crate) struct AttackerDto {
    pub square: String,
    pub kind: &'static str,
}

/// What `undo()` returns when it took back an external ending: `{ ending: Outcome }`.
#[derive(Serialize)]
pub(crate) struct UndoneEnding {
    pub ending: OutcomeDto,
}

impl UndoneEnding {
    pub(crate) fn of(o: &xiangqi::Outcome) -> UndoneEnding {
        UndoneEnding {
            ending: OutcomeDto::of(o),
        }
    }
}

impl OutcomeDto {
    pub(crate) fn of(o: &xiangqi::Outcome) -> OutcomeDto {
        OutcomeDto {
            result: o.result().as_str(),
            winner: o.winner().map(Color::name),
            reason: o.reason().code(),
            ruleset: o.ruleset().code(),
            offender: o.offender().map(Color::name),
            explanation: o.explain(Language::English),
            explanation_zh: o.explain(Language::Chinese),
            explanations: ExplanationsDto {
                en: o.explain(Language::English),
                zh: o.explain(Language::Chinese),
                zh_hant: o.explain(Language::TraditionalChinese),
                vi: o.explain(Language::Vietnamese),
            },
            ply: o.ply(),
            cycle: o
                .cycle()
                .iter()
                .map(|c| CycleMoveDto {
                    ply: c.ply,
                    mv: c.mv.to_string(),
                    color: c.color.name(),
                    category: c.category.code(),
                    targets: c
                        .chased
                        .iter()
                        .map(|t| TargetDto {
                            square: t.square.to_string(),
                            color: t.piece.color.name(),
                            kind: t.piece.role.name(),
                            protected: t.protected,
                            attackers: t
                                .attackers
                                .iter()
                                .map(|(p, s)| AttackerDto {
                                    square: s.to_string(),
                                    kind: p.role.name(),
                                })
                                .collect(),
                        })
                        .collect(),
                })
                .collect(),
        }
    }
}

/// The answer of `classifyMove` (`MoveClassification`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ClassificationDto {
    pub category: &'static str,
    pub check: bool,
    pub mate_threat: bool,
    pub targets: Vec<TargetDto>,
}

impl ClassificationDto {
    pub(crate) fn of(c: &Classification) -> ClassificationDto {
        let mut targets: Vec<TargetDto> = Vec::new();
        for pair in &c.chases {
            let sq = pair.target_square.to_string();
            let attacker = AttackerDto {
                square: pair.attacker_square.to_string(),
                kind: pair.attacker.role.name(),
            };
            match targets.iter_mut().find(|t| t.square == sq) {
                Some(t) => t.attackers.push(attacker),
                None => targets.push(TargetDto {
                    square: sq,
                    color: pair.target.color.name(),
                    kind: pair.target.role.name(),
                    protected: pair.protected,
                    attackers: vec![attacker],
                }),
            }
        }
        ClassificationDto {
            category: c.category.code(),
            check: c.check,
            mate_threat: c.mate_threat,
            targets,
        }
    }
}

/// The normalised options of a game (`GameOptions`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct OptionsDto {
    pub rules: &'static str,
    pub move_limit: u32,
    pub repetition_count: u32,
    pub mode: &'static str,
    pub check_discount: bool,
    pub mate_threat_depth: u32,
}

impl OptionsDto {
    pub(crate) fn of(o: &Options) -> OptionsDto {
        OptionsDto {
            rules: o.ruleset.code(),
            move_limit: o.move_limit / 2,
            repetition_count: o.repetition_count,
            mode: o.mode.code(),
            check_discount: o.check_discount,
            mate_threat_depth: o.mate_threat_depth,
        }
    }
}

/// An opening's names (`OpeningNames`): Chinese (the published ECCO list), the same in traditional characters, and
/// English (the project's).
#[derive(Serialize)]
pub(crate) struct OpeningNames {
    pub zh: &'static str,
    #[serde(rename = "zhHant")]
    pub zh_hant: String,
    pub en: &'static str,
}

/// A game's opening (`Opening`): `{ code, ply, names }`.
#[derive(Serialize)]
pub(crate) struct OpeningDto {
    pub code: String,
    pub ply: usize,
    pub names: OpeningNames,
}

impl OpeningDto {
    pub(crate) fn of(o: &xiangqi::opening::Opening) -> OpeningDto {
        OpeningDto {
            code: o.code.to_string(),
            ply: o.ply,
            names: OpeningNames {
                zh: o.code.name_zh(),
                zh_hant: o.code.name_zh_hant(),
                en: o.code.name_en(),
            },
        }
    }
}
