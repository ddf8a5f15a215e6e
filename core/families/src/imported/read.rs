//! Reading a text line by line through a size cap, without holding it whole: the graph
//! readers (edge lists, anynet files) and BookSim2's configuration reader share it. A
//! UTF-8 byte-order mark at the start is dropped, a line ends at `\n` or `\r\n`, and a
//! byte that is not UTF-8 is reported at its line and column.

use std::io::{self, BufRead, Read};

use icn_graph::error::GraphError;

/// The most bytes of a text read: a graph of [`super::MAX_IMPORT_LINKS`] links with
/// names of ten characters, and room for comments. A file over it is refused by its size
/// before any line is stored; a stream (a pipe, `/dev/zero`) once it passes it.
pub const MAX_TEXT_BYTES: u64 = 256 << 20;

/// The longest line read: an anynet router with 300,000 endpoints.
pub const MAX_LINE_BYTES: u64 = 4 << 20;

/// The UTF-8 byte-order mark.
const BOM: &[u8] = b"\xef\xbb\xbf";

/// Lines of a text read through [`MAX_TEXT_BYTES`] and [`MAX_LINE_BYTES`].
pub struct Lines<R: BufRead> {
    inner: R,
    buf: Vec<u8>,
    number: usize,
    read: u64,
    cap: u64,
}

impl<R: BufRead> Lines<R> {
    /// Lines of `inner`, at most `cap` bytes in all.
    pub fn new(inner: R, cap: u64) -> Self {
        Lines {
            inner,
            buf: Vec::new(),
            number: 0,
            read: 0,
            cap,
        }
    }

    /// The next line (its 1-based number and text, without its line end), `None` at the
    /// end.
    ///
    /// # Errors
    /// [`GraphError::TooBig`] past the cap, [`GraphError::LongLine`],
    /// [`GraphError::NotUtf8`] at the first byte that is not UTF-8, [`GraphError::Read`].
    pub fn next_line(&mut self) -> Result<Option<(usize, &str)>, GraphError> {
        self.buf.clear();
        let limit = MAX_LINE_BYTES.min(self.cap - self.read.min(self.cap)) + 1;
        let n = (&mut self.inner)
            .take(limit)
            .read_until(b'\n', &mut self.buf)
            .map_err(|e| GraphError::Read(e.to_string()))?;
        if n == 0 {
            return Ok(None);
        }
        self.read += n as u64;
        self.number += 1;
        if self.read > self.cap {
            return Err(GraphError::TooBig {
                bytes: self.read,
                max: self.cap,
            });
        }
        if n as u64 > MAX_LINE_BYTES && self.buf.last() != Some(&b'\n') {
            return Err(GraphError::LongLine {
                line: self.number,
                max: MAX_LINE_BYTES,
            });
        }
        if self.buf.last() == Some(&b'\n') {
            self.buf.pop();
            if self.buf.last() == Some(&b'\r') {
                self.buf.pop();
            }
        }
        let start = if self.number == 1 && self.buf.starts_with(BOM) {
            BOM.len()
        } else {
            0
        };
        match std::str::from_utf8(&self.buf[start..]) {
            Ok(text) => Ok(Some((self.number, text))),
            Err(e) => {
                let valid = &self.buf[start..start + e.valid_up_to()];
                let column = String::from_utf8_lossy(valid).chars().count() + 1;
                Err(GraphError::NotUtf8 {
                    line: self.number,
                    column,
                    byte: self.buf[start + e.valid_up_to()],
                })
            }
        }
    }
}

/// A whole text (a configuration, at most `cap` bytes) read through [`Lines`], its lines
/// joined by `\n`: the byte-order mark and `\r` dropped, a non-UTF-8 byte placed.
///
/// # Errors
/// As [`Lines::next_line`].
pub fn read_text(inner: impl Read, cap: u64) -> Result<String, GraphError> {
    let mut lines = Lines::new(io::BufReader::new(inner), cap);
    let mut out = String::new();
    while let Some((number, line)) = lines.next_line()? {
        if number > 1 {
            out.push('\n');
        }
        out.push_str(line);
    }
    Ok(out)
}

/// `text` as an error message quotes it: its first 40 characters, and how long it is when
/// longer.
pub fn quoted(text: &str) -> String {
    const SHOWN: usize = 40;
    match text.char_indices().nth(SHOWN) {
        None => text.to_string(),
        Some((at, _)) => format!("{}… ({} characters)", &text[..at], text.chars().count()),
    }
}
