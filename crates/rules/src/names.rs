//! The names of the values that cross a text boundary — the JS binding's string unions, the CLI's arguments,
//! the tags of records: for each value its canonical name, the other names it is read from (aliases), and how
//! English and Chinese text call it. Each enumeration lists them once, in its [`Named`] table; its parser
//! (`FromStr`), its writer (`as_str`), the binding's `names()` and the CLI read that table.
//!
//! ```
//! use xiangqi::names::Named;
//! use xiangqi::Ruleset;
//!
//! assert_eq!("asian".parse::<Ruleset>(), Ok(Ruleset::Axf));
//! assert_eq!("CXA".parse::<Ruleset>(), Ok(Ruleset::Cxa));
//! assert_eq!(Ruleset::Cxa.as_str(), "cxa");
//! assert_eq!(Ruleset::Axf.names().zh, "亚洲棋规");
//! assert_eq!(
//!     "xyz".parse::<Ruleset>().unwrap_err().to_string(),
//!     "unknown rules \"xyz\": expected \"axf\" or \"cxa\""
//! );
//! ```

use core::fmt;

/// The names of one value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Name {
    /// The canonical name, the one written (`"axf"`).
    pub name: &'static str,
    /// The other names it is read from (`"asian"`, `"wxf"`).
    pub aliases: &'static [&'static str],
    /// How English text calls it (`"Asian rules (AXF)"`).
    pub en: &'static str,
    /// How Chinese text calls it (`"亚洲棋规"`).
    pub zh: &'static str,
}

impl Name {
    /// Whether `text` is the name or one of the aliases, ASCII case ignored.
    pub fn matches(&self, text: &str) -> bool {
        self.name.eq_ignore_ascii_case(text)
            || self.aliases.iter().any(|a| a.eq_ignore_ascii_case(text))
    }
}

/// An enumeration whose values have [`Name`]s, listed once (by [`named!`](crate::names) in the enumeration's
/// module).
pub trait Named: Copy + 'static {
    /// What the list is called in messages (`"rules"`).
    const KIND: &'static str;
    /// Every value, in the order a list shows them (the order of declaration).
    const ALL: &'static [Self];
    /// The names of each value of [`Named::ALL`], in the same order.
    const NAMES: &'static [Name];

    /// The place of this value in [`Named::ALL`] and [`Named::NAMES`].
    fn index(self) -> usize;

    /// The names of this value.
    fn names(self) -> &'static Name {
        &Self::NAMES[self.index()]
    }

    /// The canonical name.
    fn as_str(self) -> &'static str {
        self.names().name
    }

    /// The value a name or an alias stands for, ASCII case ignored.
    fn from_name(text: &str) -> Option<Self> {
        find(Self::NAMES, text).and_then(|i| Self::ALL.get(i).copied())
    }

    /// The canonical names, quoted and joined by "or": `"axf" or "cxa"`.
    fn expected() -> String {
        expected(Self::NAMES)
    }
}

/// The place in `names` of the name or alias `text`, ASCII case ignored.
pub fn find(names: &[Name], text: &str) -> Option<usize> {
    names.iter().position(|n| n.matches(text))
}

/// The names of `names`, quoted and joined by "or": `"axf" or "cxa"`.
pub fn expected(names: &[Name]) -> String {
    let mut out = String::new();
    for (i, n) in names.iter().enumerate() {
        if i > 0 {
            out.push_str(" or ");
        }
        out.push('"');
        out.push_str(n.name);
        out.push('"');
    }
    out
}

/// A text that is no name of a [`Named`] list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownName {
    /// The list's [`Named::KIND`].
    pub kind: &'static str,
    /// The text as given.
    pub text: String,
    /// The names expected ([`Named::expected`]).
    pub expected: String,
}

impl UnknownName {
    /// The error for `text`, not a name of `T`.
    pub fn of<T: Named>(text: &str) -> UnknownName {
        UnknownName {
            kind: T::KIND,
            text: text.to_string(),
            expected: T::expected(),
        }
    }
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown {} {:?}: expected {}",
            self.kind, self.text, self.expected
        )
    }
}

impl std::error::Error for UnknownName {}

/// Implements [`Named`] and `FromStr` (through [`Named::from_name`]) for a fieldless enumeration from its one
/// table, in the order of declaration: `Type, "kind", [Type::A => ("a", ["alias"], "English", "中文"), …]`. The
/// table must name every value, in order (checked when compiling).
macro_rules! named {
    ($ty:ty, $kind:literal, [$($value:path => ($name:literal, [$($alias:literal),*], $en:literal, $zh:literal)),+ $(,)?]) => {
        impl $crate::names::Named for $ty {
            const KIND: &'static str = $kind;
            const ALL: &'static [Self] = &[$($value),+];
            const NAMES: &'static [$crate::names::Name] = &[$($crate::names::Name {
                name: $name,
                aliases: &[$($alias),*],
                en: $en,
                zh: $zh,
            }),+];

            fn index(self) -> usize {
                self as usize
            }
        }

        // Every value is in the table (the match is exhaustive), at the place of its discriminant.
        const _: () = {
            #[allow(dead_code)]
            fn exhaustive(v: $ty) {
                match v {
                    $($value => {})+
                }
            }
            let mut i = 0;
            $(
                assert!($value as usize == i, "the table is in the order of declaration");
                i += 1;
            )+
            let _ = i;
        };

        impl core::str::FromStr for $ty {
            type Err = $crate::names::UnknownName;

            /// The value a name or an alias stands for, ASCII case ignored.
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                <Self as $crate::names::Named>::from_name(s)
                    .ok_or_else(|| $crate::names::UnknownName::of::<Self>(s))
            }
        }
    };
}
pub(crate) use named;
