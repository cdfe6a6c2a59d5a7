//! Tests of determinisations: list the consistent worlds of a small position, draw many
//! determinisations, and check by chi-square that they cover the worlds evenly.

/// Every order of `items`: for tests that list the consistent worlds of a small position.
pub fn permutations<T: Clone>(items: &[T]) -> Vec<Vec<T>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut out = Vec::new();
    for i in 0..items.len() {
        let mut rest = items.to_vec();
        let first = rest.remove(i);
        for mut tail in permutations(&rest) {
            tail.insert(0, first.clone());
            out.push(tail);
        }
    }
    out
}

/// Every choice of `k` of `items`, each in the order of `items`: for tests that list the
/// consistent worlds of a small position.
pub fn subsets<T: Clone>(items: &[T], k: usize) -> Vec<Vec<T>> {
    if k == 0 {
        return vec![vec![]];
    }
    let Some((first, rest)) = items.split_first() else {
        return vec![];
    };
    let mut with: Vec<Vec<T>> = subsets(rest, k - 1)
        .into_iter()
        .map(|mut s| {
            s.insert(0, first.clone());
            s
        })
        .collect();
    with.extend(subsets(rest, k));
    with
}

/// Checks that draws of a determinisation are uniform over the consistent worlds.
///
/// `worlds` lists every state consistent with the observer's view, each as a key that a test
/// computes from the hidden part of a state (hands, face-down cards, deck order); `draws` are
/// the keys of many determinisations; `truth` is the key of the real state. Panics if a draw is
/// not one of the worlds, if a world never comes up, if the counts fail a chi-square test of
/// uniformity at the 0.001% level (strict, so that the many positions a suite checks do not
/// fail by chance), or if the true world comes up more often than chance allows (five standard
/// deviations).
pub fn assert_uniform<K: Ord + Clone + std::fmt::Debug>(
    draws: impl IntoIterator<Item = K>,
    worlds: &[K],
    truth: &K,
) {
    use std::collections::BTreeMap;
    let mut counts: BTreeMap<K, u64> = worlds.iter().map(|w| (w.clone(), 0)).collect();
    assert_eq!(
        counts.len(),
        worlds.len(),
        "the worlds listed are not distinct"
    );
    assert!(
        counts.contains_key(truth),
        "the true world is not among the worlds"
    );
    let mut total = 0u64;
    for draw in draws {
        match counts.get_mut(&draw) {
            Some(count) => *count += 1,
            None => panic!("a determinisation drew an inconsistent world: {draw:?}"),
        }
        total += 1;
    }
    let k = worlds.len() as f64;
    let expected = total as f64 / k;
    assert!(
        expected >= 5.0,
        "too few draws ({total}) for {} worlds",
        worlds.len()
    );
    let chi2: f64 = counts
        .values()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum();
    // Wilson–Hilferty: the 99.999% quantile of chi-square with k − 1 degrees of freedom.
    let df = (k - 1.0).max(1.0);
    let z = 4.265;
    let critical = df * (1.0 - 2.0 / (9.0 * df) + z * (2.0 / (9.0 * df)).sqrt()).powi(3);
    let never: Vec<&K> = counts
        .iter()
        .filter(|(_, &c)| c == 0)
        .map(|(w, _)| w)
        .collect();
    assert!(never.is_empty(), "worlds never drawn: {never:?}");
    assert!(
        chi2 <= critical,
        "draws are not uniform: chi-square {chi2:.1} > {critical:.1} over {} worlds, counts {counts:?}",
        worlds.len()
    );
    let p = 1.0 / k;
    let sd = (total as f64 * p * (1.0 - p)).sqrt();
    let true_count = counts.get(truth).copied().unwrap_or(0) as f64;
    assert!(
        true_count <= expected + 5.0 * sd,
        "the true world is favoured: {true_count} draws against {expected:.1} expected"
    );
}
