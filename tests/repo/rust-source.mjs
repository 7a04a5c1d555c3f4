// What the repository checks share about reading Rust source as text.

/** `text` with Rust comments and string literals blanked, so that only code is scanned. */
export function codeOnly(text) {
  return text
    .replace(/\/\/[^\n]*/g, '')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/r#*"[\s\S]*?"#*/g, '""')
    .replace(/"(?:[^"\\]|\\.)*"/g, '""');
}
