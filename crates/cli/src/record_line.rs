//! The one reader of a recorded game's line, as `xiangqi match --record` writes it: `FEN moves M… result R`
//! (read by `tune`, `analyse`, `fit-winprob` and `make-puzzles`).

/// A line split into its FEN (as written, untrimmed), its moves (the text after ` moves`, empty without) and
/// its result's text (after the last ` result `, `None` without).
pub fn split(line: &str) -> (&str, &str, Option<&str>) {
    let (head, result) = match line.rsplit_once(" result ") {
        Some((head, result)) => (head, Some(result)),
        None => (line, None),
    };
    let (fen, moves) = head.split_once(" moves").unwrap_or((head, ""));
    (fen, moves, result)
}

/// A line's FEN (untrimmed), moves and Red's result (1, 0.5 or 0), or an error quoting the line.
pub fn parse(line: &str) -> Result<(&str, &str, f64), String> {
    let (fen, moves, result) = split(line);
    let result = result.ok_or_else(|| format!("no result in {line:?}"))?;
    let result: f64 = result
        .trim()
        .parse()
        .ok()
        .filter(|r| [0.0, 0.5, 1.0].contains(r))
        .ok_or_else(|| format!("bad result (not 1, 0.5 or 0) in {line:?}"))?;
    Ok((fen, moves, result))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines() {
        let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
        let line = format!("{start} moves h2e2 h9g7 result 0.5");
        assert_eq!(parse(&line), Ok((start, " h2e2 h9g7", 0.5)));
        assert_eq!(split(&format!("{start} result 1")), (start, "", Some("1")));
        assert_eq!(split(start), (start, "", None));
        assert_eq!(
            parse(start),
            Err(format!("no result in {start:?}")),
            "the result is required"
        );
        assert!(parse(&format!("{start} result 2"))
            .unwrap_err()
            .starts_with("bad result"));
    }
}
