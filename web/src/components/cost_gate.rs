//! "Estimated cost — confirm to compute": shown instead of running a computation that
//! exceeds the page budget. Nothing beyond the network's parameters exists until the user
//! presses Compute; beyond the confirm limit there is no button, only the way to the CLI.

use icn_core::{Estimate, CONFIRM_LIMIT, PAGE_BUDGET};
use icn_web_model::format::group;
use leptos::prelude::*;

/// A network whose exact metrics or route exceed [`PAGE_BUDGET`]: what they would cost,
/// shown before anything is computed (see [`CostGate`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gate {
    /// The canonical spec, which the user's confirmation names.
    pub spec: String,
    /// Nodes N.
    pub nodes: u64,
    /// Links.
    pub links: u64,
    /// The exact metrics' estimate, when over the page budget.
    pub info: Option<Estimate>,
    /// The route's estimate, when over the page budget.
    pub route: Option<Estimate>,
    /// Whether the user confirmed this network (its computations then run).
    pub confirmed: bool,
    /// Whether even a confirmation cannot run it here (beyond [`CONFIRM_LIMIT`]).
    pub refused: bool,
}

impl Gate {
    /// Whether a computation estimated at `e` may run now.
    pub fn allows(gate: Option<&Gate>, e: Estimate) -> bool {
        e.within(PAGE_BUDGET)
            || gate.is_some_and(|g| g.confirmed && !g.refused && e.within(CONFIRM_LIMIT))
    }
}

/// Steps per second assumed for the time estimate (a release build in a desktop browser
/// does a breadth-first search at roughly this rate; the figure is a rough guide).
const STEPS_PER_SECOND: u64 = 50_000_000;

/// `n` with an SI prefix and three significant digits: 1500000 -> "1.50 M".
fn si(n: u64) -> String {
    const PREFIXES: [&str; 7] = ["", "k", "M", "G", "T", "P", "E"];
    let mut x = n as f64;
    let mut i = 0;
    while x >= 1000.0 && i + 1 < PREFIXES.len() {
        x /= 1000.0;
        i += 1;
    }
    if i == 0 {
        n.to_string()
    } else {
        let digits = if x >= 100.0 {
            0
        } else if x >= 10.0 {
            1
        } else {
            2
        };
        format!("{x:.digits$} {}", PREFIXES[i])
    }
}

/// A duration in words from a step count: "under a second", "about 40 s", "about 3 min", ...
pub fn duration(steps: u64) -> String {
    let s = steps / STEPS_PER_SECOND;
    match s {
        0 => "under a second".into(),
        1..=119 => format!("about {s} s"),
        120..=7199 => format!("about {} min", s / 60),
        _ => format!("about {} h", s / 3600),
    }
}

/// A step count: "999 steps", "3.40 G steps".
pub fn steps(n: u64) -> String {
    format!("{} steps", si(n))
}

/// A byte count: "999 B", "85.0 MB".
pub fn bytes(n: u64) -> String {
    let s = si(n);
    if s.ends_with(' ') || n < 1000 {
        format!("{} B", s.trim_end())
    } else {
        format!("{s}B")
    }
}

/// One estimate as a sentence part: "3.40 G steps (about 68 s) and 85.0 MB of memory".
pub fn describe(e: Estimate) -> String {
    format!(
        "{} ({}) and {} of memory",
        steps(e.steps),
        duration(e.steps),
        bytes(e.bytes)
    )
}

/// The gate, when the current network or route exceeds the page budget and is not confirmed.
#[component]
pub fn CostGate(
    /// The current network's gate, if it has one.
    #[prop(into)]
    gate: Signal<Option<Gate>>,
    /// "Compute anyway": gets the gate's canonical spec.
    on_confirm: Callback<String>,
) -> impl IntoView {
    let body = move || {
        gate.with(|g| {
            g.as_ref()
                .filter(|g| !g.confirmed)
                .map(|g| gate_view(g, on_confirm))
        })
    };
    view! { {body} }
}

fn gate_view(g: &Gate, on_confirm: Callback<String>) -> impl IntoView {
    let parts: Vec<String> = [
        g.info.map(|e| {
            format!(
                "its exact metrics (diameter, average distance): {}",
                describe(e)
            )
        }),
        g.route
            .map(|e| format!("this route's path count: {}", describe(e))),
    ]
    .into_iter()
    .flatten()
    .collect();
    let spec = g.spec.clone();
    let action = if g.refused {
        view! {
            <p class="note" data-testid="cost-refused">
                "That is more than a browser tab can hold, so this page does not offer to compute "
                "it. The node and link counts shown are exact; smaller parameters give every number."
            </p>
        }
        .into_any()
    } else {
        view! {
            <button
                type="button"
                class="primary"
                data-testid="cost-compute"
                on:click=move |_| on_confirm.run(spec.clone())
            >
                "Compute anyway"
            </button>
        }
        .into_any()
    };
    view! {
        <section class="card cost-gate" data-testid="cost-gate" role="status" aria-labelledby="cost-gate-title">
            <h2 id="cost-gate-title">"Large network: confirm to compute"</h2>
            <p>
                "This network has " <span data-testid="cost-nodes">{group(g.nodes)}</span>
                " nodes and " {group(g.links)} " links. Estimated cost of "
            </p>
            <ul data-testid="cost-estimates">
                {parts.into_iter().map(|p| view! { <li>{p}</li> }).collect_view()}
            </ul>
            <p class="help">
                "This page computes up to " {steps(PAGE_BUDGET.steps)} " and "
                {bytes(PAGE_BUDGET.bytes)} " without asking (docs/limits.md). "
                "The node and link counts and the paper's formulas are shown meanwhile."
            </p>
            {action}
        </section>
    }
}

/// A view's computation over the page's budget: its estimate, a button to compute it
/// anyway (`confirm`, within the confirm limit) and the `icn` command that computes it
/// natively; test ids `{key}-gate` and `{key}-confirm`.
pub fn confirm_gate(
    e: Estimate,
    what: &'static str,
    command: String,
    key: &'static str,
    confirm: impl Fn() + 'static,
) -> impl IntoView {
    let cost = format!("Estimated {} steps and {} MiB.", si(e.steps), e.bytes >> 20);
    let button = (e.within(CONFIRM_LIMIT) && !e.within(PAGE_BUDGET)).then(|| {
        view! {
            <button type="button" data-testid=format!("{key}-confirm") on:click=move |_| confirm()>
                "Compute anyway"
            </button>
        }
    });
    view! {
        <section class="card cost-gate" data-testid=format!("{key}-gate") role="status">
            <p>{cost} {format!(" {what} is larger than the page computes without asking.")}</p>
            {button}
            <p class="help">"On the command line: " <code>{command}</code></p>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn si_prefixes() {
        assert_eq!(si(999), "999");
        assert_eq!(si(1_500_000), "1.50 M");
        assert_eq!(si(16_777_216), "16.8 M");
        assert_eq!(si(268_435_456), "268 M");
        assert_eq!(si(u64::MAX), "18.4 E");
    }

    #[wasm_bindgen_test]
    fn units() {
        assert_eq!(steps(999), "999 steps");
        assert_eq!(steps(25_155_584), "25.2 M steps");
        assert_eq!(bytes(999), "999 B");
        assert_eq!(bytes(32_760), "32.8 kB");
        assert_eq!(
            describe(Estimate {
                steps: 50_000_000 * 90,
                bytes: 85_000_000
            }),
            "4.50 G steps (about 90 s) and 85.0 MB of memory"
        );
    }

    #[wasm_bindgen_test]
    fn durations() {
        assert_eq!(duration(1000), "under a second");
        assert_eq!(duration(50_000_000 * 40), "about 40 s");
        assert_eq!(duration(50_000_000 * 600), "about 10 min");
        assert_eq!(duration(50_000_000 * 36_000), "about 10 h");
    }
}
