//! Move animation: from one placement to the next, each piece that left a point slides to the nearest point
//! where the same kind of piece appeared; captured pieces fade out. The clock is the caller's (`frame(now)`).

use xiangqi::{Piece, Square};

/// One piece sliding.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slide {
    /// Where it comes from.
    pub from: Square,
    /// Where it stands in the new placement.
    pub to: Square,
}

/// A running animation.
#[derive(Clone, Debug, PartialEq)]
pub struct Anim {
    /// Pieces sliding (drawn at their `to` point, offset by the remaining distance).
    pub moves: Vec<Slide>,
    /// Pieces that disappeared, fading out.
    pub fading: Vec<(Square, Piece)>,
    /// Duration in ms.
    pub duration: f64,
    /// The time of the first frame (set by the first [`Anim::advance`]).
    pub start: Option<f64>,
    /// Progress 0..1 after easing.
    pub t: f64,
}

impl Anim {
    /// The animation from `old` to `new`, or `None` when nothing slides (a new position altogether: more
    /// than 8 pieces moved, or none).
    pub fn between(
        old: &[Option<Piece>; 90],
        new: &[Option<Piece>; 90],
        duration: f64,
    ) -> Option<Anim> {
        let mut gone: Vec<(Square, Piece)> = Vec::new();
        let mut came: Vec<(Square, Piece)> = Vec::new();
        for sq in Square::all() {
            let (a, b) = (old[sq.index()], new[sq.index()]);
            if a != b {
                if let Some(p) = a {
                    gone.push((sq, p));
                }
                if let Some(p) = b {
                    came.push((sq, p));
                }
            }
        }
        if came.is_empty() || came.len() > 8 {
            return None;
        }
        let mut moves = Vec::new();
        for (to, piece) in came {
            let best = gone
                .iter()
                .enumerate()
                .filter(|(_, (_, p))| *p == piece)
                .min_by_key(|(_, (from, _))| distance2(*from, to))
                .map(|(i, _)| i);
            if let Some(i) = best {
                let (from, _) = gone.swap_remove(i);
                moves.push(Slide { from, to });
            }
        }
        if moves.is_empty() {
            return None;
        }
        Some(Anim {
            moves,
            fading: gone,
            duration,
            start: None,
            t: 0.0,
        })
    }

    /// Moves to time `now`; false once finished.
    pub fn advance(&mut self, now: f64) -> bool {
        let start = *self.start.get_or_insert(now);
        let x = ((now - start) / self.duration).clamp(0.0, 1.0);
        self.t = ease(x);
        x < 1.0
    }

    /// Where the piece standing on `sq` is drawn, as a fraction of the way back towards its origin
    /// (`Some(origin)` while it slides).
    pub fn origin_of(&self, sq: Square) -> Option<Square> {
        self.moves.iter().find(|m| m.to == sq).map(|m| m.from)
    }
}

fn distance2(a: Square, b: Square) -> i32 {
    let df = a.file() as i32 - b.file() as i32;
    let dr = a.rank() as i32 - b.rank() as i32;
    df * df + dr * dr
}

/// Ease in-out cubic.
fn ease(x: f64) -> f64 {
    if x < 0.5 {
        4.0 * x * x * x
    } else {
        1.0 - (-2.0 * x + 2.0).powi(3) / 2.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::{Color, Role};

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn a_capture_slides_the_capturer_and_fades_the_victim() {
        let mut old = [None; 90];
        let chariot = Piece::new(Color::Red, Role::Chariot);
        let horse = Piece::new(Color::Black, Role::Horse);
        old[sq("a0").index()] = Some(chariot);
        old[sq("a9").index()] = Some(horse);
        let mut new = old;
        new[sq("a9").index()] = new[sq("a0").index()].take();
        let a = Anim::between(&old, &new, 200.0).unwrap();
        assert_eq!(
            a.moves,
            vec![Slide {
                from: sq("a0"),
                to: sq("a9")
            }]
        );
        assert_eq!(a.fading, vec![(sq("a9"), horse)]);
        assert_eq!(a.origin_of(sq("a9")), Some(sq("a0")));
        assert_eq!(a.origin_of(sq("a0")), None);
    }

    #[test]
    fn two_like_pieces_pair_by_distance() {
        let p = Piece::new(Color::Red, Role::Soldier);
        let mut old = [None; 90];
        old[sq("a3").index()] = Some(p);
        old[sq("i3").index()] = Some(p);
        let mut new = [None; 90];
        new[sq("a4").index()] = Some(p);
        new[sq("i4").index()] = Some(p);
        let a = Anim::between(&old, &new, 100.0).unwrap();
        assert!(a.moves.contains(&Slide {
            from: sq("a3"),
            to: sq("a4")
        }));
        assert!(a.moves.contains(&Slide {
            from: sq("i3"),
            to: sq("i4")
        }));
    }

    #[test]
    fn a_new_position_does_not_animate() {
        let old = [None; 90];
        let mut new = [None; 90];
        new[0] = Some(Piece::new(Color::Red, Role::General));
        assert_eq!(
            Anim::between(&old, &new, 100.0),
            None,
            "nothing to slide from"
        );
        assert_eq!(Anim::between(&new, &new, 100.0), None);
    }

    #[test]
    fn time_runs_from_the_first_frame_and_eases() {
        let mut old = [None; 90];
        old[0] = Some(Piece::new(Color::Red, Role::Chariot));
        let mut new = [None; 90];
        new[1] = old[0];
        let mut a = Anim::between(&old, &new, 100.0).unwrap();
        assert!(a.advance(5000.0));
        assert_eq!(a.t, 0.0);
        assert!(a.advance(5050.0));
        assert!((a.t - 0.5).abs() < 1e-9);
        assert!(a.advance(5025.0));
        assert!(a.t < 0.5 && a.t > 0.0);
        assert!(!a.advance(5100.0));
        assert_eq!(a.t, 1.0);
    }
}
