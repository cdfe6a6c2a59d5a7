//! How a simulation splits its games among threads: consecutive chunks of game indices, each
//! played in parallel on a thread pool (rayon splits the chunk's range among the threads and
//! idle threads steal halves of the others' ranges), and taken in order on the caller's thread
//! while the next chunk is played.
//!
//! Chunks start at one game per thread and double while a chunk takes less than
//! [`CHUNK_TIME`], up to [`MAX_CHUNK_PER_THREAD`] games per thread (at least [`MAX_CHUNK`]):
//! slow games (search agents) come out soon, fast ones in chunks long enough that the wait at
//! the end of each chunk (for its last game) is a small share of the chunk's time on any number
//! of threads. At most three chunks are alive at once (one played, one waiting, one taken), so
//! memory does not grow with the number of games.

use indicatif::ProgressBar;
use rayon::ThreadPool;
use std::ops::Range;
use std::sync::mpsc::sync_channel;
use std::time::{Duration, Instant};

use crate::error::CliError;

/// Fewest games a chunk may grow to, whatever the number of threads.
pub const MAX_CHUNK: u64 = 4096;

/// Most games per thread in one chunk: the chunks of many threads grow beyond [`MAX_CHUNK`] so
/// that each thread keeps a long run of games between two waits.
pub const MAX_CHUNK_PER_THREAD: u64 = 1024;

/// A chunk that took less than this doubles for the next one (up to its maximum).
pub const CHUNK_TIME: Duration = Duration::from_millis(100);

/// Plays games `0..games` in chunks on `pool`: `play` makes a chunk's outcome from its range of
/// game indices (in parallel, on the pool), and `take` takes the outcomes in game order on this
/// thread while the next chunk is played. An error from `take` stops the games.
pub fn in_chunks<C: Send>(
    pool: &ThreadPool,
    games: u64,
    bar: &ProgressBar,
    play: impl Fn(Range<u64>) -> C + Sync,
    mut take: impl FnMut(C) -> Result<(), CliError>,
) -> Result<(), CliError> {
    let threads = pool.current_num_threads().max(1) as u64;
    let most = MAX_CHUNK.max(MAX_CHUNK_PER_THREAD.saturating_mul(threads));
    std::thread::scope(|scope| {
        // One chunk waits while the next is played: at most three alive at once.
        let (chunks, outcomes) = sync_channel(1);
        let play = &play;
        let producer = scope.spawn(move || {
            let mut start = 0;
            let mut size = threads;
            while start < games {
                let end = start.saturating_add(size).min(games);
                let began = Instant::now();
                let chunk = pool.install(|| play(start..end));
                bar.inc(end - start);
                if chunks.send(chunk).is_err() {
                    // The taker stopped (an error): play no more.
                    return;
                }
                if began.elapsed() < CHUNK_TIME {
                    size = size.saturating_mul(2).min(most);
                }
                start = end;
            }
        });
        // Stops at the first error, dropping the receiver, which stops the producer.
        let taken = outcomes.into_iter().try_for_each(&mut take);
        if let Err(panic) = producer.join() {
            std::panic::resume_unwind(panic);
        }
        taken
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_cover_every_game_once_in_order_within_their_bound() {
        for threads in [1, 3] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap_or_else(|e| panic!("{e}"));
            let mut next = 0;
            let mut sizes = Vec::new();
            let games = 50_000;
            let done = in_chunks(
                &pool,
                games,
                &ProgressBar::hidden(),
                |range| range,
                |range| {
                    assert_eq!(range.start, next);
                    sizes.push(range.end - range.start);
                    next = range.end;
                    Ok(())
                },
            );
            assert!(done.is_ok());
            assert_eq!(next, games);
            assert_eq!(sizes[0], threads as u64);
            assert!(sizes.iter().all(|&n| n <= MAX_CHUNK), "{sizes:?}");
        }
    }

    #[test]
    fn an_error_from_the_taker_stops_the_games() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap_or_else(|e| panic!("{e}"));
        let mut taken = 0;
        let stopped = in_chunks(
            &pool,
            u64::MAX,
            &ProgressBar::hidden(),
            |range| range,
            |_| {
                taken += 1;
                if taken == 3 {
                    Err(CliError::NoGames)
                } else {
                    Ok(())
                }
            },
        );
        assert!(matches!(stopped, Err(CliError::NoGames)));
        assert_eq!(taken, 3);
    }
}
