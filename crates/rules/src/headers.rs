//! The one store of tag pairs (棋谱信息: event, players, date, …), shared by [`Game`](crate::Game) and
//! [`GameRecord`](crate::notation::record::GameRecord): a list of (name, value) pairs kept verbatim and in
//! order, names compared case-sensitively.

/// The value of the first pair named `name`.
pub(crate) fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

/// Gives the first pair named `name` the value `value` in place, or appends the pair.
pub(crate) fn set_header(headers: &mut Vec<(String, String)>, name: &str, value: &str) {
    match headers.iter_mut().find(|(k, _)| k == name) {
        Some(h) => h.1 = value.to_string(),
        None => headers.push((name.to_string(), value.to_string())),
    }
}

/// Removes every pair named `name`; `false` if there was none.
pub(crate) fn remove_header(headers: &mut Vec<(String, String)>, name: &str) -> bool {
    let before = headers.len();
    headers.retain(|(k, _)| k != name);
    headers.len() != before
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_in_place_or_appended_and_removed() {
        let mut h = vec![("Red".to_string(), "A".to_string())];
        set_header(&mut h, "Black", "B");
        set_header(&mut h, "Red", "C");
        assert_eq!(header(&h, "Red"), Some("C"));
        assert_eq!(header(&h, "red"), None, "names are case-sensitive");
        assert_eq!(h[1], ("Black".to_string(), "B".to_string()));
        assert!(remove_header(&mut h, "Red"));
        assert!(!remove_header(&mut h, "Red"));
        assert_eq!(h, vec![("Black".to_string(), "B".to_string())]);
    }
}
