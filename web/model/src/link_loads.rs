//! The throughput view's link-load table, its pure part: every channel's load at injection
//! rate 1 (flits per cycle, as `icn throughput --channels` lists them, in its order), the
//! table's order by a column (`sort=`), the row selected (`link=`) checked against the
//! channels, and the CSV of the whole table.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use icn_core::analysis::throughput::fraction;
use icn_core::Node;

/// A channel and its load: tail, head, flits per cycle when every endpoint injects 1 flit
/// per cycle (docs/throughput.md).
pub type ChannelLoad = (Node, Node, f64);

/// A column of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Column {
    /// The channel's number, from 0, in `icn throughput --channels` order.
    Index,
    /// Its tail's address.
    From,
    /// Its head's address.
    To,
    /// Its load.
    Load,
    /// Its load over the busiest's.
    Share,
}

impl Column {
    /// Every column, left to right.
    pub const ALL: [Column; 5] = [
        Column::Index,
        Column::From,
        Column::To,
        Column::Load,
        Column::Share,
    ];

    /// Its name in `sort=`.
    pub fn slug(self) -> &'static str {
        match self {
            Column::Index => "index",
            Column::From => "from",
            Column::To => "to",
            Column::Load => "load",
            Column::Share => "share",
        }
    }

    /// Its header.
    pub fn title(self) -> &'static str {
        match self {
            Column::Index => "#",
            Column::From => "From",
            Column::To => "To",
            Column::Load => "Load",
            Column::Share => "Share of busiest",
        }
    }

    /// Whether a first click sorts it descending: loads busiest first, the rest ascending.
    pub fn first_descending(self) -> bool {
        matches!(self, Column::Load | Column::Share)
    }
}

/// The table's order: a column and its direction (ties in channel order).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sort {
    /// The column.
    pub column: Column,
    /// Largest first.
    pub descending: bool,
}

impl Default for Sort {
    /// The busiest first: the bottleneck heads the table.
    fn default() -> Sort {
        Sort {
            column: Column::Load,
            descending: true,
        }
    }
}

impl Sort {
    /// The order after a click on `column`'s header: the other direction when the table is
    /// sorted by it, else its first.
    pub fn clicked(self, column: Column) -> Sort {
        let descending = if self.column == column {
            !self.descending
        } else {
            column.first_descending()
        };
        Sort { column, descending }
    }

    /// Its `sort=` value; empty for the default.
    pub fn query(self) -> String {
        if self == Sort::default() {
            String::new()
        } else {
            self.to_string()
        }
    }
}

impl fmt::Display for Sort {
    /// `load`, or `-load` descending.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.descending { "-" } else { "" };
        write!(f, "{sign}{}", self.column.slug())
    }
}

/// A `sort=` value that names no column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SortError(pub String);

impl fmt::Display for SortError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "sort={} in the address names no column (index, from, to, load or share; a \
             leading - sorts descending): the table is sorted by load, busiest first",
            self.0
        )
    }
}

impl FromStr for Sort {
    type Err = SortError;

    /// `load`, `-load`, …; empty is the default.
    fn from_str(text: &str) -> Result<Sort, SortError> {
        let t = text.trim();
        if t.is_empty() {
            return Ok(Sort::default());
        }
        let (descending, slug) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t),
        };
        Column::ALL
            .into_iter()
            .find(|c| c.slug() == slug)
            .map(|column| Sort { column, descending })
            .ok_or_else(|| SortError(text.to_string()))
    }
}

/// The channels' numbers in the table's order; ties in channel order.
///
/// # Complexity
/// O(c log c) for c channels.
pub fn order(channels: &[ChannelLoad], sort: Sort) -> Vec<usize> {
    let by = |a: usize, b: usize| -> Ordering {
        let ((fa, ta, la), (fb, tb, lb)) = (channels[a], channels[b]);
        match sort.column {
            Column::Index => a.cmp(&b),
            Column::From => (fa, ta).cmp(&(fb, tb)),
            Column::To => (ta, fa).cmp(&(tb, fb)),
            Column::Load | Column::Share => la.total_cmp(&lb),
        }
    };
    let mut rows: Vec<usize> = (0..channels.len()).collect();
    rows.sort_by(|&a, &b| {
        let o = by(a, b);
        let o = if sort.descending { o.reverse() } else { o };
        o.then(a.cmp(&b))
    });
    rows
}

/// A `link=` value that selects no channel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkError {
    /// Not a whole number.
    NotANumber(String),
    /// Beyond the last channel.
    Beyond {
        /// The number given.
        link: usize,
        /// How many channels the network has.
        channels: usize,
    },
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::NotANumber(text) => write!(
                f,
                "link={text} in the address is not a channel number (channels are numbered \
                 from 0 as icn throughput --channels lists them): no row is selected"
            ),
            LinkError::Beyond { link, channels } => write!(
                f,
                "link={link} in the address is beyond the last channel: the network has \
                 {channels} (0 to {}): no row is selected",
                channels.saturating_sub(1)
            ),
        }
    }
}

/// The channel `link=` selects, of `channels`; `None` when empty.
///
/// # Errors
/// [`LinkError`]: not a number, or beyond the last channel.
pub fn selected(text: &str, channels: usize) -> Result<Option<usize>, LinkError> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    let link: usize = t
        .parse()
        .map_err(|_| LinkError::NotANumber(text.to_string()))?;
    if link >= channels {
        return Err(LinkError::Beyond { link, channels });
    }
    Ok(Some(link))
}

/// A load as a fraction `p/q` (a whole number as itself) when it is one with q ≤ 10⁶, as
/// `icn throughput` gives the throughput; else its decimal.
pub fn exact_text(load: f64) -> String {
    if load == 0.0 {
        return "0".into();
    }
    match fraction(load) {
        Some((p, 1)) => p.to_string(),
        Some((p, q)) => format!("{p}/{q}"),
        None => format!("{load}"),
    }
}

/// A load for the table: exact, and beside a fraction its decimal to 4 places (`10/7`,
/// `≈ 1.4286`; `3/2`, `= 1.5000`).
pub fn load_text(load: f64) -> (String, Option<String>) {
    let exact = exact_text(load);
    let Some((_, q)) = fraction(load).filter(|&(_, q)| q > 1 && load > 0.0) else {
        return (exact, None);
    };
    // p/q in lowest terms has 4 decimal places exactly when q divides 10⁴.
    let sign = if 10_000 % q == 0 { "=" } else { "≈" };
    (exact, Some(format!("{sign} {load:.4}")))
}

/// A share of the busiest load as a percentage to one place.
pub fn share_text(share: f64) -> String {
    format!("{:.1} %", 100.0 * share)
}

/// A load over the busiest's (0 when no channel is loaded).
pub fn share(load: f64, busiest: f64) -> f64 {
    if busiest > 0.0 {
        load / busiest
    } else {
        0.0
    }
}

/// The CSV's header line.
pub const CSV_HEADER: &str = "index,from,to,load,load_exact,share_of_busiest";

/// A CSV field: quoted when it holds a comma, a quote or a line break (addresses such as
/// `(0,1)` do), its quotes doubled.
fn field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The whole table as CSV, the rows in `rows` order: the header, then per channel its
/// number, addresses (`name` of each end), load (the shortest decimal that reads back to
/// the same number, as `icn throughput --channels` prints it), exact load and share of
/// `busiest`.
pub fn csv(
    channels: &[ChannelLoad],
    rows: &[usize],
    name: impl Fn(Node) -> String,
    busiest: f64,
) -> String {
    let mut out = String::with_capacity(32 * (rows.len() + 1));
    out.push_str(CSV_HEADER);
    out.push('\n');
    for &k in rows {
        let (from, to, load) = channels[k];
        out.push_str(&format!(
            "{k},{},{},{load},{},{}\n",
            field(&name(from)),
            field(&name(to)),
            exact_text(load),
            share(load, busiest)
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 4-node ring's channels under some loads: 0→1, 0→3, 1→2, 1→0, 2→3, 2→1, 3→0, 3→2.
    fn ring() -> Vec<ChannelLoad> {
        vec![
            (0, 1, 1.5),
            (0, 3, 0.5),
            (1, 2, 1.5),
            (1, 0, 0.5),
            (2, 3, 1.5),
            (2, 1, 0.0),
            (3, 0, 1.0 / 3.0),
            (3, 2, 0.5),
        ]
    }

    #[test]
    fn the_default_order_puts_the_busiest_first_ties_in_channel_order() {
        let c = ring();
        assert_eq!(order(&c, Sort::default()), vec![0, 2, 4, 1, 3, 7, 6, 5]);
        let up = Sort {
            column: Column::Load,
            descending: false,
        };
        assert_eq!(order(&c, up), vec![5, 6, 1, 3, 7, 0, 2, 4]);
        // Share orders as load does.
        let share = Sort {
            column: Column::Share,
            descending: true,
        };
        assert_eq!(order(&c, share), order(&c, Sort::default()));
    }

    #[test]
    fn from_and_to_order_by_address_then_the_other_end() {
        let c = ring();
        let by = |column, descending| order(&c, Sort { column, descending });
        assert_eq!(by(Column::From, false), vec![0, 1, 3, 2, 5, 4, 6, 7]);
        assert_eq!(by(Column::To, false), vec![3, 6, 0, 5, 2, 7, 1, 4]);
        assert_eq!(by(Column::To, true), vec![4, 1, 7, 2, 5, 0, 6, 3]);
        assert_eq!(by(Column::Index, true), vec![7, 6, 5, 4, 3, 2, 1, 0]);
    }

    #[test]
    fn a_header_click_sorts_by_it_then_reverses() {
        let s = Sort::default().clicked(Column::From);
        assert_eq!(s.to_string(), "from");
        assert_eq!(s.clicked(Column::From).to_string(), "-from");
        assert_eq!(s.clicked(Column::Share).to_string(), "-share");
        assert_eq!(Sort::default().clicked(Column::Load).to_string(), "load");
    }

    #[test]
    fn sort_values_round_trip_and_a_hostile_one_is_a_message() {
        for c in Column::ALL {
            for descending in [false, true] {
                let s = Sort {
                    column: c,
                    descending,
                };
                assert_eq!(s.to_string().parse::<Sort>(), Ok(s));
            }
        }
        assert_eq!(Sort::default().query(), "");
        assert_eq!("".parse::<Sort>(), Ok(Sort::default()));
        for bad in ["loads", "--load", "-", "<script>", "load desc"] {
            let e = bad.parse::<Sort>().unwrap_err();
            assert!(e.to_string().starts_with(&format!("sort={bad} ")), "{e}");
            assert!(e.to_string().contains("busiest first"), "{e}");
        }
    }

    #[test]
    fn the_selected_link_is_checked_against_the_channels() {
        assert_eq!(selected("", 8), Ok(None));
        assert_eq!(selected(" 7 ", 8), Ok(Some(7)));
        assert_eq!(
            selected("8", 8),
            Err(LinkError::Beyond {
                link: 8,
                channels: 8
            })
        );
        let beyond = selected("99999999999999999999", 8).unwrap_err();
        assert!(matches!(beyond, LinkError::NotANumber(_)));
        let e = selected("8", 8).unwrap_err().to_string();
        assert!(e.contains("has 8 (0 to 7)"), "{e}");
        let e = selected("-1", 8).unwrap_err().to_string();
        assert!(
            e.starts_with("link=-1 in the address is not a channel number"),
            "{e}"
        );
    }

    #[test]
    fn loads_are_exact_where_they_are_fractions() {
        assert_eq!(exact_text(4.0), "4");
        assert_eq!(exact_text(1.5), "3/2");
        assert_eq!(exact_text(10.0 / 7.0), "10/7");
        assert_eq!(exact_text(0.0), "0");
        // No fraction with a denominator up to 10⁶ within 10⁻⁹: the decimal.
        let x = 1.0 / 3_000_001.0;
        assert_eq!(exact_text(x), format!("{x}"));
        let text = |x: f64| {
            let (exact, decimal) = load_text(x);
            (exact, decimal.unwrap_or_default())
        };
        assert_eq!(text(10.0 / 7.0), ("10/7".into(), "≈ 1.4286".into()));
        assert_eq!(text(1.5), ("3/2".into(), "= 1.5000".into()));
        assert_eq!(text(4.0), ("4".into(), String::new()));
        assert_eq!(share_text(1.0 / 3.0), "33.3 %");
        assert_eq!(share(0.5, 1.5), 1.0 / 3.0);
        assert_eq!(share(0.0, 0.0), 0.0);
    }

    #[test]
    fn the_csv_has_a_header_every_row_and_addresses_quoted() {
        let c = ring();
        let name = |v: Node| format!("({v},0)");
        let rows = order(&c, Sort::default());
        let text = csv(&c, &rows, name, 1.5);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), c.len() + 1);
        assert_eq!(lines[0], CSV_HEADER);
        assert_eq!(lines[1], "0,\"(0,0)\",\"(1,0)\",1.5,3/2,1");
        // The third of a flit: the shortest decimal that reads back, and its fraction.
        assert_eq!(
            lines[7],
            "6,\"(3,0)\",\"(0,0)\",0.3333333333333333,1/3,0.2222222222222222"
        );
        assert_eq!(lines[8], "5,\"(2,0)\",\"(1,0)\",0,0,0");
        assert_eq!(field("a\"b"), "\"a\"\"b\"");
        assert_eq!(field("00"), "00");
        // Every load reads back to the number it was.
        for (line, &k) in lines[1..].iter().zip(&rows) {
            let load: f64 = line.split(',').nth(5).unwrap().parse().unwrap();
            assert_eq!(load, c[k].2, "{line}");
        }
    }
}
