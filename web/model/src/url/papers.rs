//! The Papers view's state (`?view=papers&paper=ID`).

use super::{Query, View};

/// The Papers view's state: which paper (an id of `icn_core::papers::PAPERS`, kept as
/// typed; the page reports an unknown one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PapersForm {
    /// The paper's id.
    pub paper: String,
}

impl PapersForm {
    /// Reads `paper`; missing, the first paper.
    pub(super) fn from_query(q: &Query) -> PapersForm {
        PapersForm {
            paper: q
                .get("paper")
                .unwrap_or(icn_core::papers::PAPERS[0].id)
                .to_string(),
        }
    }

    /// The query string (without `?`) of this form.
    pub fn to_query(&self) -> String {
        Query(vec![
            ("view".into(), View::Papers.slug().into()),
            ("paper".into(), self.paper.clone()),
        ])
        .encode()
    }
}
