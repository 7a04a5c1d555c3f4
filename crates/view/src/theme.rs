//! Colours of the board. Every colour is a CSS colour string, so the painter hands it to the canvas as is.
//!
//! Red and Black pieces differ in more than hue, so that they stay apart in greyscale and for colour-blind
//! players: Red pieces are light discs with a red ring and character, Black pieces are dark discs with a light
//! ring and character.

/// A named theme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThemeName {
    /// Warm wood and ivory (the default).
    Light,
    /// Dark walnut, for dark pages.
    Dark,
    /// Black on white with strong highlights (WCAG contrast ≥ 7:1 for lines and characters).
    HighContrast,
}

impl ThemeName {
    /// Parses `"light"`, `"dark"` or `"high-contrast"`.
    pub fn parse(s: &str) -> Option<ThemeName> {
        match s {
            "light" => Some(ThemeName::Light),
            "dark" => Some(ThemeName::Dark),
            "high-contrast" => Some(ThemeName::HighContrast),
            _ => None,
        }
    }

    /// The colours of the theme.
    pub fn colors(self) -> &'static Theme {
        match self {
            ThemeName::Light => &LIGHT,
            ThemeName::Dark => &DARK,
            ThemeName::HighContrast => &HIGH_CONTRAST,
        }
    }
}

/// The colours of one piece side.
#[derive(Debug, PartialEq, Eq)]
pub struct PieceColors {
    /// The disc.
    pub face: &'static str,
    /// The disc's edge.
    pub edge: &'static str,
    /// The inner ring and the character.
    pub ink: &'static str,
}

/// Every colour the board uses.
#[derive(Debug, PartialEq, Eq)]
pub struct Theme {
    /// Around the board.
    pub background: &'static str,
    /// The board inside the frame.
    pub board: &'static str,
    /// Grid lines, palace diagonals, point marks and the frame.
    pub line: &'static str,
    /// 楚河 漢界 and the coordinates.
    pub text: &'static str,
    /// The shadow under a piece.
    pub shadow: &'static str,
    /// Red pieces.
    pub red: PieceColors,
    /// Black pieces.
    pub black: PieceColors,
    /// Last move: the two points.
    pub last_move: &'static str,
    /// The selected piece's ring.
    pub selected: &'static str,
    /// Destination dots and capture rings.
    pub dest: &'static str,
    /// The destination under a dragged piece.
    pub hover: &'static str,
    /// The general in check.
    pub check: &'static str,
    /// The keyboard focus ring.
    pub focus: &'static str,
    /// Arrow and circle brushes: green, red, blue, yellow.
    pub brushes: [&'static str; 4],
}

const LIGHT: Theme = Theme {
    background: "#d9b27c",
    board: "#e9c487",
    line: "#5a3a1c",
    text: "#7a4b22",
    shadow: "rgba(60,30,5,0.35)",
    red: PieceColors {
        face: "#fbf1dc",
        edge: "#a8772f",
        ink: "#c0221b",
    },
    black: PieceColors {
        face: "#2b2826",
        edge: "#0f0e0d",
        ink: "#f4e7c9",
    },
    last_move: "rgba(40,140,60,0.85)",
    selected: "rgba(20,120,220,0.9)",
    dest: "rgba(20,110,60,0.55)",
    hover: "rgba(20,110,60,0.3)",
    check: "rgba(220,20,20,0.9)",
    focus: "#1565c0",
    brushes: [
        "rgba(21,120,27,0.75)",
        "rgba(200,20,20,0.75)",
        "rgba(0,48,136,0.75)",
        "rgba(230,143,0,0.8)",
    ],
};

const DARK: Theme = Theme {
    background: "#201a15",
    board: "#4a3a2c",
    line: "#d8c39c",
    text: "#cdb68c",
    shadow: "rgba(0,0,0,0.5)",
    red: PieceColors {
        face: "#efdfc0",
        edge: "#8c6a3a",
        ink: "#b71c1c",
    },
    black: PieceColors {
        face: "#141516",
        edge: "#8e8470",
        ink: "#e2d6bb",
    },
    last_move: "rgba(120,200,110,0.9)",
    selected: "rgba(100,180,255,0.95)",
    dest: "rgba(140,220,130,0.6)",
    hover: "rgba(140,220,130,0.3)",
    check: "rgba(255,70,60,0.95)",
    focus: "#64b5f6",
    brushes: [
        "rgba(90,200,90,0.8)",
        "rgba(255,80,80,0.8)",
        "rgba(100,160,255,0.8)",
        "rgba(255,200,60,0.85)",
    ],
};

const HIGH_CONTRAST: Theme = Theme {
    background: "#ffffff",
    board: "#ffffff",
    line: "#000000",
    text: "#000000",
    shadow: "rgba(0,0,0,0)",
    red: PieceColors {
        face: "#ffffff",
        edge: "#000000",
        ink: "#b00000",
    },
    black: PieceColors {
        face: "#000000",
        edge: "#000000",
        ink: "#ffffff",
    },
    last_move: "#0050d0",
    selected: "#0050d0",
    dest: "#0050d0",
    hover: "rgba(0,80,208,0.35)",
    check: "#e00000",
    focus: "#ff00b4",
    brushes: ["#008000", "#d00000", "#0050d0", "#c08000"],
};

#[cfg(test)]
mod tests {
    use super::*;

    /// Relative luminance of a `#rrggbb` colour (WCAG 2).
    fn luminance(hex: &str) -> f64 {
        let v = u32::from_str_radix(&hex[1..], 16).unwrap();
        let ch = |s: u32| {
            let c = ((v >> s) & 0xff) as f64 / 255.0;
            if c <= 0.03928 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * ch(16) + 0.7152 * ch(8) + 0.0722 * ch(0)
    }

    fn contrast(a: &str, b: &str) -> f64 {
        let (la, lb) = (luminance(a), luminance(b));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    #[test]
    fn names_parse() {
        assert_eq!(ThemeName::parse("dark"), Some(ThemeName::Dark));
        assert_eq!(
            ThemeName::parse("high-contrast"),
            Some(ThemeName::HighContrast)
        );
        assert_eq!(ThemeName::parse("Dark"), None);
    }

    #[test]
    fn red_and_black_pieces_differ_in_greyscale() {
        for t in [ThemeName::Light, ThemeName::Dark, ThemeName::HighContrast] {
            let c = t.colors();
            assert!(contrast(c.red.face, c.black.face) > 7.0, "{t:?} faces");
            assert!(contrast(c.red.face, c.red.ink) > 4.5, "{t:?} red ink");
            assert!(contrast(c.black.face, c.black.ink) > 4.5, "{t:?} black ink");
        }
    }

    #[test]
    fn lines_stand_out_from_the_board() {
        for t in [ThemeName::Light, ThemeName::Dark, ThemeName::HighContrast] {
            let c = t.colors();
            assert!(contrast(c.board, c.line) > 4.5, "{t:?}");
        }
        let hc = ThemeName::HighContrast.colors();
        assert!(contrast(hc.board, hc.line) >= 7.0);
        assert!(contrast(hc.red.face, hc.red.ink) >= 7.0);
    }
}
