//! The statements of a BookSim2 configuration, read as BookSim2's own grammar reads them
//! (its src/config.l and src/config.y): `key = value;` statements, `//` comments to the
//! end of the line, values that are numbers, words of letters, digits and `_ - / . + ( ) ,`
//! or `{a,b,…}` lists (nested braces allowed). BookSim2 has no quoted strings: a quote is
//! an error, so a `;` or `//` can never hide in a value. Two things BookSim2 refuses are
//! read here, since neither changes a value: a closed `/* … */` comment, and spaces or line
//! breaks inside a list (`{0.1, 0.2}`).

use super::ConfigError;

/// A word, `=` or `;`, and the line it starts on.
#[derive(Debug, Clone, PartialEq)]
enum Token {
    Word(String),
    Equals,
    End,
}

/// Whether BookSim2 lets `c` appear in a word (after its first character).
fn word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "_-/.+(){},".contains(c)
}

/// Whether BookSim2's own lexer reads `text` as one string (its src/config.l): a letter,
/// `_`, `-`, `/` or `.` first, then those, digits and `+ ( ) { } ,` ([`word_char`]); not
/// `//`, which starts a comment. Stricter than this reader, which takes any word of
/// [`word_char`]s: a file name icnplay writes into a configuration must read back in
/// BookSim2 itself.
pub fn booksim_string(text: &str) -> bool {
    let first = |c: char| c.is_ascii_alphabetic() || "_-/.".contains(c);
    let mut chars = text.chars();
    chars.next().is_some_and(first) && chars.all(word_char) && !text.starts_with("//")
}

fn error(line: usize, message: String) -> ConfigError {
    ConfigError { line, message }
}

/// The tokens of `text` with their lines.
fn tokens(text: &str) -> Result<Vec<(Token, usize)>, ConfigError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let chars: Vec<char> = text.chars().collect();
    let (mut i, mut line, mut column) = (0, 1, 1);
    let mut out = Vec::new();
    let advance = |i: &mut usize, line: &mut usize, column: &mut usize| {
        if chars[*i] == '\n' {
            *line += 1;
            *column = 1;
        } else {
            *column += 1;
        }
        *i += 1;
    };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        match c {
            ' ' | '\t' | '\r' | '\n' => advance(&mut i, &mut line, &mut column),
            '/' if next == Some('/') => {
                while i < chars.len() && chars[i] != '\n' {
                    advance(&mut i, &mut line, &mut column);
                }
            }
            '/' if next == Some('*') => {
                let opened = line;
                advance(&mut i, &mut line, &mut column);
                advance(&mut i, &mut line, &mut column);
                loop {
                    if i + 1 >= chars.len() {
                        return Err(error(
                            opened,
                            "the /* comment opened here is never closed with */ (BookSim2 \
                             itself reads only // comments)"
                                .into(),
                        ));
                    }
                    if chars[i] == '*' && chars[i + 1] == '/' {
                        advance(&mut i, &mut line, &mut column);
                        advance(&mut i, &mut line, &mut column);
                        break;
                    }
                    advance(&mut i, &mut line, &mut column);
                }
            }
            '=' => {
                out.push((Token::Equals, line));
                advance(&mut i, &mut line, &mut column);
            }
            ';' => {
                out.push((Token::End, line));
                advance(&mut i, &mut line, &mut column);
            }
            '{' => {
                let opened = line;
                let mut depth = 0usize;
                let mut word = String::new();
                loop {
                    let Some(&c) = chars.get(i) else {
                        return Err(error(
                            opened,
                            "the { list opened here is never closed with } (write {a,b,…})".into(),
                        ));
                    };
                    match c {
                        '{' => depth += 1,
                        '}' => depth -= 1,
                        ' ' | '\t' | '\r' | '\n' => {}
                        c if word_char(c) => {}
                        ';' => {
                            return Err(error(
                                opened,
                                "the { list opened here is not closed with } before the ';' \
                                 that ends its statement (write {a,b,…})"
                                    .into(),
                            ))
                        }
                        c => return Err(stray(c, line, column)),
                    }
                    if !c.is_whitespace() {
                        word.push(c);
                    }
                    advance(&mut i, &mut line, &mut column);
                    if depth == 0 {
                        break;
                    }
                }
                out.push((Token::Word(word), opened));
            }
            c if word_char(c) => {
                let mut word = String::new();
                while i < chars.len() && word_char(chars[i]) {
                    word.push(chars[i]);
                    advance(&mut i, &mut line, &mut column);
                }
                out.push((Token::Word(word), line));
            }
            c => return Err(stray(c, line, column)),
        }
    }
    Ok(out)
}

/// A character BookSim2's grammar has no place for.
fn stray(c: char, line: usize, column: usize) -> ConfigError {
    let why = match c {
        '"' | '\'' => {
            "BookSim2 reads values without quotes: write key = value; (a value is a number, a \
             word of letters, digits and _ - / . + ( ) , or a {a,b} list)"
                .to_string()
        }
        '#' => "BookSim2's comments start with //".to_string(),
        c => format!(
            "'{}' is not part of BookSim2's syntax (key = value; statements, // comments)",
            c.escape_debug()
        ),
    };
    error(line, format!("column {column}: {why}"))
}

/// The `key = value;` statements of `text`, each with its line, in order.
///
/// # Errors
/// The first token out of place, naming it and its line; an unclosed list or comment.
pub fn parse(text: &str) -> Result<Vec<(String, String, usize)>, ConfigError> {
    let tokens = tokens(text)?;
    let mut out = Vec::new();
    let mut it = tokens.into_iter().peekable();
    let shown = |t: &Token| match t {
        Token::Word(w) => format!("'{}'", icn_families::imported::quoted(w)),
        Token::Equals => "'='".into(),
        Token::End => "';'".into(),
    };
    while let Some((first, line)) = it.next() {
        let key = match first {
            // An empty statement changes nothing.
            Token::End => continue,
            Token::Equals => {
                return Err(error(
                    line,
                    "'=' with no key before it: write key = value;".into(),
                ))
            }
            Token::Word(w) if w.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') => w,
            Token::Word(w) => {
                return Err(error(
                    line,
                    format!(
                        "'{}' is not a key: a statement is key = value;",
                        icn_families::imported::quoted(&w)
                    ),
                ))
            }
        };
        match it.next() {
            Some((Token::Equals, _)) => {}
            Some((t, l)) => {
                return Err(error(
                    l,
                    format!(
                        "{key} is followed by {}, not '=': this is not a `key = value;` statement",
                        shown(&t)
                    ),
                ))
            }
            None => return Err(error(line, format!("{key} has no '= value;' after it"))),
        }
        let value = match it.next() {
            Some((Token::Word(v), _)) => v,
            Some((t, l)) => {
                return Err(error(
                    l,
                    format!(
                        "{key} = has no value before {}: write {key} = value;",
                        shown(&t)
                    ),
                ))
            }
            None => {
                return Err(error(
                    line,
                    format!("{key} = has no value: write {key} = value;"),
                ))
            }
        };
        match it.next() {
            Some((Token::End, _)) => {}
            Some((t, l)) => {
                return Err(error(
                    line,
                    format!(
                        "{key} = {} is not ended by ';' (line {l} goes on with {}): end each \
                         statement with ';'",
                        icn_families::imported::quoted(&value),
                        shown(&t)
                    ),
                ))
            }
            None => {
                return Err(error(
                    line,
                    format!(
                        "{key} = {} is not ended by ';': end each statement with ';'",
                        icn_families::imported::quoted(&value)
                    ),
                ))
            }
        }
        out.push((key, value, line));
    }
    Ok(out)
}
