//! A package with a global allocator of its own can use the test kit: the feature `testkit`
//! adds none (only `testkit-alloc` does, through `allocation-counter`). This file is compiled
//! with `testkit` on and `testkit-alloc` off (`cargo test -p cards --features testkit`, which
//! CI runs); with both on, two global allocators would not link, so it is then empty.
#![cfg(all(feature = "testkit", not(feature = "testkit-alloc")))]

mod common;

use common::{kit_options, Checked};

#[global_allocator]
static ALLOCATOR: std::alloc::System = std::alloc::System;

cards::game_contract_tests!(Checked, kit_options());

#[test]
fn the_packages_own_allocator_serves() {
    // The kit's properties above run under this allocator; so does this.
    let grown: Vec<u64> = (0..1000).collect();
    assert_eq!(grown.iter().sum::<u64>(), 499_500);
}
