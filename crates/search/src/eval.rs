//! Static evaluation: a score in centipawns (the scale of the piece values below) from the side to move's view.
//!
//! Every term is computed from Red's view and negated for Black. All the sizes are [`WEIGHTS`] and
//! [`PST_CELLS`], fitted to game results by `xiangqi tune` (Texel's method, docs/strength.md *Tuning the
//! evaluation*); the terms, in the order they are added:
//!
//! | term | what it rewards | size (tuned) |
//! |---|---|---|
//! | material | piece values ([`VALUES`] → [`VALUES_END`]), linear in [`phase`] | advisor 85→28, elephant 113→12, horse 377→235, chariot 1157→667, cannon 437→283, soldier 59→122 (plus its piece-square bonus once across the river); advisors and elephants are worth more through palace defence below |
//! | piece-square | where each kind stands best ([`PST_CELLS`], fitted point by point from hand-set tables): soldiers after crossing the river (过河兵, guòhé bīng) and near the palace, centralised and advanced horses, chariots on the ribs (肋道, lèidào) and deep ranks, cannons on the central file (中炮, zhōngpào), advisors/elephants on their central points, the general at home | −59..+173 |
//! | chariot mobility | points a chariot reaches along its rank and file | 9 per point |
//! | horse mobility | targets whose leg (马腿, mǎtuǐ) is free and not held by an own piece; a hobbled horse (蹩马腿, bié mǎtuǐ) with ≤ 1 target pays extra | 17 per target, −25 if ≤ 1 |
//! | cannon mobility | points a cannon can move to along its rank and file | 2 per point |
//! | cannon lines | a cannon on the enemy general's file or rank with no piece between (空头炮, kōngtóupào: the general is pinned to its file and the advisors cannot move in), one (a screen, 炮架, pàojià) or two (a discovered-check threat) | +76, 0, +22 |
//! | soldiers side by side | crossed soldiers next to each other on a rank | 0 per pair |
//! | palace defence | missing advisors (士, shì) and elephants (象, xiàng) cost in proportion to the enemy's attacking force (chariots count 2, horses, cannons and crossed soldiers 1); both advisors or both elephants still home (a pair bonus) | advisor 19, elephant 7 per missing piece per attacker unit; pairs 3, 1 |
//! | palace pressure | enemy chariots, horses and crossed soldiers inside or next to the palace, and each pair of them (attackers that work together) | 20 / 16 / 9 each, 20 for a soldier one step from the general; 15 per pair |
//! | mating material | a side with no chariot, horse, cannon or soldier can never mate (its advisors and elephants do not cross the river); its advantage is divided by 8 | |
//! | tempo | a small bonus for the side to move | 7 |

use xiangqi::attacks::{HORSE_STEPS, SOLDIER_STEPS};
use xiangqi::{Bitboard, Board, Color, Move, Position, Role, Square};

/// The number of the evaluation's scalar weights ([`WEIGHTS`]).
pub const N_WEIGHTS: usize = 30;

/// The number of piece-square cells ([`PST_CELLS`]): 50 per role (ten ranks of five files, the tables being
/// symmetric in files).
pub const N_CELLS: usize = 7 * 50;

/// The number of the evaluation's weights that `xiangqi tune` fits: [`WEIGHTS`], then [`PST_CELLS`] role by
/// role.
pub const N_PARAMS: usize = N_WEIGHTS + N_CELLS;

/// The evaluation's weights in centipawns, by the `P_…` indices below; `xiangqi tune` fits them to game
/// results (docs/strength.md, *Tuning*).
pub const WEIGHTS: [i32; N_WEIGHTS] = [
    85, 113, 377, 1157, 437,
    59, // middle-game values: advisor, elephant, horse, chariot, cannon, soldier
    28, 12, 235, 667, 283, 122, // end-game values, the same order
    9,   // chariot mobility, per point
    17,  // horse mobility, per target
    25,  // a hobbled horse (at most one target)
    76,  // hollow cannon (空头炮)
    22,  // cannon with two pieces between it and the general
    19,  // a missing advisor, per enemy attacker unit
    7,   // a missing elephant, per enemy attacker unit
    20,  // an enemy chariot near the palace
    16,  // an enemy horse near the palace
    9,   // an enemy crossed soldier near the palace
    20,  // an enemy soldier one step from the general
    3,   // both advisors (a pair)
    1,   // both elephants (a pair)
    0,   // cannon with one piece between it and the general (a screen, 炮架)
    2,   // cannon mobility, per point it can move to
    0,   // crossed soldiers side by side, per pair
    15,  // enemy attackers near the palace, per pair of them
    7,   // tempo
];

/// The scalar weights' names, for `xiangqi tune`.
pub const PARAM_NAMES: [&str; N_WEIGHTS] = [
    "advisor (middle game)",
    "elephant (middle game)",
    "horse (middle game)",
    "chariot (middle game)",
    "cannon (middle game)",
    "soldier (middle game)",
    "advisor (end game)",
    "elephant (end game)",
    "horse (end game)",
    "chariot (end game)",
    "cannon (end game)",
    "soldier (end game)",
    "chariot mobility",
    "horse mobility",
    "hobbled horse",
    "hollow cannon",
    "cannon, two between",
    "missing advisor",
    "missing elephant",
    "chariot near the palace",
    "horse near the palace",
    "soldier near the palace",
    "soldier next to the general",
    "advisor pair",
    "elephant pair",
    "cannon, one between",
    "cannon mobility",
    "soldiers side by side",
    "attackers near the palace, pairs",
    "tempo",
];

/// The piece-square bonus of a Red piece, by [`Role::index`] and cell: the cell of the point on file `f`
/// (0..9 from Red's left) and rank `r` (0..10 from Red's back rank) is `5 r + min(f, 8 − f)`. Black uses the
/// point rotated by 180° ([`Square::flip`]). Points a piece can never stand on are 0. Fitted by `xiangqi
/// tune` from hand-set tables: the general safest at home; the advisor on the palace centre; the elephant on
/// e2; horses centralised and advanced, never in the palace heart (窝心马, wōxīn mǎ, which blocks its own
/// general); chariots on the ribs (肋道, lèidào) and deep ranks; cannons on the central file (中炮,
/// zhōngpào) or the enemy back rank (沉底炮, chéndǐ pào); soldiers across the river (过河兵, guòhé bīng),
/// most near the palace.
#[rustfmt::skip]
pub const PST_CELLS: [[i16; 50]; 7] = [
    // General
    [
           0,   0,   0, -10,  14,
           0,   0,   0, -13,  -7,
           0,   0,   0, -29, -23,
           0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,
    ],
    // Advisor
    [
           0,   0,   0,  -8,   0,
           0,   0,   0,   0,  12,
           0,   0,   0,  -3,   0,
           0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,
    ],
    // Elephant
    [
           0,   0,   4,   0,   0,
           0,   0,   0,   0,   0,
         -15,   0,   0,   0,  11,
           0,   0,   0,   0,   0,
           0,   0,   2,   0,   0,
           0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,
    ],
    // Horse
    [
         -28, -18,   3,   7,  16,
         -27,   1,   6,  13, -59,
         -16,   7,  14,  18,  28,
         -10,  13,  21,  20,  39,
          -6,  17,  29,  46,  42,
           7,  26,  32,  54,  64,
          12,  46,  57,  54,  53,
          20,  41,  26,  81,  92,
           6,  32,  62,  52,  61,
         -11,  12,  32,  42,  45,
    ],
    // Chariot
    [
         -28,   3,  -6,  12,   0,
         -11,  -3,  -1,  17,   6,
          -5,   1,  -1,  14,   5,
           0,   6,   4,  22,  12,
           6,  12,  13,  28,  17,
           6,  10,  13,  25,  17,
          12,  18,  24,  34,  23,
          18,  23,  20,  36,  30,
          11,  21,  15,  23,  22,
           0,   7,   7,  25,  13,
    ],
    // Cannon
    [
           0,   3,   5,  11,  34,
           1,   7,   9,  12,  43,
           0,   5,  18,  19,  71,
           0,   5,   7,  11,  34,
          -2,   3,   5,   9,  41,
           2,   3,   7,  11,  53,
           0,  -1,   7,  10,  45,
           0,   2,   7,  11,  35,
           1,   6,   7,   9,  36,
          14,  13,  18,  19,  47,
    ],
    // Soldier
    [
           0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,
          -3,   0,  -5,   0,  11,
           0,   0,  10,   0,  14,
          16,  54,  83,  77,  93,
          74,  75, 126, 132, 139,
          84,  94, 136, 150, 173,
          91, 107, 106, 130, 164,
          45,  41,  42,  42,  41,
    ],
];

/// The cell of [`PST_CELLS`] of a Red piece on `sq`.
pub const fn pst_cell(sq: Square) -> usize {
    let f = sq.file() as usize;
    sq.rank() as usize * 5 + if f > 4 { 8 - f } else { f }
}

/// The index among the tuner's weights ([`all_weights`], [`Trace::cells`]) of the cell of a Red `role` on
/// `sq`.
pub const fn cell_param(role: Role, sq: Square) -> usize {
    N_WEIGHTS + 50 * role.index() + pst_cell(sq)
}

/// Index of the middle-game value of the role with [`Role::index`] `r` (1..=6) is `P_MG + r - 1`.
const P_MG: usize = 0;
/// Index of the end-game values, as [`P_MG`].
const P_EG: usize = 6;
const P_CHARIOT_MOBILITY: usize = 12;
const P_HORSE_MOBILITY: usize = 13;
const P_HOBBLED: usize = 14;
const P_HOLLOW_CANNON: usize = 15;
const P_CANNON_TWO: usize = 16;
const P_MISSING_ADVISOR: usize = 17;
const P_MISSING_ELEPHANT: usize = 18;
const P_NEAR_CHARIOT: usize = 19;
const P_NEAR_HORSE: usize = 20;
const P_NEAR_SOLDIER: usize = 21;
const P_NEXT_SOLDIER: usize = 22;
const P_ADVISOR_PAIR: usize = 23;
const P_ELEPHANT_PAIR: usize = 24;
const P_CANNON_ONE: usize = 25;
const P_CANNON_MOBILITY: usize = 26;
const P_SOLDIER_PAIR: usize = 27;
const P_ATTACKER_PAIRS: usize = 28;
const P_TEMPO: usize = 29;

const fn role_values(first: usize) -> [i32; 7] {
    let mut v = [0; 7];
    let mut r = 1;
    while r < 7 {
        v[r] = WEIGHTS[first + r - 1];
        r += 1;
    }
    v
}

/// Middle-game piece values in centipawns, by [`Role::index`].
pub const VALUES: [i32; 7] = role_values(P_MG);
/// End-game piece values (horse up, cannon down).
pub const VALUES_END: [i32; 7] = role_values(P_EG);

/// Game phase: 0 (only generals, advisors, elephants and soldiers) to [`PHASE_MAX`] (all chariots, horses and
/// cannons on the board). Chariot 4, horse 1, cannon 1.
pub fn phase(board: &Board) -> i32 {
    let r = board.by_role(Role::Chariot).count() as i32;
    let h = board.by_role(Role::Horse).count() as i32;
    let c = board.by_role(Role::Cannon).count() as i32;
    (r * 4 + h + c).min(PHASE_MAX)
}

/// The value of [`phase`] with every chariot, horse and cannon present.
pub const PHASE_MAX: i32 = 16;

const fn pst_table() -> [[[i16; 90]; 7]; 2] {
    let mut out = [[[0i16; 90]; 7]; 2];
    let mut role = 0;
    while role < 7 {
        let mut i = 0;
        while i < 90 {
            let sq = match Square::new(i as u8) {
                Some(s) => s,
                None => panic!(),
            };
            let v = PST_CELLS[role][pst_cell(sq)];
            out[0][role][i] = v;
            out[1][role][sq.flip().index()] = v;
            i += 1;
        }
        role += 1;
    }
    out
}

static PST: [[[i16; 90]; 7]; 2] = pst_table();

/// Whether `color` still has material that can ever give mate (a chariot, horse, cannon or soldier).
#[inline]
pub fn has_mating_material(board: &Board, color: Color) -> bool {
    let attackers = board.by_role(Role::Chariot)
        | board.by_role(Role::Horse)
        | board.by_role(Role::Cannon)
        | board.by_role(Role::Soldier);
    !(board.by_color(color) & attackers).is_empty()
}

/// The terms of the evaluation that change only with the pieces moved, kept up to date move by move by the
/// search ([`Material::after`]) instead of recomputed at every node: the piece-square sums and the number of
/// pieces of each kind, per colour. [`evaluate`] computes them from scratch; the search calls
/// [`evaluate_with`] with its running copy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Material {
    /// Piece-square bonus of each colour's pieces, by [`Color::index`].
    pst: [i32; 2],
    /// Pieces of each colour and kind, by [`Color::index`] and [`Role::index`].
    count: [[u8; 7]; 2],
}

impl Material {
    /// The terms of `board`, counted piece by piece.
    pub fn of(board: &Board) -> Material {
        let mut m = Material::default();
        for (sq, p) in board.pieces() {
            let (c, ri) = (p.color.index(), p.role.index());
            m.pst[c] += PST[c][ri][sq.index()] as i32;
            m.count[c][ri] += 1;
        }
        m
    }

    /// The terms after the move `mv`, legal on `board` (which is the board before it).
    #[inline]
    pub fn after(self, board: &Board, mv: Move) -> Material {
        let mut m = self;
        if let Some(p) = board.piece_at(mv.from) {
            let (c, ri) = (p.color.index(), p.role.index());
            m.pst[c] += PST[c][ri][mv.to.index()] as i32 - PST[c][ri][mv.from.index()] as i32;
        }
        if let Some(q) = board.piece_at(mv.to) {
            let (c, ri) = (q.color.index(), q.role.index());
            m.pst[c] -= PST[c][ri][mv.to.index()] as i32;
            m.count[c][ri] -= 1;
        }
        m
    }

    /// [`phase`] from the counts.
    #[inline]
    fn phase(&self) -> i32 {
        let kind = |r: Role| (self.count[0][r.index()] + self.count[1][r.index()]) as i32;
        (kind(Role::Chariot) * 4 + kind(Role::Horse) + kind(Role::Cannon)).min(PHASE_MAX)
    }
}

/// The points of the enemy half for each colour's soldiers (where they count as attackers), by
/// [`Color::index`]: Red's ranks 5–9 are the points 45–89, Black's ranks 0–4 the points 0–44.
const ACROSS_RIVER: [Bitboard; 2] = [
    Bitboard(Bitboard::FULL.0 & !((1 << 45) - 1)),
    Bitboard((1 << 45) - 1),
];

/// The static evaluation of `pos` from the side to move's view, in centipawns.
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, &Material::of(pos.board()))
}

/// [`evaluate`] with the move-by-move terms given: `material` must be [`Material::of`] the position's board.
///
/// Only chariots, horses and cannons need a look at the board (their mobility and lines); the rest is counts
/// and sums.
pub fn evaluate_with(pos: &Position, material: &Material) -> i32 {
    debug_assert_eq!(*material, Material::of(pos.board()));
    let mut sum = Sum([0; 2]);
    terms(pos, material, &mut sum);
    let mut red = sum.0[0] - sum.0[1];
    // Mating material: the side ahead must be able to mate.
    let board = pos.board();
    if red > 0 && !has_mating_material(board, Color::Red)
        || red < 0 && !has_mating_material(board, Color::Black)
    {
        red /= 8;
    }
    let stm = if pos.turn() == Color::Red { red } else { -red };
    stm + WEIGHTS[P_TEMPO]
}

/// Where [`terms`] puts what it finds: the engine sums it with [`WEIGHTS`] ([`Sum`]), the tuner records the
/// coefficient of each weight ([`Trace`]).
trait Terms {
    /// `n` times the weight `param` for the colour with [`Color::index`] `c`.
    fn add(&mut self, c: usize, param: usize, n: i32);
    /// The piece values of colour `c`'s pieces (`count` by [`Role::index`]) at phase `ph`.
    fn material(&mut self, c: usize, count: &[u8; 7], ph: i32);
    /// Colour `c`'s piece-square sum (kept move by move in [`Material`]).
    fn pst(&mut self, c: usize, v: i32);
}

/// The engine's [`Terms`]: each colour's score.
struct Sum([i32; 2]);

impl Terms for Sum {
    #[inline(always)]
    fn add(&mut self, c: usize, param: usize, n: i32) {
        self.0[c] += WEIGHTS[param] * n;
    }

    #[inline(always)]
    fn material(&mut self, c: usize, count: &[u8; 7], ph: i32) {
        for ri in 1..7 {
            let v = (VALUES[ri] * ph + VALUES_END[ri] * (PHASE_MAX - ph)) / PHASE_MAX;
            self.0[c] += count[ri] as i32 * v;
        }
    }

    #[inline(always)]
    fn pst(&mut self, c: usize, v: i32) {
        self.0[c] += v;
    }
}

/// The evaluation of a position as a linear function of its weights (all [`N_PARAMS`]: [`WEIGHTS`], then
/// [`PST_CELLS`]), for tuning: the score from Red's view is `Σ coefficient × weight` (divided by 8 when the
/// side ahead cannot mate, see [`Trace::score`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    /// Red's coefficients minus Black's for [`WEIGHTS`]; tempo counts +1 with Red to move, −1 with Black.
    pub coefficients: [f32; N_WEIGHTS],
    /// Red's pieces minus Black's on each piece-square cell that is not 0 for both: (index into the
    /// parameters, [`cell_param`]; the count).
    pub cells: Vec<(u16, f32)>,
    /// Whether each colour (by [`Color::index`]) still has mating material.
    pub can_mate: [bool; 2],
    per_colour: [[f32; N_WEIGHTS]; 2],
}

impl Trace {
    /// The index of tempo among the weights: the one weight added after the mating-material rule.
    pub const TEMPO: usize = P_TEMPO;

    /// The trace of `pos`.
    pub fn of(pos: &Position) -> Trace {
        let mut t = Trace {
            coefficients: [0.0; N_WEIGHTS],
            cells: Vec::with_capacity(32),
            can_mate: [
                has_mating_material(pos.board(), Color::Red),
                has_mating_material(pos.board(), Color::Black),
            ],
            per_colour: [[0.0; N_WEIGHTS]; 2],
        };
        terms(pos, &Material::of(pos.board()), &mut t);
        for (sq, p) in pos.board().pieces() {
            let (pst_sq, n) = if p.color == Color::Red {
                (sq, 1.0)
            } else {
                (sq.flip(), -1.0)
            };
            let i = cell_param(p.role, pst_sq) as u16;
            match t.cells.iter_mut().find(|(j, _)| *j == i) {
                Some((_, c)) => *c += n,
                None => t.cells.push((i, n)),
            }
        }
        t.cells.retain(|&(_, c)| c != 0.0);
        for i in 0..N_WEIGHTS {
            t.coefficients[i] = t.per_colour[0][i] - t.per_colour[1][i];
        }
        t.coefficients[P_TEMPO] = if pos.turn() == Color::Red { 1.0 } else { -1.0 };
        t
    }

    /// The score from Red's view with `weights` (all [`N_PARAMS`] of them), before rounding: what
    /// [`evaluate`] gives (from Red's view) with those weights, up to the rounding of the piece values.
    pub fn score(&self, weights: &[f64]) -> f64 {
        self.score_and_scaled(weights).0
    }

    /// [`Trace::score`], and whether the mating-material rule divided it by 8 (every coefficient but tempo's
    /// then counts an eighth).
    pub fn score_and_scaled(&self, weights: &[f64]) -> (f64, bool) {
        debug_assert_eq!(weights.len(), N_PARAMS);
        let mut red = 0.0;
        for (c, w) in self.coefficients.iter().zip(weights).take(P_TEMPO) {
            red += *c as f64 * w;
        }
        for &(i, c) in &self.cells {
            red += c as f64 * weights[i as usize];
        }
        let scaled = red > 0.0 && !self.can_mate[0] || red < 0.0 && !self.can_mate[1];
        if scaled {
            red /= 8.0;
        }
        (
            red + self.coefficients[P_TEMPO] as f64 * weights[P_TEMPO],
            scaled,
        )
    }
}

/// All [`N_PARAMS`] weights as the tuner sees them: [`WEIGHTS`], then [`PST_CELLS`] role by role.
pub fn all_weights() -> Vec<f64> {
    let mut w: Vec<f64> = WEIGHTS.iter().map(|&x| x as f64).collect();
    for role in &PST_CELLS {
        w.extend(role.iter().map(|&x| x as f64));
    }
    w
}

/// The name of the weight with index `i` of [`all_weights`].
pub fn weight_name(i: usize) -> String {
    if i < N_WEIGHTS {
        return PARAM_NAMES[i].to_string();
    }
    let (role, cell) = ((i - N_WEIGHTS) / 50, (i - N_WEIGHTS) % 50);
    let file = (b'a' + (cell % 5) as u8) as char;
    format!("{:?} on {file}{}", Role::ALL[role], cell / 5)
}

impl Terms for Trace {
    fn add(&mut self, c: usize, param: usize, n: i32) {
        self.per_colour[c][param] += n as f32;
    }

    fn material(&mut self, c: usize, count: &[u8; 7], ph: i32) {
        for (ri, &n) in count.iter().enumerate().skip(1) {
            let n = n as f32;
            self.per_colour[c][P_MG + ri - 1] += n * ph as f32 / PHASE_MAX as f32;
            self.per_colour[c][P_EG + ri - 1] += n * (PHASE_MAX - ph) as f32 / PHASE_MAX as f32;
        }
    }

    fn pst(&mut self, _: usize, _: i32) {
        // Traced cell by cell by [`Trace::of`].
    }
}

/// Every term of the evaluation but tempo and the mating-material rule, per colour.
#[inline(always)]
fn terms<T: Terms>(pos: &Position, material: &Material, t: &mut T) {
    let board = pos.board();
    let ph = material.phase();
    let mut attack_units = [0i32; 2];
    let generals = [pos.general(Color::Red), pos.general(Color::Black)];
    for color in Color::ALL {
        let c = color.index();
        let own = board.by_color(color);
        let count = &material.count[c];
        t.pst(c, material.pst[c]);
        t.material(c, count, ph);
        let mut chariot_points = 0;
        for sq in own & board.by_role(Role::Chariot) {
            let rv = board.rank_view(sq);
            let fv = board.file_view(sq);
            chariot_points +=
                ((rv.quiet | rv.first).count_ones() + (fv.quiet | fv.first).count_ones()) as i32;
        }
        t.add(c, P_CHARIOT_MOBILITY, chariot_points);
        let (mut horse_targets, mut hobbled) = (0, 0);
        for sq in own & board.by_role(Role::Horse) {
            let mut targets = 0;
            for st in HORSE_STEPS[sq.index()].as_slice() {
                if board.is_empty_at(st.block)
                    && !matches!(board.piece_at(st.to), Some(q) if q.color == color)
                {
                    targets += 1;
                }
            }
            horse_targets += targets;
            if targets <= 1 {
                hobbled += 1;
            }
        }
        t.add(c, P_HORSE_MOBILITY, horse_targets);
        t.add(c, P_HOBBLED, -hobbled);
        let (mut hollow, mut one, mut two, mut cannon_points) = (0, 0, 0, 0);
        for sq in own & board.by_role(Role::Cannon) {
            match pieces_between(board, sq, generals[color.other().index()]) {
                Some(0) => hollow += 1,
                Some(1) => one += 1,
                Some(2) => two += 1,
                _ => {}
            }
            cannon_points += (board.rank_view(sq).quiet.count_ones()
                + board.file_view(sq).quiet.count_ones()) as i32;
        }
        t.add(c, P_HOLLOW_CANNON, hollow);
        t.add(c, P_CANNON_ONE, one);
        t.add(c, P_CANNON_TWO, two);
        t.add(c, P_CANNON_MOBILITY, cannon_points);
        let crossed_set = own & board.by_role(Role::Soldier) & ACROSS_RIVER[c];
        let mut side_by_side = 0;
        for sq in crossed_set {
            if sq.file() < 8
                && Square::new(sq.index() as u8 + 1).is_some_and(|east| crossed_set.contains(east))
            {
                side_by_side += 1;
            }
        }
        t.add(c, P_SOLDIER_PAIR, side_by_side);
        let crossed = crossed_set.count() as i32;
        attack_units[c] = 2 * count[Role::Chariot.index()] as i32
            + count[Role::Horse.index()] as i32
            + count[Role::Cannon.index()] as i32
            + crossed;
    }
    // Palace defence and pressure.
    for color in Color::ALL {
        let c = color.index();
        let them = color.other();
        let units = attack_units[them.index()];
        let advisors = material.count[c][Role::Advisor.index()] as i32;
        let elephants = material.count[c][Role::Elephant.index()] as i32;
        t.add(c, P_MISSING_ADVISOR, -units * (2 - advisors));
        t.add(c, P_ADVISOR_PAIR, (advisors == 2) as i32);
        t.add(c, P_ELEPHANT_PAIR, (elephants == 2) as i32);
        t.add(c, P_MISSING_ELEPHANT, -units * (2 - elephants));
        palace_pressure(board, generals[c], them, c, t);
    }
}

/// The number of pieces between a cannon and the enemy general on the same file or rank; `None` when they
/// share neither.
#[inline]
fn pieces_between(board: &Board, cannon: Square, general: Square) -> Option<u32> {
    Some(if cannon.file() == general.file() {
        let (lo, hi) = min_max(cannon.rank(), general.rank());
        let file = board.file_bits(cannon.file());
        (file >> (lo + 1) & ((1u16 << (hi - lo - 1)) - 1)).count_ones()
    } else if cannon.rank() == general.rank() {
        let (lo, hi) = min_max(cannon.file(), general.file());
        let rank = board.rank_bits(cannon.rank());
        (rank >> (lo + 1) & ((1u16 << (hi - lo - 1)) - 1)).count_ones()
    } else {
        return None;
    })
}

#[inline]
fn min_max(a: u8, b: u8) -> (u8, u8) {
    if a < b {
        (a, b)
    } else {
        (b, a)
    }
}

/// The points within one point of each colour's palace, by the defending colour's [`Color::index`]: files d–f
/// and one beside (2..=6), the palace's three ranks and the one in front.
const NEAR_PALACE: [Bitboard; 2] = {
    let mut out = [Bitboard::EMPTY; 2];
    let mut i = 0;
    while i < 90 {
        let sq = match Square::new(i as u8) {
            Some(s) => s,
            None => panic!(),
        };
        if sq.file() >= 2 && sq.file() <= 6 {
            // (Built at compile time, where a shift costs nothing: `Bitboard::with` is for run time.)
            if sq.rank() <= 3 {
                out[0] = Bitboard(out[0].0 | 1 << i);
            }
            if sq.rank() >= 6 {
                out[1] = Bitboard(out[1].0 | 1 << i);
            }
        }
        i += 1;
    }
    out
};

/// Enemy chariots, horses and crossed soldiers within one point of the palace of the general on `general`
/// (of the colour with index `c`), each a penalty for `c`; a soldier one step from the general has its own.
#[inline]
fn palace_pressure<T: Terms>(board: &Board, general: Square, by: Color, c: usize, t: &mut T) {
    let near = board.by_color(by) & NEAR_PALACE[by.other().index()];
    t.add(
        c,
        P_NEAR_CHARIOT,
        -((near & board.by_role(Role::Chariot)).count() as i32),
    );
    t.add(
        c,
        P_NEAR_HORSE,
        -((near & board.by_role(Role::Horse)).count() as i32),
    );
    let (mut next, mut other) = (0, 0);
    for sq in near & board.by_role(Role::Soldier) {
        if SOLDIER_STEPS[by.index()][sq.index()].contains(general) {
            next += 1;
        } else {
            other += 1;
        }
    }
    t.add(c, P_NEXT_SOLDIER, -next);
    t.add(c, P_NEAR_SOLDIER, -other);
    let n = (near & (board.by_role(Role::Chariot) | board.by_role(Role::Horse))).count() as i32
        + next
        + other;
    t.add(c, P_ATTACKER_PAIRS, -(n * (n - 1) / 2));
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::Piece;

    #[test]
    fn start_position_is_balanced_up_to_tempo() {
        assert_eq!(evaluate(&Position::new()), WEIGHTS[P_TEMPO]);
    }

    /// The position with colours swapped and the board rotated by 180°.
    fn mirror(pos: &Position) -> Position {
        let mut setup = pos.to_setup();
        let mut board = Board::empty();
        for (sq, p) in pos.board().pieces() {
            board.set(sq.flip(), Some(Piece::new(p.color.other(), p.role)));
        }
        setup.board = board;
        setup.turn = pos.turn().other();
        Position::from_setup(setup).unwrap()
    }

    #[test]
    fn eval_is_colour_symmetric() {
        for fen in [
            "2bak4/9/2n1b4/p3p1p1p/2p6/6P2/P1P1P3P/2N1C4/4A4/2BAK1B2 w - - 0 1",
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
            "r2akab2/9/2n1b1n2/p1p1p3p/6p2/2P6/P3P1P1P/2N1B1N2/4A4/R3KAB2 b - - 0 1",
        ] {
            let a = Position::from_fen(fen).unwrap();
            assert_eq!(evaluate(&a), evaluate(&mirror(&a)), "{fen}");
        }
    }

    /// The move played at `ply` of the tests' long line: a capture when `captures` and there is one, picked
    /// by the ply among the candidates; `None` when the side to move has no move.
    fn line_move(pos: &Position, ply: usize, captures: bool) -> Option<Move> {
        let moves = pos.legal_moves();
        let taking: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| pos.is_capture(m))
            .collect();
        let pick = if !captures || taking.is_empty() {
            &moves[..]
        } else {
            &taking[..]
        };
        (!pick.is_empty()).then(|| pick[(ply * 7 + 3) % pick.len()])
    }

    #[test]
    fn material_kept_move_by_move_equals_the_count_from_scratch() {
        // A long capture-rich line: every move's update must give what counting the new board gives.
        let mut pos = Position::new();
        let mut material = Material::of(pos.board());
        for ply in 0..300usize {
            // Prefer captures, so that counts change too.
            let Some(m) = line_move(&pos, ply, true) else {
                break;
            };
            material = material.after(pos.board(), m);
            pos.play_unchecked(m);
            assert_eq!(
                material,
                Material::of(pos.board()),
                "after {m} at ply {ply}"
            );
            assert_eq!(evaluate_with(&pos, &material), evaluate(&pos));
        }
    }

    #[test]
    fn the_trace_with_the_weights_is_the_evaluation() {
        // A capture-rich line through many phases: the linear form must give the evaluation up to the
        // rounding of the piece values at the phase (at most 1 per kind and colour).
        let weights = all_weights();
        let mut pos = Position::new();
        for ply in 0..300usize {
            let e = evaluate(&pos);
            let red = if pos.turn() == Color::Red { e } else { -e };
            let t = Trace::of(&pos);
            let traced = t.score(&weights);
            assert!(
                (traced - red as f64).abs() <= 12.5 + 0.5 * pos.board().pieces().count() as f64,
                "ply {ply}: {} traced {traced}, evaluated {red}",
                pos.fen()
            );
            let Some(m) = line_move(&pos, ply, ply % 3 != 0) else {
                break;
            };
            pos.play_unchecked(m);
        }
    }

    #[test]
    fn the_second_fit_terms_count_what_they_say() {
        // Red: a cannon on e2 with one piece (a Black soldier on e5) between it and the general on e9; two
        // crossed soldiers side by side on c6 and d6; a chariot on f8. Near Black's palace: the chariot and
        // both soldiers, three attackers, so three pairs. The cannon gives check: Black is to move.
        let pos = Position::from_fen("4k4/5R3/9/2PP5/4p4/9/9/4C4/9/3K5 b - - 0 1").unwrap();
        let t = Trace::of(&pos);
        assert_eq!(t.coefficients[P_CANNON_ONE], 1.0);
        assert_eq!(t.coefficients[P_CANNON_TWO], 0.0);
        assert_eq!(t.coefficients[P_HOLLOW_CANNON], 0.0);
        assert_eq!(t.coefficients[P_SOLDIER_PAIR], 1.0);
        assert_eq!(t.coefficients[P_ATTACKER_PAIRS], 3.0);
        // The cannon moves to eight points of rank 2, e0 and e1 below it and e3 and e4 above.
        assert_eq!(t.coefficients[P_CANNON_MOBILITY], 12.0);
        // Soldiers on c6 and e6, a file apart, are no pair.
        let apart = Position::from_fen("4k4/5R3/9/2P1P4/4p4/9/9/4C4/9/3K5 b - - 0 1").unwrap();
        assert_eq!(Trace::of(&apart).coefficients[P_SOLDIER_PAIR], 0.0);
        // Every piece stands on a cell of its role: Red's five and Black's two, none sharing a cell.
        assert_eq!(t.cells.len(), 7);
    }

    #[test]
    fn extra_chariot_is_worth_a_lot() {
        let base = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1").unwrap();
        let up = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1").unwrap();
        assert!(evaluate(&up) - evaluate(&base) > 800);
    }

    #[test]
    fn no_mating_material_scales_down() {
        // Red: two advisors and two elephants against a bare general: cannot win.
        let p = Position::from_fen("4k4/9/9/9/9/9/9/4B4/9/2BAKA3 w - - 0 1").unwrap();
        assert!(evaluate(&p) < 150, "{}", evaluate(&p));
    }
}
