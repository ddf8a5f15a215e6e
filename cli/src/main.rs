//! `icn`: everything is in the library (cli/src/lib.rs), so that the fuzz target parses
//! arguments with the very `Cli` the binary uses.

fn main() -> std::process::ExitCode {
    icn_cli::main()
}
