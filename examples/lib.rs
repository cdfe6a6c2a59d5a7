//! Runnable examples of embedding the engines; see `embed.rs` and `balance.rs` beside this file.
#![forbid(unsafe_code)]
